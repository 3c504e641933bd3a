import { Accounts, Envelope } from "@wordguard/contracts";
import { addAdmin } from "../../accounts/admins.ts";
import { ok } from "../../envelope.ts";
import { actorOf } from "../../plugins/auth.ts";
import type { AdminApp } from "../../types.ts";
import { SUPER_ADMIN, type RouteContext } from "../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  const { prisma, revocations, settings } = ctx.deps;
  app.post(
    "/account/add_admin",
    {
      schema: {
        summary: "Create an admin account (level 80 unless given). Super admins only. A taken account name: 1003.",
        tags: ["account"],
        body: Accounts.AddAdminRequestSchema,
        response: { 200: Envelope(Accounts.AddAdminReplySchema) },
      },
      config: SUPER_ADMIN,
    },
    async (request) => ok(await addAdmin({ prisma, revocations, ttlSeconds: settings.ADMIN_TOKEN_TTL }, actorOf(request), request.body)),
  );
}
