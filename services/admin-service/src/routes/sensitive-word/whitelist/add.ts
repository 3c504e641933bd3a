import { Envelope, Whitelist } from "@wordguard/contracts";
import { ok } from "../../../envelope.ts";
import { addWhitelist } from "../../../governance/whitelist.ts";
import { actorOf } from "../../../plugins/auth.ts";
import type { AdminApp } from "../../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/whitelist/add",
    {
      schema: {
        summary: "Add up to 10,000 whitelist entries (allowed phrases that cancel hits inside them).",
        tags: ["whitelist"],
        body: Whitelist.AddWhitelistRequestSchema,
        response: { 200: Envelope(Whitelist.AddWhitelistReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await addWhitelist(commitDeps(ctx, request), actorOf(request), request.body)),
  );
}
