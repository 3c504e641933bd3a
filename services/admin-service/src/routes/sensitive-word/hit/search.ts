import { Envelope, Hits } from "@wordguard/contracts";
import { ok } from "../../../envelope.ts";
import { searchHits } from "../../../governance/hits.ts";
import type { AdminApp } from "../../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/hit/search",
    {
      schema: {
        summary: "Search hit logs, newest first. startTime/endTime are inclusive ms; keyword is a substring of the checked text.",
        tags: ["hits"],
        body: Hits.SearchHitsRequestSchema,
        response: { 200: Envelope(Hits.SearchHitsReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await searchHits(commitDeps(ctx, request), request.body)),
  );
}
