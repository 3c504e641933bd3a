// Outages of the shared engines, simulated for this service alone by cutting a TCP proxy between it and PostgreSQL
// or Redis: real refused connections, not mocks. Message checks never need the network; hit logs wait in the
// bounded queue and land once PostgreSQL is back; missed change events are repaired by polling.
import t from "tap";
import { startHarness, until, type Harness } from "./helpers/harness.ts";
import { ALLOWED_TEXT, SINGLE, isCallbackShape, singleText } from "./helpers/bodies.ts";

const FAST_RETRY = { hitLogRetryBaseMs: 50, hitLogRetryMaxMs: 300, initialLoadRetryMs: 50, friendLookupTimeoutMs: 1000 };

function metric(text: string, name: string): number {
  const match = new RegExp(`^${name} (\\S+)$`, "m").exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

async function metrics(h: Harness): Promise<string> {
  return (await h.postRaw("/metrics", "", {}, "GET")).text;
}

t.test("with PostgreSQL stopped, message checks keep answering and queued hits land after it returns", async (t) => {
  const h = await startHarness(t, { pgProxy: true, tuning: FAST_RETRY, env: { HIT_LOG_FLUSH_MS: "30", RELOAD_POLL_MS: "200" } });
  const { version } = await h.addWords([{ word: "cheap", category: "ads" }]);
  t.ok(await h.waitForVersion(version));
  await h.pg!.stop();

  const ops: string[] = [];
  for (let i = 0; i < 20; i++) {
    const op = `op-pg-down-${i}`;
    ops.push(op);
    t.match(await h.call(SINGLE, singleText(`cheap ${i}`), { operationid: op }), { nextCode: 1, errCode: 20016 });
    t.equal(JSON.stringify(await h.call(SINGLE, singleText(`clean ${i}`))), ALLOWED_TEXT);
  }
  // A change made meanwhile cannot be loaded (the service cannot reach the database) but does not disturb anything.
  const change = await h.addWords([{ word: "newword" }]);
  t.ok(await until(async () => metric(await metrics(h), "wordguard_callback_hit_log_flush_failures_total") > 0), "inserts are failing");
  const during = await metrics(h);
  t.equal(metric(during, "wordguard_callback_hit_log_queue_depth"), 20, "the hits wait in the queue");
  t.equal(metric(during, "wordguard_callback_hit_log_dropped_total"), 0);
  t.equal((await h.postRaw("/readyz", "", {}, "GET")).status, 200, "still ready: the snapshot in use keeps deciding");
  t.equal(await h.prisma.hitLog.count({ where: { operationID: { in: ops } } }), 0);

  await h.pg!.start();
  t.ok(await until(async () => (await h.prisma.hitLog.count({ where: { operationID: { in: ops } } })) === 20, 10_000), "all 20 hits landed");
  const rows = await h.prisma.hitLog.findMany({ where: { operationID: { in: ops } }, orderBy: { id: "asc" } });
  t.same(rows.map((r) => r.operationID), ops, "in order, each with its trace id");
  t.ok(rows.every((r) => r.createTime.getTime() < Date.now()), "stamped when decided");
  t.ok(await h.waitForVersion(change.version), "the missed change arrives by polling once the database is back");
  t.match(await h.call(SINGLE, singleText("newword")), { nextCode: 1 });
  t.ok(h.logs.some((l) => l["msg"] === "hit-log insert failed; will retry"));
  t.ok(h.logs.some((l) => l["msg"] === "hit logs are being written again"));
});

t.test("past HIT_LOG_QUEUE_LIMIT the oldest hits are dropped, counted and reported", async (t) => {
  const h = await startHarness(t, { pgProxy: true, tuning: FAST_RETRY, env: { HIT_LOG_FLUSH_MS: "30", HIT_LOG_QUEUE_LIMIT: "100" } });
  const { version } = await h.addWords([{ word: "cheap" }]);
  t.ok(await h.waitForVersion(version));
  await h.pg!.stop();
  // One hit first, until its insert has failed: from then on batches fail fast and go back to the queue.
  await h.call(SINGLE, singleText("cheap"), { operationid: "op-drop-probe" });
  t.ok(await until(async () => metric(await metrics(h), "wordguard_callback_hit_log_flush_failures_total") > 0));
  const total = 131;
  for (let i = 0; i < 130; i++) await h.call(SINGLE, singleText("cheap"), { operationid: `op-drop-${i}` });
  const text = await metrics(h);
  const dropped = metric(text, "wordguard_callback_hit_log_dropped_total");
  // A batch whose insert is under way is out of the queue until it fails, so the count can lag behind for a moment.
  t.ok(dropped > 0 && dropped <= 31, `dropped ${dropped}`);
  t.ok(h.logs.some((l) => l["msg"] === "hit logs dropped" && l["reason"] === "queue full"));
  await h.pg!.start();
  const landed = () => h.prisma.hitLog.count({ where: { operationID: { startsWith: "op-drop-" } } });
  t.ok(await until(async () => (await landed()) + metric(await metrics(h), "wordguard_callback_hit_log_dropped_total") === total, 15_000), "every hit written or counted");
  t.ok((await landed()) <= 100, "no more than the bound survived");
  t.equal(await h.prisma.hitLog.count({ where: { operationID: "op-drop-129" } }), 1, "the newest stayed");
  t.equal(await h.prisma.hitLog.count({ where: { operationID: "op-drop-probe" } }), 0, "the oldest went");
});

t.test("with Redis stopped the service keeps answering and catches up after it returns", async (t) => {
  // Polling once a minute: only the poll that follows the resubscription can explain a quick catch-up.
  const h = await startHarness(t, { redisProxy: true, tuning: FAST_RETRY, env: { RELOAD_POLL_MS: "60000" } });
  const first = await h.addWords([{ word: "cheap" }]);
  t.ok(await h.waitForVersion(first.version), "events work while Redis is up");
  await h.redis!.stop();
  const missed = await h.addWords([{ word: "missedword" }]); // published, but the service's subscriber is cut off
  for (let i = 0; i < 10; i++) {
    t.match(await h.call(SINGLE, singleText("cheap")), { nextCode: 1 });
    t.equal(JSON.stringify(await h.call(SINGLE, singleText("missedword"))), ALLOWED_TEXT, "the old snapshot keeps deciding");
  }
  t.equal(h.service.snapshots.current!.version, first.version);
  await h.redis!.start();
  t.ok(await h.waitForVersion(missed.version, 15_000), "caught up after the resubscription");
  t.match(await h.call(SINGLE, singleText("missedword")), { nextCode: 1 });
  t.ok(h.logs.some((l) => l["msg"] === "change-event subscription re-established; polling for missed changes"));
  const later = await h.addWords([{ word: "laterword" }]);
  t.ok(await h.waitForVersion(later.version), "events flow again");
});

t.test("not ready until the first snapshot loads; it loads as soon as PostgreSQL answers", async (t) => {
  const h = await startHarness(t, { pgProxy: true, pgDownAtStart: true, tuning: FAST_RETRY });
  const notReady = await h.postRaw("/readyz", "", {}, "GET");
  t.equal(notReady.status, 503);
  t.match(notReady.json(), { status: "loading" });
  t.equal((await h.postRaw("/healthz", "", {}, "GET")).status, 200, "alive meanwhile");
  const early = await h.call(SINGLE, singleText("hello"));
  t.ok(isCallbackShape(early));
  t.match(early, { nextCode: 0, errCode: 500, errMsg: "ServerInternalError", errDlt: "dictionary not loaded yet" });
  await h.pg!.start();
  await h.service.snapshots.loaded;
  t.equal((await h.postRaw("/readyz", "", {}, "GET")).status, 200);
  t.equal(JSON.stringify(await h.call(SINGLE, singleText("hello"))), ALLOWED_TEXT);
  t.ok(h.logs.some((l) => l["msg"] === "loading the first snapshot failed; retrying"));
});
