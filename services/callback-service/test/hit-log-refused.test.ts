// A row PostgreSQL refuses for what it holds fails every retry: the writer isolates it by halving its batch and drops
// it (counted, logged) instead of backing off behind it forever, through each of the three insert paths. An outage is
// still retried, never dropped.
import t, { type Test as Tap } from "tap";
import { pino } from "pino";
import { insertHitLogs, type NewHitLog } from "@wordguard/db";
import { hitRow as row } from "./helpers/hit-rows.ts";
import { pgInserterOnFreshDatabase } from "./helpers/pg-inserter.ts";
import { createTestDatabase } from "@wordguard/db/testing";
import { HitLogWriter } from "../src/hitlog/writer.ts";
import { createPgHitLogInserter } from "../src/hitlog/worker/pg-hit-log-insert.ts";
import { WorkerInserter } from "../src/hitlog/worker/worker-inserter.ts";
import { createMetrics, type CallbackMetrics } from "../src/metrics/metrics.ts";

/** content_type is an int4 column: this value fails the cast of any batch that holds it (SQLSTATE 22003). */
const poisoned = (i: number) => row(i, { contentType: 5_000_000_000 });

async function counter(metric: CallbackMetrics["hitLogDropped"]): Promise<number> {
  return (await metric.get()).values[0]?.value ?? 0;
}

function writerOver(insert: (rows: NewHitLog[]) => Promise<unknown>) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const metrics = createMetrics();
  const writer = new HitLogWriter({ insert, logger, metrics, flushMs: 60_000, batchSize: 100, queueLimit: 1000, retryBaseMs: 50 });
  return { writer, metrics, lines };
}

async function isolatesAndDrops(t: Tap, insert: (rows: NewHitLog[]) => Promise<unknown>, count: () => Promise<number>) {
  const { writer, metrics, lines } = writerOver(insert);
  for (let i = 0; i < 40; i++) writer.enqueue(i === 13 || i === 29 ? poisoned(i) : row(i));
  await writer.flushNow();
  t.equal(await count(), 38, "every other row of the batch is stored");
  t.equal(writer.depth, 0, "nothing is left to retry");
  t.equal(await counter(metrics.hitLogDropped), 2, "the refused rows are counted as dropped");
  t.equal(await counter(metrics.hitLogWritten), 38);
  t.equal(await counter(metrics.hitLogFlushFailures), 0, "a refused row is not an outage");
  const refused = lines.filter((l) => l["msg"] === "hit log refused by the database; dropped");
  t.same(
    refused.map((l) => [l["operationID"], l["sqlState"], l["refused"]]),
    [["op-13", "22003", 1]],
    "a line names the first refused row and the database's reason; the next within the interval only counts",
  );
  // The writer goes on as usual afterwards.
  writer.enqueue(row(100));
  await writer.flushNow();
  t.equal(await count(), 39);
  await writer.close(1000);
}

t.test("through the plain-pg insert", async (t) => {
  const { db, inserter } = await pgInserterOnFreshDatabase(t, "wg_cb_refused");
  await isolatesAndDrops(t, (rows) => inserter.insert(rows), () => db.prisma.hitLog.count());
});

t.test("through the insert worker: the SQLSTATE crosses the thread boundary", async (t) => {
  const db = await createTestDatabase("wg_cb_refused", { poolSize: 1 });
  t.teardown(db.drop);
  const worker = new WorkerInserter({ databaseUrl: db.url });
  t.teardown(() => worker.close());
  await t.rejects(worker.insert([poisoned(1)]), { code: "22003" });
  await isolatesAndDrops(t, (rows) => worker.insert(rows), () => db.prisma.hitLog.count());
});

t.test("through Prisma (the embedded mode and the shutdown flush)", async (t) => {
  const db = await createTestDatabase("wg_cb_refused", { poolSize: 1 });
  t.teardown(db.drop);
  await isolatesAndDrops(t, (rows) => insertHitLogs(db.prisma, rows), () => db.prisma.hitLog.count());
});

t.test("an outage is retried, not dropped", async (t) => {
  // Nothing listens on port 1: every insert fails to connect.
  const inserter = createPgHitLogInserter("postgresql://postgres@127.0.0.1:1/none");
  t.teardown(() => inserter.close());
  const { writer, metrics } = writerOver((rows) => inserter.insert(rows));
  for (let i = 0; i < 5; i++) writer.enqueue(row(i));
  await writer.flushNow();
  t.equal(writer.depth, 5, "the rows wait for the database");
  t.equal(await counter(metrics.hitLogDropped), 0);
  t.equal(await counter(metrics.hitLogFlushFailures), 1);
  const { lost } = await writer.close(200);
  t.equal(lost, 5, "still undelivered at the deadline, and counted as such");
});
