// Whether a failed insert was refused for what its rows hold rather than because the database could not be reached.
// The first kind fails the same way on every retry: the writer isolates and drops such rows instead of backing off
// behind them, which would stop every later hit from being written.

/** SQLSTATE classes about the data itself: 22 data exception, 23 integrity constraint violation. */
const DATA_CLASSES = new Set(["22", "23"]);

/**
 * The SQLSTATE of a failed insert: `code` on a `pg` error (also carried across the insert worker's boundary), or the
 * driver's original code inside a Prisma error (P2010 "Raw query failed", meta.driverAdapterError.cause.originalCode).
 */
export function sqlStateOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, meta } = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } };
  // Prisma's own code (P2010) has the same shape as a SQLSTATE: the driver's code inside it is read first.
  const original = meta?.driverAdapterError?.cause?.originalCode;
  if (typeof original === "string") return original;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export function refusedForData(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && DATA_CLASSES.has(state.slice(0, 2));
}
