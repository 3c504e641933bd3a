import { Accounts, EmptySchema, Envelope } from "@wordguard/contracts";
import { info } from "../../accounts/login.ts";
import { ok } from "../../envelope.ts";
import { adminOf } from "../../plugins/auth.ts";
import type { AdminApp } from "../../types.ts";
import { ADMIN } from "../context.ts";

export default function route(app: AdminApp): void {
  app.post(
    "/account/info",
    {
      schema: {
        summary: "The caller's account.",
        tags: ["account"],
        body: EmptySchema,
        response: { 200: Envelope(Accounts.AdminInfoSchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(info(adminOf(request))),
  );
}
