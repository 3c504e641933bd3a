// The dictionary version: one row (id = 1), incremented by every governance write inside its own transaction.
// The row lock taken by the increment serialises governance writers from the bump to their commit, so versions
// commit in increasing order and a snapshot read at version v contains exactly the changes up to v.
import type { Db, Tx } from "./client.ts";

/**
 * Increments the version inside the caller's interactive transaction and returns the new value. Call it in a
 * READ COMMITTED transaction (Prisma's default): under REPEATABLE READ a concurrent bump fails with a serialization
 * error. Bumping last keeps the row lock short; the result is correct wherever it is called.
 */
export async function bumpVersion(tx: Tx): Promise<number> {
  // The upsert also repairs a missing row (the migration creates it) without a second round trip.
  const rows = await tx.$queryRaw<{ version: number }[]>`
    INSERT INTO "dict_version" ("id", "version", "update_time") VALUES (1, 1, now())
    ON CONFLICT ("id") DO UPDATE SET "version" = "dict_version"."version" + 1, "update_time" = now()
    RETURNING "version"`;
  const row = rows[0];
  if (!row) throw new Error("dict_version upsert returned no row");
  return row.version;
}

/** The committed version (0 before any change): one indexed row read, cheap enough to poll. */
export async function readVersion(db: Db): Promise<number> {
  const rows = await db.$queryRaw<{ version: number }[]>`SELECT "version" FROM "dict_version" WHERE "id" = 1`;
  return rows[0]?.version ?? 0;
}
