// Audit rows: who (operatorID) did what (action) to which record (targetType/targetID), the record before and
// after, under which operationID. Written inside the change's own transaction, so a change and its audit commit
// or vanish together. One INSERT for any number of rows (a 100,000-line import writes 100,000 rows).
import { Prisma, type Tx } from "@wordguard/db";
import type { Audit } from "@wordguard/contracts";
import type { Actor } from "../types.ts";

export interface AuditRecord {
  action: string;
  targetType: Audit.AuditTargetType;
  targetID: string;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

export async function writeAudit(tx: Tx, actor: Actor, records: readonly AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO "audit_log" ("operator_id", "action", "target_type", "target_id", "before", "after", "operation_id")
    SELECT ${actor.operatorID}, r.action, r.target_type, r.target_id, r.before::jsonb, r.after::jsonb, ${actor.operationID}
    FROM unnest(${records.map((r) => r.action)}::text[], ${records.map((r) => r.targetType)}::text[],
                ${records.map((r) => r.targetID)}::text[], ${records.map((r) => json(r.before))}::text[],
                ${records.map((r) => json(r.after))}::text[])
      AS r(action, target_type, target_id, before, after)`);
}
