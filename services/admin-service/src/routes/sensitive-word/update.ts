import { Envelope, Words } from "@wordguard/contracts";
import { ok } from "../../envelope.ts";
import { updateWord } from "../../governance/words.ts";
import { actorOf } from "../../plugins/auth.ts";
import type { AdminApp } from "../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/update",
    {
      schema: {
        summary: "Edit one entry (absent fields unchanged). Unknown id: 1004; a word that duplicates another entry: 1003.",
        tags: ["words"],
        body: Words.UpdateWordRequestSchema,
        response: { 200: Envelope(Words.UpdateWordReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await updateWord(commitDeps(ctx, request), actorOf(request), request.body)),
  );
}
