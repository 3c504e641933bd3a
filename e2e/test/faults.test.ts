// Faults under load, on a stack of our own (own redis-server, PostgreSQL behind our TCP proxy): Redis restarted,
// PostgreSQL unavailable for 30 s under 500 req/s, a replica sent SIGTERM. Replicas poll the version every
// RELOAD_POLL_MS=1000 (the stack's setting), so a change event lost while Redis is away is repaired within a second.
import t, { type Test } from "tap";
import { performance } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import { COMMANDS } from "@wordguard/contracts";
import {
  Prober,
  accountHits,
  callbackRequest,
  createRng,
  describeRecords,
  describeSummary,
  hitLogRows,
  isInternalFailure,
  judgeTraffic,
  keepAliveAgent,
  messageBody,
  meetsExpectation,
  mixedTraffic,
  addFriendBody,
  runLoad,
  send,
  checkCallbackReply,
  sleep,
  startStack,
  summarize,
  waitFor,
  type CallbackTarget,
  type LoadRecord,
  type TrafficMix,
  type TrafficTag,
} from "../src/index.ts";

const stack = await startStack({
  label: "faults",
  replicas: 3,
  // The third replica only serves the SIGTERM scenario. It never flushes on its own (60 s, 10,000 rows), so every
  // hit it logged can only reach the database through its flush on shutdown.
  // It logs at info, so its shutdown steps are in its log.
  callbackEnv: (index): Record<string, string | number> =>
    index === 2 ? { HIT_LOG_FLUSH_MS: 60_000, HIT_LOG_BATCH_SIZE: 10_000, LOG_LEVEL: "info" } : {},
});
t.teardown(async () => {
  const kept = await stack.close(!t.passing());
  if (kept) t.comment(`logs kept in ${kept}`);
});
t.comment(`stack started: ${JSON.stringify(stack.timings)}`);
const [replicaA, replicaB, replicaC] = stack.replicas as [typeof stack.replicas[0], typeof stack.replicas[0], typeof stack.replicas[0]];
const pair = [replicaA, replicaB];
const admin = stack.adminClient;
const prober = new Prober();
t.teardown(() => prober.close());
const run = randomBytes(3).toString("hex");

/**
 * Add-friend is the one callback that reads the database. When the lookup fails or exceeds its time bound, the reply
 * is ServerInternalError with nextCode 0 (CALLBACK_ON_ERROR=continue): correct behaviour in the contract's shape,
 * also when the shared 2-core machine is starved rather than the database down. Counted and reported per phase;
 * recovery is asserted separately with sequential checks.
 */
const friendFailure = (r: LoadRecord<TrafficTag>) => r.tag.kind === "add-friend" && r.reply !== undefined && isInternalFailure(r.reply);

const mix: TrafficMix = {
  hitWords: ["faultword", "违禁测试", "scamlink"],
  acceptingUser: "e2e-accepts",
  refusingUser: "e2e-refuses",
  unknownUser: "e2e-nobody",
  shares: { hit: 45, clean: 40, friend: 15 },
};

await admin.addWords([
  { word: "faultword", level: 2, category: "abuse" },
  { word: "违禁测试", level: 3, category: "politics" },
  { word: "scamlink", level: 1, category: "fraud" },
]);
await admin.setUserAttributes([
  { userID: mix.acceptingUser, allowAddFriend: 1 },
  { userID: mix.refusingUser, allowAddFriend: -1 },
]);
for (const replica of stack.replicas) {
  await waitFor(async () => (await prober.verdict(replica, { scene: "group", text: "a scamlink here" })) === "blocked", {
    timeoutMs: 15_000,
    what: `${replica.name} to load the dictionary`,
  });
}

// Warm-up: the first requests of a fresh process pay for lazy compilation (JIT, the database client's first
// queries); without this, the first scenario's per-phase latencies would measure the warm-up, not the fault.
await runLoad<TrafficTag>({ targets: 2, rate: 200, concurrency: 64, durationMs: 3000, plan: mixedTraffic(pair, mix, createRng(1), `e2e-warmup-${run}`) }).result;

async function readyVersion(target: CallbackTarget): Promise<number | undefined> {
  const response = await fetch(`${target.baseUrl}/readyz`);
  return ((await response.json()) as { version?: number }).version;
}

function assertTraffic(t: Test, label: string, records: readonly LoadRecord<TrafficTag>[], accept?: (r: LoadRecord<TrafficTag>) => boolean) {
  const verdicts = judgeTraffic(records, accept);
  t.equal(verdicts.transportErrors.length, 0, `${label}: no failed request (${describeRecords(verdicts.transportErrors)})`);
  t.equal(verdicts.shapeProblems.length, 0, `${label}: every reply in the callback shape (${describeRecords(verdicts.shapeProblems)})`);
  t.equal(verdicts.wrong.length, 0, `${label}: every answer as expected (${describeRecords(verdicts.wrong)})`);
  return verdicts;
}

