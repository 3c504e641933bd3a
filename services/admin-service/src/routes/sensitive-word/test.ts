import { Envelope, WordTest } from "@wordguard/contracts";
import { ok } from "../../envelope.ts";
import { decide } from "../../governance/decide.ts";
import type { AdminApp } from "../../types.ts";
import { ADMIN, type RouteContext } from "../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/test",
    {
      schema: {
        summary: "The decision the callback would make for a text in a scene, explained: hits, whitelist cancellations, normalised text.",
        tags: ["words"],
        body: WordTest.TestTextRequestSchema,
        response: { 200: Envelope(WordTest.TestTextReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(decide(await ctx.testDictionary.current(), request.body, request.id)),
  );
}
