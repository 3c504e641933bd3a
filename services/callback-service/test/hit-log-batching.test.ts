// How the hit-log writer cuts its queue into batches: a flush hands one batch to the insert and goes on only while a
// full batch waits, so that a steady trickle of hits is written every HIT_LOG_FLUSH_MS in one insert rather than a few
// rows at a time back to back; flushNow (and shutdown) drain everything.
import t from "tap";
import { pino } from "pino";
import type { NewHitLog } from "@wordguard/db";
import { HitLogWriter } from "../src/hitlog/writer.ts";
import { createMetrics } from "../src/metrics/metrics.ts";
import { hitRow } from "./helpers/hit-rows.ts";
import { until } from "./helpers/harness.ts";
import { pgInserterOnFreshDatabase } from "./helpers/pg-inserter.ts";

/** A writer of 10-row batches whose timer never fires in a test: only the queue's size and flushNow start flushes. */
function writerOver(insert: (rows: NewHitLog[]) => Promise<unknown>): HitLogWriter {
  return new HitLogWriter({ insert, logger: pino({ level: "silent" }), metrics: createMetrics(), flushMs: 60_000, batchSize: 10, queueLimit: 1000 });
}

t.test("past its first batch a flush goes on only with a full one; flushNow drains the rest", async (t) => {
  const { db, inserter } = await pgInserterOnFreshDatabase(t, "wg_cb_batching");
  const sizes: number[] = [];
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  const insert = async (rows: NewHitLog[]) => {
    sizes.push(rows.length);
    if (sizes.length === 1) await gate; // the first insert is still under way while more rows arrive
    return inserter.insert(rows);
  };
  const writer = writerOver(insert);
  let i = 0;
  for (; i < 10; i++) writer.enqueue(hitRow(i));
  t.ok(await until(() => sizes.length === 1, 5000), "the first batch is under way");
  for (; i < 22; i++) writer.enqueue(hitRow(i));
  openGate();
  t.ok(await until(() => sizes.length === 2 && writer.depth === 2, 5000), "the second, full batch is written");
  // Long enough for a third insert to start if the flush went on with the two rows left.
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.same(sizes, [10, 10], "two full batches, the two rows left waiting for the next flush");
  t.equal(writer.depth, 2);
  t.equal(await db.prisma.hitLog.count(), 20);

  await writer.flushNow();
  t.same(sizes, [10, 10, 2], "flushNow takes the rest");
  t.equal(writer.depth, 0);
  t.equal(await db.prisma.hitLog.count(), 22);
  await writer.close(1000);
});

t.test("shutdown drains a queue of several batches", async (t) => {
  const { db, inserter } = await pgInserterOnFreshDatabase(t, "wg_cb_batching");
  const sizes: number[] = [];
  const insert = (rows: NewHitLog[]) => {
    sizes.push(rows.length);
    return inserter.insert(rows);
  };
  const writer = writerOver(insert);
  // 25 rows: two kicks at 10 and 20 waiting, and 5 that no full batch would take.
  for (let i = 0; i < 25; i++) writer.enqueue(hitRow(i));
  const { lost } = await writer.close(5000);
  t.equal(lost, 0);
  t.same(sizes.reduce((a, b) => a + b, 0), 25);
  t.equal(await db.prisma.hitLog.count(), 25);
});