/** Sequential add-friend checks on both replicas: each answers the stored permission again. */
async function assertFriendChecksRecovered(t: Test): Promise<void> {
  const expectations = [
    [mix.acceptingUser, "allowed"],
    [mix.refusingUser, "refused"],
    [mix.unknownUser, "unknown-user"],
  ] as const;
  const agent = keepAliveAgent(2);
  try {
    for (const replica of pair) {
      for (const [user, expect] of expectations) {
        await waitFor(
          async () => {
            const raw = await send(agent, callbackRequest(replica, COMMANDS.beforeAddFriend, addFriendBody("u1", user), { operationID: `e2e-recovery-${run}` }));
            const checked = checkCallbackReply(raw);
            return checked.ok && meetsExpectation(expect, checked.reply);
          },
          { timeoutMs: 15_000, intervalMs: 100, what: `${replica.name} to answer add-friend to ${user} as ${expect}` },
        );
      }
    }
    t.pass("add-friend answers the stored permissions again on both replicas");
  } finally {
    agent.destroy();
  }
}

t.test("Redis restarted under load: replicas keep answering and converge to the newest version", async (t) => {
  const load = runLoad<TrafficTag>({
    targets: 2,
    rate: 200,
    concurrency: 256,
    durationMs: 120_000,
    plan: mixedTraffic(pair, mix, createRng(11), `e2e-redis-${run}`),
  });
  await sleep(1500);
  const stoppedAt = performance.now();
  await stack.redis.stop();
  t.comment("redis stopped");

  // A change while Redis is down. The admin service may refuse it (it checks token revocations in Redis); if it
  // accepts, the change is committed and must reach the replicas by polling, the event being lost.
  const versionBefore = await stack.databaseVersion();
  const wordDown = `zqredisdown${run}`;
  const during = await admin.raw("/adminx/sensitive_word/add", { words: [{ word: wordDown }] });
  t.ok(during.envelope, `admin answers in the envelope while Redis is down (${during.problem ?? ""})`);
  const committedDown = during.envelope?.errCode === 0;
  if (committedDown) t.comment("change while Redis was down: accepted");
  else {
    t.comment(`change while Redis was down: refused with ${during.envelope?.errCode} ${during.envelope?.errMsg} (${during.envelope?.errDlt})`);
    t.equal(await stack.databaseVersion(), versionBefore, "the refused change left the version alone");
  }
  await sleep(2500);
  await stack.redis.start();
  const restartedAt = performance.now();
  t.comment("redis started again (empty)");

  // A change right after the restart, while the services' Redis clients are still reconnecting: its event may
  // well be lost too. Retried until the admin service accepts it (its own clients reconnect with back-off).
  const wordUp = `zqredisup${run}`;
  let refusals = 0;
  await waitFor(
    async () => {
      const reply = await admin.raw("/adminx/sensitive_word/add", { words: [{ word: wordUp }] });
      if (reply.envelope?.errCode === 0) return true;
      refusals += 1;
      return false;
    },
    { timeoutMs: 20_000, intervalMs: 100, what: "the admin service to accept a change after the restart" },
  );
  const newest = await stack.databaseVersion();
  const converged = await waitFor(
    async () => {
      for (const replica of stack.replicas) {
        if ((await prober.verdict(replica, { scene: "single", text: `x ${wordUp} y` })) !== "blocked") return undefined;
        if (committedDown && (await prober.verdict(replica, { scene: "single", text: `x ${wordDown} y` })) !== "blocked") return undefined;
      }
      return performance.now() - restartedAt;
    },
    { timeoutMs: 20_000, intervalMs: 20, what: "every replica to enforce the newest changes" },
  );
  t.comment(`admin refused ${refusals} change(s) right after the restart; all replicas enforced the newest change ${converged.toFixed(0)} ms after Redis was back`);
  for (const replica of stack.replicas) t.equal(await readyVersion(replica), newest, `${replica.name} is at the newest version ${newest}`);

  await sleep(1000);
  load.stop();
  const result = await load.result;
  const verdicts = assertTraffic(t, "load across the restart", result.records, friendFailure);
  t.ok(verdicts.total > 500, `enough load (${verdicts.total} requests, ${result.lateSlots} late slots)`);
  const redisPhase = (r: LoadRecord<TrafficTag>) => (r.startedAt < stoppedAt ? "before the stop" : r.startedAt < restartedAt ? "while Redis was down" : "after the restart");
  for (const name of ["before the stop", "while Redis was down", "after the restart"]) {
    const messages = result.records.filter((r) => redisPhase(r) === name && r.tag.kind !== "add-friend");
    const friends = result.records.filter((r) => redisPhase(r) === name && r.tag.kind === "add-friend");
    t.comment(`${name}: messages ${describeSummary(summarize(messages.map((r) => r.latencyMs)))}; add-friend ${describeSummary(summarize(friends.map((r) => r.latencyMs)))}`);
  }
});

