// The long-lived build worker (DESIGN.md "The hot path"): every reload above WORKER_COMPILE_THRESHOLD runs in the same
// thread, which keeps its client between builds; a worker that dies, hangs or loses its connection costs at most the
// build under way, and the next build gets a fresh worker; closing the holder leaves nothing behind.
import { spawn } from "node:child_process";
import t from "tap";
import pg from "pg";
import { startHarness, until, type Harness } from "./helpers/harness.ts";
import { SINGLE, singleText } from "./helpers/bodies.ts";
import { chooseBuildMode } from "../src/snapshot/build-mode.ts";
import type { CompiledSnapshot } from "../src/snapshot/compiled-snapshot.ts";

const THRESHOLD = 20;
// Long enough for a worker's start on a busy two-core machine, short enough for the test that waits it out.
const BUILD_TIMEOUT_MS = 15_000;

const words = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ word: `${prefix}${i}x`, category: "ads" }));

/** Every harness here: a build that hangs is given up after BUILD_TIMEOUT_MS and then retried by the holder. */
const TUNING = { workerBuildTimeoutMs: BUILD_TIMEOUT_MS };

/** Builds a snapshot through the worker: more entries than the threshold, then one more reload per call. */
async function reload(h: Harness, prefix: string, n = 1): Promise<number> {
  const { version } = await h.addWords(words(prefix, n));
  if (!(await h.waitForVersion(version, BUILD_TIMEOUT_MS + 30_000))) {
    const { building, buildWorker } = h.service.snapshots;
    const state = { building, workerStarts: buildWorker?.started, threadId: buildWorker?.threadId };
    throw new Error(`version ${version} not loaded; holder ${JSON.stringify(state)}; logs: ${JSON.stringify(h.logs.slice(-12))}`);
  }
  return version;
}

/** A connection holding an exclusive lock on the entries table: a snapshot load waits on it until release(). */
async function lockEntries(h: Harness): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: h.db.url });
  await client.connect();
  await client.query("BEGIN");
  await client.query('LOCK TABLE "sensitive_word" IN ACCESS EXCLUSIVE MODE');
  return {
    async release() {
      await client.query("ROLLBACK");
      await client.end();
    },
  };
}

/** True once some session (the worker's load) waits for the lock lockEntries() holds. */
async function loadIsWaiting(h: Harness): Promise<boolean> {
  const rows = await h.prisma.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return (rows[0]?.n ?? 0n) > 0n;
}

const failures = (h: Harness) => h.logs.filter((l) => l["msg"] === "reload failed; keeping the snapshot in use");

t.test("consecutive reloads reuse one worker thread, each producing the newest version", async (t) => {
  const h = await startHarness(t, { env: { WORKER_COMPILE_THRESHOLD: String(THRESHOLD) }, tuning: TUNING });
  const worker = h.service.snapshots.buildWorker!;
  t.equal(worker.started, 0, "a small first load starts no worker");
  t.equal(h.service.snapshots.current!.mode, "inline");

  await reload(h, "first", THRESHOLD + 10);
  t.equal(h.service.snapshots.current!.mode, "worker", "the dictionary outgrew the threshold");
  const threadId = worker.threadId;
  t.type(threadId, "number");
  for (let i = 0; i < 4; i++) {
    const version = await reload(h, `again${i}-`);
    const snapshot = h.service.snapshots.current!;
    t.equal(snapshot.version, version, `reload ${i + 1}: the newest version`);
    t.equal(snapshot.mode, "worker");
    t.equal(snapshot.entries, THRESHOLD + 10 + i + 1);
    t.match(await h.call(SINGLE, singleText(`so again${i}-0x here`)), { nextCode: 1 }, "its new word is in the dictionary");
  }
  t.equal(worker.started, 1, "five worker builds, one thread");
  t.equal(worker.threadId, threadId, "the same thread throughout");
  const lines = h.logs.filter((l) => l["msg"] === "snapshot reloaded" && l["mode"] === "worker");
  t.equal(lines.length, 5);
  t.ok(lines.every((l) => l["workerStarts"] === 1), "the reload log line says so too");

  // Idle, the thread dies (as a crash would end it): the next reload starts a fresh one.
  await worker.terminate();
  t.ok(await until(() => worker.threadId === undefined), "the dead worker is forgotten");
  const version = await reload(h, "afterdeath");
  t.equal(h.service.snapshots.current!.version, version);
  t.equal(worker.started, 2);
  t.not(worker.threadId, threadId);
  t.equal(failures(h).length, 0, "an idle death costs no build");

  await h.close();
  t.equal(worker.threadId, undefined, "closing the service ends the worker");
});

