// `/adminx/sensitive_word/audit/search` (extension): the audit trail, newest first.
import { Prisma } from "@wordguard/db";
import type { Audit } from "@wordguard/contracts";
import type { CommitDeps } from "./commit.ts";
import { AUDIT_COLUMNS, auditFromRow, type AuditRow } from "./rows.ts";
import { pagedSearch } from "./search.ts";

export async function searchAudit(deps: CommitDeps, request: Audit.SearchAuditRequest): Promise<{ total: number; audits: Audit.AuditEntry[] }> {
  const conditions: Prisma.Sql[] = [];
  if (request.operatorID !== undefined) conditions.push(Prisma.sql`"operator_id" = ${request.operatorID}`);
  if (request.action !== undefined) conditions.push(Prisma.sql`"action" = ${request.action}`);
  if (request.targetType !== undefined) conditions.push(Prisma.sql`"target_type" = ${request.targetType}`);
  if (request.targetID !== undefined) conditions.push(Prisma.sql`"target_id" = ${request.targetID}`);
  if (request.operationID !== undefined) conditions.push(Prisma.sql`"operation_id" = ${request.operationID}`);
  if (request.startTime !== undefined) conditions.push(Prisma.sql`"create_time" >= ${new Date(request.startTime)}`);
  if (request.endTime !== undefined) conditions.push(Prisma.sql`"create_time" <= ${new Date(request.endTime)}`);
  const { total, rows } = await pagedSearch<AuditRow>(deps.prisma, {
    table: "audit_log",
    columns: AUDIT_COLUMNS,
    conditions,
    pagination: request.pagination,
  });
  return { total, audits: rows.map(auditFromRow) };
}