t.test("PostgreSQL unavailable for 30 s under 500 req/s", async (t) => {
  const BEFORE_MS = 5000;
  const DOWN_MS = 30_000;
  const AFTER_MS = 8000;
  /** Add-friend lookups may still fail this long after the proxy is back (pool reconnects). */
  const RECOVERY_MS = 3000;
  const prefix = `e2e-pg-${run}`;
  const load = runLoad<TrafficTag>({
    targets: 2,
    rate: 500,
    concurrency: 256,
    durationMs: BEFORE_MS + DOWN_MS + AFTER_MS,
    plan: mixedTraffic(pair, mix, createRng(22), prefix),
  });
  await sleep(BEFORE_MS);
  await stack.pgProxy.down();
  const downAt = performance.now();
  t.comment(`proxy down: ${stack.pgProxy.cut} connections cut`);
  await sleep(DOWN_MS);
  await stack.pgProxy.up();
  const upAt = performance.now();
  const result = await load.result;

  const phase = (r: LoadRecord<TrafficTag>) => (r.endedAt < downAt ? "before" : r.startedAt > upAt + RECOVERY_MS ? "after" : "outage");
  const verdicts = assertTraffic(t, "all requests", result.records, friendFailure);
  for (const name of ["before", "outage", "after"] as const) {
    const friends = result.records.filter((r) => r.tag.kind === "add-friend" && phase(r) === name);
    t.comment(`add-friend ${name} the outage: ${friends.length}, ServerInternalError ${friends.filter(friendFailure).length}`);
  }
  const outage = result.records.filter((r) => phase(r) === "outage");
  const outageMessages = outage.filter((r) => r.tag.kind !== "add-friend");
  const outageFriends = outage.filter((r) => r.tag.kind === "add-friend");
  t.ok(outageMessages.length > 10_000, `message checks answered during the outage: ${outageMessages.length}`);
  const achieved = (result.records.length / result.elapsedMs) * 1000;
  t.comment(`sent ${result.records.length} requests in ${(result.elapsedMs / 1000).toFixed(1)} s (${achieved.toFixed(0)} req/s, ${result.lateSlots} late slots)`);
  t.comment(`message latency during the outage: ${describeSummary(summarize(outageMessages.map((r) => r.latencyMs)))}`);
  t.comment(`add-friend latency during the outage: ${describeSummary(summarize(outageFriends.map((r) => r.latencyMs)))}`);
  t.ok(
    outageFriends.filter(friendFailure).length > 0,
    "add-friend lookups failed while the database was away, answered as ServerInternalError in the callback shape",
  );
  await assertFriendChecksRecovered(t);

  // Every blocked message must be in the hit log once the queues have drained (retried with back-off up to 5 s).
  let account = accountHits(verdicts.blocked, await hitLogRows(stack.db.url, prefix));
  const drainStart = performance.now();
  await waitFor(
    async () => {
      account = accountHits(verdicts.blocked, await hitLogRows(stack.db.url, prefix));
      return account.missing.length === 0;
    },
    { timeoutMs: 60_000, intervalMs: 250, what: "every decided hit to be in the database" },
  ).catch(() => undefined);
  t.comment(`hit log: ${account.found}/${account.expected} blocked messages stored (${(performance.now() - drainStart).toFixed(0)} ms after the load ended), duplicated ${account.duplicated.length}, unexpected ${account.unexpected.length}`);
  t.ok(account.expected > 5000, `enough decided hits to count (${account.expected})`);
  t.equal(account.missing.length, 0, `no decided hit missing (${account.missing.slice(0, 5).join(", ")})`);
  t.equal(account.duplicated.length, 0, `no hit stored twice (${account.duplicated.slice(0, 5).join(", ")})`);
  t.equal(account.unexpected.length, 0, `no row for a message that was not blocked (${account.unexpected.slice(0, 5).join(", ")})`);
  t.same(stack.crashed().map((s) => s.name), [], "no service crashed");
});

