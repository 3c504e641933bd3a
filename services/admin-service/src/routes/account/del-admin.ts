import { Accounts, Envelope, Words } from "@wordguard/contracts";
import { deleteAdmins } from "../../accounts/admins.ts";
import { ok } from "../../envelope.ts";
import { actorOf } from "../../plugins/auth.ts";
import type { AdminApp } from "../../types.ts";
import { SUPER_ADMIN, type RouteContext } from "../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  const { prisma, revocations, settings } = ctx.deps;
  app.post(
    "/account/del_admin",
    {
      schema: {
        summary: "Delete admin accounts (not your own); their tokens stop working at once. Unknown ids are skipped.",
        tags: ["account"],
        body: Accounts.DelAdminRequestSchema,
        response: { 200: Envelope(Words.DeletedReplySchema) },
      },
      config: SUPER_ADMIN,
    },
    async (request) =>
      ok(await deleteAdmins({ prisma, revocations, ttlSeconds: settings.ADMIN_TOKEN_TTL }, actorOf(request), request.body)),
  );
}
