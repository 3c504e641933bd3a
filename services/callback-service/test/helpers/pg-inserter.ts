// A fresh test database and the worker's plain-pg hit-log insert over it, both closed when the test ends.
import type { Test } from "tap";
import { createTestDatabase } from "@wordguard/db/testing";
import { createPgHitLogInserter } from "../../src/hitlog/worker/pg-hit-log-insert.ts";

export async function pgInserterOnFreshDatabase(t: Test, name: string) {
  const db = await createTestDatabase(name, { poolSize: 1 });
  t.teardown(db.drop);
  const inserter = createPgHitLogInserter(db.url);
  t.teardown(() => inserter.close());
  return { db, inserter };
}
