import { Envelope, Words } from "@wordguard/contracts";
import { ok } from "../../envelope.ts";
import { searchWords } from "../../governance/words.ts";
import type { AdminApp } from "../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/search",
    {
      schema: {
        summary: "Search entries, newest first. keyword: substring of word or remark; scene: entries that apply to it.",
        tags: ["words"],
        body: Words.SearchWordsRequestSchema,
        response: { 200: Envelope(Words.SearchWordsReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await searchWords(commitDeps(ctx, request), request.body)),
  );
}
