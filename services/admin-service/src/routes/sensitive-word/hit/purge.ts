import { Envelope, HitPurge, Hits } from "@wordguard/contracts";
import { ok } from "../../../envelope.ts";
import { purgeHits } from "../../../governance/hits.ts";
import { actorOf } from "../../../plugins/auth.ts";
import type { AdminApp } from "../../../types.ts";
import { SUPER_ADMIN, commitDeps, type RouteContext } from "../../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/hit/purge",
    {
      schema: {
        summary: "Delete hit logs older than olderThanDays (default HIT_LOG_RETENTION_DAYS). Super admins only: it destroys evidence.",
        tags: ["hits"],
        body: Hits.PurgeHitsRequestSchema,
        response: { 200: Envelope(HitPurge.PurgeHitsReplySchema) },
      },
      config: SUPER_ADMIN,
    },
    async (request) =>
      ok(await purgeHits(commitDeps(ctx, request), actorOf(request), request.body.olderThanDays ?? ctx.deps.settings.HIT_LOG_RETENTION_DAYS)),
  );
}
