// PostgreSQL's SQLSTATE of a failed query, however the client wrapped it. Loads no Prisma client: the callback's
// hit-log insert worker reads it from plain `pg` errors through "@wordguard/db/sql-state".

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The SQLSTATE of `error`: Prisma puts it in `meta.code` (raw queries) or inside its driver adapter's error
 * (P2010 "Raw query failed", meta.driverAdapterError.cause.originalCode); `pg` puts it in `code`. Prisma's own code
 * (P2010) has a SQLSTATE's shape too, so it is read last.
 */
export function sqlStateOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const e = error as { code?: unknown; meta?: { code?: unknown; driverAdapterError?: { cause?: { originalCode?: unknown } } } };
  const candidates = [e.meta?.code, e.meta?.driverAdapterError?.cause?.originalCode, e.code];
  return candidates.find((c): c is string => typeof c === "string" && SQLSTATE.test(c));
}
