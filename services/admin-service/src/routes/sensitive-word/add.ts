import { Envelope, Words } from "@wordguard/contracts";
import { ok } from "../../envelope.ts";
import { addWords } from "../../governance/words.ts";
import { actorOf } from "../../plugins/auth.ts";
import type { AdminApp } from "../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/add",
    {
      schema: {
        summary: "Add up to 10,000 entries. Invalid entries and duplicates (same normalised word + matchType) are reported; the rest lands.",
        tags: ["words"],
        body: Words.AddWordsRequestSchema,
        response: { 200: Envelope(Words.AddWordsReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await addWords(commitDeps(ctx, request), actorOf(request), request.body)),
  );
}