t.test("a replica sent SIGTERM under load: no failed in-flight request, its queued hits land", async (t) => {
  const BURST = 100;
  const prefix = `e2e-term-${run}`;
  const targets: CallbackTarget[] = [replicaB, replicaC];
  let signalledAt = Number.POSITIVE_INFINITY;
  // Until the signal, traffic alternates between B and C; from the signal on, a load balancer sends only to B.
  const load = runLoad<TrafficTag>({
    targets: 2,
    rate: 300,
    concurrency: 256,
    durationMs: 60_000,
    plan: mixedTraffic(targets, mix, createRng(33), prefix, (seq) => (performance.now() >= signalledAt ? 0 : seq % 2)),
  });
  await sleep(2000);

  // A burst of 18 KB messages to C, each on its own connection, all written to their sockets before the signal: in
  // flight when it arrives (sized so that C can still drain them well within SHUTDOWN_TIMEOUT_MS on a busy machine).
  const burstAgent = keepAliveAgent(BURST);
  let written = 0;
  const burst: Promise<{ operationID: string; startedAt: number; endedAt: number; ok: boolean; blocked: boolean; problem?: string }>[] = [];
  for (let i = 0; i < BURST; i++) {
    const operationID = `${prefix}-burst-${i}`;
    const text = `${"the quick brown fox jumps over the lazy dog ".repeat(400)} faultword`;
    const request = callbackRequest(replicaC, COMMANDS.beforeSendSingleMsg, messageBody("single", { text, operationID }), { operationID });
    const startedAt = performance.now();
    burst.push(
      send(burstAgent, { ...request, onWritten: () => void (written += 1) }).then(
        (raw) => {
          const checked = checkCallbackReply(raw);
          return {
            operationID,
            startedAt,
            endedAt: performance.now(),
            ok: checked.ok,
            blocked: checked.ok && checked.reply.nextCode === 1,
            ...(checked.ok ? {} : { problem: checked.problem }),
          };
        },
        (error: unknown) => ({ operationID, startedAt, endedAt: performance.now(), ok: false, blocked: false, problem: String(error) }),
      ),
    );
  }
  await waitFor(() => written === BURST, { timeoutMs: 10_000, intervalMs: 1, what: "the burst to be written" });
  signalledAt = performance.now();
  replicaC.signal("SIGTERM");
  const exit = await replicaC.waitExit();
  const exitMs = performance.now() - signalledAt;
  await sleep(1000);
  load.stop();
  const result = await load.result;
  const burstResults = await Promise.all(burst);
  burstAgent.destroy();

  t.same(exit, { code: 0, signal: null }, `replica C exited cleanly after SIGTERM (${exitMs.toFixed(0)} ms)`);
  const steps = replicaC.logLines("shutdown").concat(replicaC.logLines("killed by timeout"));
  t.comment(`replica C's shutdown log: ${steps.map((l) => (l["step"] ? `${String(l["step"])} ${String(l["ms"])} ms` : String(l["msg"]))).join("; ")}`);
  const inFlightAtSignal = burstResults.filter((r) => r.endedAt > signalledAt).length +
    result.records.filter((r) => r.target === 1 && r.startedAt < signalledAt && r.endedAt > signalledAt).length;
  t.comment(`requests in flight at the signal: ${inFlightAtSignal} (burst of ${BURST} messages of 18 KB + steady load)`);
  t.ok(inFlightAtSignal > 0, "some requests were in flight at the signal");
  const failedBurst = burstResults.filter((r) => !r.ok || !r.blocked);
  t.equal(failedBurst.length, 0, `every burst request answered and blocked (${failedBurst.slice(0, 3).map((r) => r.problem).join("; ")})`);
  const verdicts = assertTraffic(t, "steady load across the signal", result.records, friendFailure);

  // C's hits were only ever in its memory queue: they are in the database now, or lost.
  const fromC = [
    ...burstResults.filter((r) => r.blocked).map((r) => r.operationID),
    ...result.records.filter((r) => r.target === 1 && r.reply?.nextCode === 1 && r.tag.kind !== "add-friend").map((r) => r.tag.operationID),
  ];
  const rows = await hitLogRows(stack.db.url, prefix);
  const accountC = accountHits(fromC, new Map([...rows].filter(([id]) => fromC.includes(id))));
  t.comment(`replica C's hits in the database right after it exited: ${accountC.found}/${accountC.expected}`);
  t.equal(accountC.missing.length, 0, `all of C's queued hits landed (${accountC.missing.slice(0, 5).join(", ")})`);
  t.equal(accountC.duplicated.length, 0, "none twice");
  // B keeps its normal flush: its hits arrive within moments.
  const fromB = verdicts.blocked.filter((id) => !fromC.includes(id));
  await waitFor(async () => accountHits(fromB, await hitLogRows(stack.db.url, prefix)).missing.length === 0, {
    timeoutMs: 20_000,
    what: "replica B's hits",
  });
  t.pass(`replica B's ${fromB.length} hits landed`);
  t.same(stack.crashed().map((s) => s.name), [], "no service crashed");
});
