import { Envelope, WordTransfer } from "@wordguard/contracts";
import { ok } from "../../envelope.ts";
import { exportWords } from "../../governance/word-export.ts";
import type { AdminApp } from "../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/export",
    {
      schema: {
        summary: "Export the entries matching the search filters (csv by default, the format import reads back), oldest first.",
        tags: ["words"],
        body: WordTransfer.ExportWordsRequestSchema,
        response: { 200: Envelope(WordTransfer.ExportWordsReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await exportWords(commitDeps(ctx, request), request.body)),
  );
}