t.test("a worker killed in the middle of a build fails that build; the next one gets a new worker", async (t) => {
  const h = await startHarness(t, { env: { WORKER_COMPILE_THRESHOLD: String(THRESHOLD) }, tuning: TUNING });
  const worker = h.service.snapshots.buildWorker!;
  const before = await reload(h, "big", THRESHOLD + 5);
  t.equal(worker.started, 1);

  const lock = await lockEntries(h);
  // A whitelist change does not touch the locked table, so it commits; the worker's load of it then waits.
  const blocked = await h.addWhitelist([{ word: "bigwhite" }]);
  t.ok(await until(() => loadIsWaiting(h)), "the worker's load is under way");
  t.equal(h.service.snapshots.building, true);
  await worker.terminate();
  t.ok(await until(() => failures(h).length === 1), "the build failed");
  t.match(failures(h)[0], { err: { message: /build worker exited with code 1 before answering/ } });
  t.equal(h.service.snapshots.current!.version, before, "the snapshot in use stays");
  t.equal(h.service.snapshots.building, false);
  t.match(failures(h)[0], { retryInMs: 5000 }, "and says when it tries again");
  await lock.release();
  t.ok(await h.waitForVersion(blocked, 30_000), "with nothing else changing, the retry loads the failed change");
  t.equal(worker.started, 2, "in a new worker");

  const version = await reload(h, "next");
  t.ok(version > blocked);
  t.equal(h.service.snapshots.current!.version, version, "the next change loads, the missed one with it");
  t.equal(h.service.snapshots.current!.mode, "worker");
  t.equal(worker.started, 2, "in a new worker");
});

t.test("a build that never answers is abandoned after the timeout and its worker replaced", async (t) => {
  const h = await startHarness(t, { env: { WORKER_COMPILE_THRESHOLD: String(THRESHOLD) }, tuning: TUNING });
  const worker = h.service.snapshots.buildWorker!;
  const before = await reload(h, "big", THRESHOLD + 5);
  const first = worker.threadId;

  const lock = await lockEntries(h);
  const started = Date.now();
  await h.addWhitelist([{ word: "stuckwhite" }]);
  t.ok(await until(() => failures(h).length === 1, BUILD_TIMEOUT_MS + 10_000), "the build gave up");
  const waited = Date.now() - started;
  t.ok(waited >= BUILD_TIMEOUT_MS - 100, `after the timeout (${waited} ms)`);
  t.match(failures(h)[0], { err: { message: `build worker did not answer within ${BUILD_TIMEOUT_MS} ms; terminated it` } });
  t.equal(worker.threadId, undefined, "the stuck worker is gone");
  t.equal(h.service.snapshots.current!.version, before);
  await lock.release();

  const version = await reload(h, "unstuck");
  t.equal(h.service.snapshots.current!.version, version);
  t.equal(worker.started, 2);
  t.not(worker.threadId, first);
});

t.test("after PostgreSQL drops the worker's connection, the next build reconnects", async (t) => {
  const h = await startHarness(t, { pgProxy: true, env: { WORKER_COMPILE_THRESHOLD: String(THRESHOLD) }, tuning: TUNING });
  const worker = h.service.snapshots.buildWorker!;
  await reload(h, "big", THRESHOLD + 5);
  // Cut every connection (the worker's pooled one included; it idles out only after 10 s) and accept new ones again.
  await h.pg!.stop();
  await h.pg!.start();
  const version = await reload(h, "reconnected");
  t.equal(h.service.snapshots.current!.version, version);
  t.equal(failures(h).length, 0, "the first build after the outage succeeded");
  t.equal(worker.started, 1, "in the same worker");
});

t.test("closing the holder ends its worker: the process exits by itself, idle or mid-build", async (t) => {
  const h = await startHarness(t, { env: { WORKER_COMPILE_THRESHOLD: String(THRESHOLD) }, tuning: TUNING });
  await reload(h, "big", THRESHOLD + 5);
  for (const when of ["idle", "building"]) {
    const child = spawn(process.execPath, ["--import", "tsx", new URL("./fixtures/holder-close.ts", import.meta.url).pathname, h.db.url, when], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null | "hung">((resolve) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        resolve("hung");
      }, 60_000);
      child.once("exit", (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    t.equal(code, 0, `${when}: exited on its own\n${out}`);
    const report = JSON.parse(out.trim().split("\n").pop() ?? "{}") as Record<string, unknown>;
    t.match(report, { when, started: 1, threadIdAfterClose: null }, `${when}: one worker, none left after close`);
  }
});

t.test("the build mode asks the database only when the snapshot in use does not decide it", async (t) => {
  const snapshot = (entries: number) => ({ entries }) as CompiledSnapshot;
  let counts = 0;
  const countEnabled = async () => {
    counts++;
    return 50;
  };
  const url = "postgresql://x";
  t.equal(await chooseBuildMode({ databaseUrl: undefined, workerThreshold: 10, current: undefined, countEnabled }), "inline");
  t.equal(await chooseBuildMode({ databaseUrl: undefined, workerThreshold: 10, current: snapshot(100), countEnabled }), "inline");
  t.equal(counts, 0, "embedded mode: never");
  t.equal(await chooseBuildMode({ databaseUrl: url, workerThreshold: 10, current: snapshot(100), countEnabled }), "worker");
  t.equal(counts, 0, "a large snapshot in use: no count");
  t.equal(await chooseBuildMode({ databaseUrl: url, workerThreshold: 10, current: undefined, countEnabled }), "worker");
  t.equal(await chooseBuildMode({ databaseUrl: url, workerThreshold: 100, current: snapshot(5), countEnabled }), "inline");
  t.equal(await chooseBuildMode({ databaseUrl: url, workerThreshold: 10, current: snapshot(5), countEnabled }), "worker", "a bulk import into a small dictionary");
  t.equal(counts, 3, "first load and small snapshots: one count each");
});
