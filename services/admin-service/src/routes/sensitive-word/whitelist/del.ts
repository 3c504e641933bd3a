import { Envelope, Words } from "@wordguard/contracts";
import { ok } from "../../../envelope.ts";
import { deleteWhitelist } from "../../../governance/whitelist.ts";
import { actorOf } from "../../../plugins/auth.ts";
import type { AdminApp } from "../../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/whitelist/del",
    {
      schema: {
        summary: "Delete whitelist entries by id; unknown ids are skipped.",
        tags: ["whitelist"],
        body: Words.DeleteByIdsRequestSchema,
        response: { 200: Envelope(Words.DeletedReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await deleteWhitelist(commitDeps(ctx, request), actorOf(request), request.body)),
  );
}
