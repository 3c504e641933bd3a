import { EmptySchema, Envelope } from "@wordguard/contracts";
import { logout } from "../../accounts/login.ts";
import { ok } from "../../envelope.ts";
import { adminOf } from "../../plugins/auth.ts";
import type { AdminApp } from "../../types.ts";
import { ADMIN, type RouteContext } from "../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/account/logout",
    {
      schema: {
        summary: "Log out: the token is revoked for the rest of its lifetime (later calls with it: 1501).",
        tags: ["account"],
        body: EmptySchema,
        response: { 200: Envelope(EmptySchema) },
      },
      config: ADMIN,
    },
    async (request) => {
      await logout(ctx.deps.revocations, adminOf(request));
      return ok({});
    },
  );
}
