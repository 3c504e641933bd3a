// Retention of hit logs (HIT_LOG_RETENTION_DAYS): deleting in bounded batches keeps each transaction short, so
// the purge never holds locks or bloats WAL in one huge statement while the callback keeps appending.
import type { Db } from "./client.ts";

export interface PurgeOptions {
  /** rows per DELETE (default 10,000) */
  batchSize?: number;
}

/** Deletes hit logs created before `before`; returns how many were deleted. */
export async function purgeHitLogs(db: Db, before: Date, options: PurgeOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? 10_000;
  let total = 0;
  for (;;) {
    // Walks the (create_time, id) index from the oldest row: each batch is an index range scan.
    const deleted = await db.$executeRaw`
      DELETE FROM "hit_log" WHERE "id" IN (
        SELECT "id" FROM "hit_log" WHERE "create_time" < ${before} ORDER BY "create_time", "id" LIMIT ${batchSize})`;
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
