import { Envelope, WordTransfer } from "@wordguard/contracts";
import { ok } from "../../envelope.ts";
import { importWords } from "../../governance/word-import.ts";
import { actorOf } from "../../plugins/auth.ts";
import type { AdminApp } from "../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/import",
    {
      schema: {
        summary: "Import a word list (text: a word per line; csv: word,category,level,matchType,scenes,enabled,remark). dryRun reports without writing.",
        tags: ["words"],
        body: WordTransfer.ImportWordsRequestSchema,
        response: { 200: Envelope(WordTransfer.ImportWordsReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await importWords(commitDeps(ctx, request), actorOf(request), request.body)),
  );
}
