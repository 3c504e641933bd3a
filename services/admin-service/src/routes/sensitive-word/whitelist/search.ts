import { Envelope, Whitelist } from "@wordguard/contracts";
import { ok } from "../../../envelope.ts";
import { searchWhitelist } from "../../../governance/whitelist.ts";
import type { AdminApp } from "../../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/whitelist/search",
    {
      schema: {
        summary: "Search the whitelist, newest first.",
        tags: ["whitelist"],
        body: Whitelist.SearchWhitelistRequestSchema,
        response: { 200: Envelope(Whitelist.SearchWhitelistReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await searchWhitelist(commitDeps(ctx, request), request.body)),
  );
}
