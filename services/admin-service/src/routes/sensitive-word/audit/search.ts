import { Audit, Envelope } from "@wordguard/contracts";
import { ok } from "../../../envelope.ts";
import { searchAudit } from "../../../governance/audit-search.ts";
import type { AdminApp } from "../../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/audit/search",
    {
      schema: {
        summary: "Search the audit trail of changes, newest first.",
        tags: ["audit"],
        body: Audit.SearchAuditRequestSchema,
        response: { 200: Envelope(Audit.SearchAuditReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await searchAudit(commitDeps(ctx, request), request.body)),
  );
}
