import { Envelope, Words } from "@wordguard/contracts";
import { ok } from "../../envelope.ts";
import { deleteWords } from "../../governance/words.ts";
import { actorOf } from "../../plugins/auth.ts";
import type { AdminApp } from "../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/del",
    {
      schema: {
        summary: "Delete entries by id; unknown ids are skipped (deleted counts the rows removed).",
        tags: ["words"],
        body: Words.DeleteByIdsRequestSchema,
        response: { 200: Envelope(Words.DeletedReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await deleteWords(commitDeps(ctx, request), actorOf(request), request.body)),
  );
}
