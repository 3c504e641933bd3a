// Writing the audit trail of governance changes, in the transaction of the change itself.
import type { Audit } from "@wordguard/contracts";
import type { Db, Prisma } from "./client.ts";

export interface AuditRecord {
  operatorID: string;
  /** what was done, e.g. "word.add", "policy.set", "admin.del" */
  action: string;
  targetType: Audit.AuditTargetType;
  targetID?: string;
  /** the record before / after the change (absent for a creation / deletion) */
  before?: unknown;
  after?: unknown;
  operationID?: string;
}

/**
 * Rows straight from Prisma carry bigint ids and Date times, which JSON cannot hold: store them as the wire does
 * (ids as strings, times as ms since the epoch).
 */
export function toAuditJson(value: unknown): Prisma.InputJsonValue | undefined {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(
    JSON.stringify(value, function (this: Record<string, unknown>, key: string, v: unknown) {
      const raw = this[key];
      if (typeof raw === "bigint") return raw.toString();
      if (raw instanceof Date) return raw.getTime();
      return v;
    }),
  ) as Prisma.InputJsonValue;
}

/** Appends audit rows (one statement); returns how many were written. */
export async function recordAudit(db: Db, records: AuditRecord | readonly AuditRecord[]): Promise<number> {
  const list: readonly AuditRecord[] = Array.isArray(records) ? records : [records as AuditRecord];
  if (list.length === 0) return 0;
  const result = await db.auditLog.createMany({
    data: list.map((r) => {
      const before = toAuditJson(r.before);
      const after = toAuditJson(r.after);
      return {
        operatorID: r.operatorID,
        action: r.action,
        targetType: r.targetType,
        targetID: r.targetID ?? "",
        operationID: r.operationID ?? "",
        ...(before === undefined ? {} : { before }),
        ...(after === undefined ? {} : { after }),
      };
    }),
  });
  return result.count;
}
