/**
 * `pnpm bench:callback`: the callback service against its ceiling, in one run, on loopback.
 *
 * (a) a bare Fastify route returning the allowed reply; (b) the real service (`src/server.ts`) with a 100k-entry
 * dictionary and hit logging on. Each server is pinned to core 0, this process (the load generators) to core 1.
 * Per round, with both servers up: saturation throughput of each (autocannon; the two take turns in 2 s windows),
 * latency at a fixed 5,000 req/s (paced open-loop client, µs from the scheduled send time; the two take turns in 1 s
 * windows over one run), and for (b) the same rate while a 100k-entry reload runs. Medians over the rounds go to the
 * "Callback" section of bench/RESULTS.md; every round's figures to bench/out/callback.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { setPriority } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { serviceNodeArgs } from "@wordguard/e2e";
import { machineLine, percentile } from "../lib/stats.ts";
import { raiseAutogroup } from "./autogroup.ts";
import { benchDatabaseUrl, freshBenchDatabase, loadWords } from "./database.ts";
import { startReloadTrigger, type ReloadTimes } from "./reload-trigger.ts";
import { get, pinProcess, startPinned, waitReady, type Server } from "./processes.ts";
import { latenciesUs, percentileUs, sendLagP99Us, type PacedOptions, type PacedResult } from "./paced-client.ts";
import { startPacedChild } from "./paced-process.ts";
import { quietHeap } from "./quiet-heap.ts";
import { pinStores } from "./store-affinity.ts";
import { cpuTicks, saturate, saturateInTurns } from "./saturation.ts";
import { buildWorkload } from "./workload.ts";
import { poolP99, renderReport, replaceSection, type Round, type RoundSamples } from "./report.ts";

const ROUNDS = Number(process.env["BENCH_CALLBACK_ROUNDS"] ?? 5);
const SATURATION_S = Number(process.env["BENCH_CALLBACK_SATURATION_S"] ?? 10);
/** Length of each server's turn in the saturation run (SATURATION_S per server in all). */
const SATURATION_WINDOW_S = Number(process.env["BENCH_CALLBACK_SATURATION_WINDOW_S"] ?? 2);
const PACED_S = Number(process.env["BENCH_CALLBACK_PACED_S"] ?? 10);
const RATE = 5000;
/** Seconds per server at the rate before the paced run is measured. */
const PACED_WARMUP_S = 3;
/** Length of each server's turn in the paced run. */
const PACED_WINDOW_MS = Number(process.env["BENCH_CALLBACK_PACED_WINDOW_MS"] ?? 1000);
const WARMUP_S = 5;
const SERVER_CORE = 0;
const CLIENT_CORE = 1;
const REDIS_URL = process.env["REDIS_URL"] || "redis://127.0.0.1:6379";

const here = import.meta.dirname;
const root = path.resolve(here, "..", "..");
const outDir = path.join(root, "bench", "out");
mkdirSync(outDir, { recursive: true });
const started = performance.now();
const log = (message: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

// This process generates the load: every thread of it on the other core than the servers.
const pinned = pinProcess(process.pid, String(CLIENT_CORE));

// Where PostgreSQL and Redis cannot be kept on the servers' core (store-affinity.ts) they float over both cores, and the
// snapshot query of a reload (~170 ms of database CPU at normal priority) landed on the generator's core and delayed its
// sends by tens of ms, charging that to the server under test. At a higher priority the generator preempts other work
// there, as it would own its core. (Needs root; else unchanged.)
const generatorPriority = (() => {
  try {
    setPriority(process.pid, -10);
    return -10;
  } catch {
    return 0;
  }
})();

// Nice values rank threads only within their autogroup (kernel.sched_autogroup_enabled=1, as on this machine), and
// PostgreSQL's and Redis's processes each sit in an autogroup of their own: against them this whole session counted as
// one group at nice 0, so the priority above did not apply where it was meant to. Its autogroup (the servers and the
// paced client inherit it) gets the same nice; restored at exit, as the session is usually the caller's terminal.
const autogroup = raiseAutogroup(generatorPriority);
log(`building the workload (matcher benchmark corpus, 100k entries) … (generator nice ${generatorPriority}, autogroup ${autogroup ?? "unchanged"})`);
const workload = await buildWorkload();
const databaseUrl = benchDatabaseUrl();
const prisma = await freshBenchDatabase(databaseUrl);
const version = await loadWords(prisma, workload.words);
log(`database wg_bench_cb ready: ${workload.words.length} entries, version ${version}`);
// Interrupted, the run still exits through the handlers that put the stores' cores and the autogroup back.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
const storesPinned = pinStores(SERVER_CORE);
log(`kept on the servers' core (${SERVER_CORE}) for the run: ${storesPinned.join(", ") || "nothing (no local stores, or not permitted)"}`);
const prefix = `wgbench:cb:${randomBytes(4).toString("hex")}:`;
const pacedChild = startPacedChild();
const collectGarbage = quietHeap();
/** A paced run, after a full collection of this process's heap (quiet-heap.ts). */
const runPaced = (options: PacedOptions): Promise<PacedResult> => {
  collectGarbage();
  return pacedChild.run(options);
};
const trigger = await startReloadTrigger({ core: SERVER_CORE, databaseUrl, redisUrl: REDIS_URL, redisPrefix: prefix });
const serviceLog = path.join(outDir, "callback-service.log");
writeFileSync(serviceLog, "");

function startBaseline(port: number): Server {
  return startPinned(SERVER_CORE, ["--import", "tsx", path.join(here, "baseline-server.ts"), String(port)], {
    cwd: path.join(root, "bench"),
    env: { PATH: process.env["PATH"] ?? "" },
    logFile: path.join(outDir, "callback-baseline.log"),
    port,
  });
}

function startService(port: number): Server {
  // The service's own start command (its runtime flags included), pinned.
  return startPinned(SERVER_CORE, serviceNodeArgs("callback-service"), {
    cwd: path.join(root, "services", "callback-service"),
    env: {
      PATH: process.env["PATH"] ?? "",
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      CALLBACK_PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      // Passed through so that a run can compare the service with its event loop's slice at the kernel's default (0).
      ...(process.env["CALLBACK_LOOP_SLICE_US"] ? { CALLBACK_LOOP_SLICE_US: process.env["CALLBACK_LOOP_SLICE_US"] } : {}),
    },
    logFile: serviceLog,
    port,
  });
}

/** Waits until the service's hit-log queue is empty, so that no backlog of its saturation run lands in a paced window. */
async function hitLogDrained(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await get(port, "/metrics");
    const depth = /^wordguard_callback_hit_log_queue_depth (\d+)/m.exec(res.body)?.[1];
    if (depth === "0") return;
    if (Date.now() > deadline) throw new Error(`hit-log queue of the service on ${port} not drained after ${timeoutMs} ms (depth ${depth ?? "?"})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The reload phase: (b) at the fixed rate while one change makes it load and compile the whole dictionary again. The
 * change is made and watched by its own small process (reload-trigger.ts), so this process stays idle meanwhile.
 */
async function measureReload(port: number): Promise<{ reload: PacedResult; reloadWindow: { from: number; to: number }; reloadMs: number }> {
  const before = (await waitReady(port)).version ?? 0;
  let fired: Promise<ReloadTimes> | undefined;
  const reload = await runPaced({
    ports: [port],
    rate: RATE,
    durationMs: (PACED_S + 5) * 1000,
    requests: workload.requests,
    at: { atMs: 2000, run: () => void (fired = trigger.fire(port, before)) },
  });
  if (!fired) throw new Error("the reload was never triggered");
  const { triggeredAt, loadedAt } = await fired;
  // The window: from the change to half a second after the new snapshot answered /readyz.
  return { reload, reloadWindow: { from: triggeredAt, to: loadedAt + 500 }, reloadMs: loadedAt - triggeredAt };
}

/**
 * One round: both servers up on the server core; (b)'s first load; a warm-up of each, then their saturation runs taking
 * turns in SATURATION_WINDOW_S windows (who goes first alternating by round); the paced run over both, taking turns in
 * PACED_WINDOW_MS windows; (b)'s reload.
 */
async function measureRound(i: number): Promise<{ round: Round; samples: RoundSamples }> {
  const ceilingPort = 18100 + i * 2;
  const servicePort = ceilingPort + 1;
  const service = startService(servicePort);
  let ceiling: Server | undefined;
  try {
    const t0 = performance.now();
    await waitReady(servicePort);
    const firstLoadMs = performance.now() - t0;
    ceiling = startBaseline(ceilingPort);
    await waitReady(ceilingPort);
    const servers = { a: ceiling, b: service };
    const order = i % 2 === 0 ? (["a", "b"] as const) : (["b", "a"] as const);
    const takers = order.map((side) => ({ port: servers[side].port, pid: servers[side].child.pid! }));
    for (const server of takers) await saturate(server.port, server.pid, workload.requests, WARMUP_S);
    // Before every window (b)'s hit-log backlog has drained, so that its inserts do not run in the other's window.
    const windows = Math.max(1, Math.round(SATURATION_S / SATURATION_WINDOW_S));
    const measured = await saturateInTurns(takers, workload.requests, SATURATION_WINDOW_S, windows, () => hitLogDrained(servicePort));
    const a = measured[order.indexOf("a")]!;
    const b = measured[order.indexOf("b")]!;
    await hitLogDrained(servicePort);

    // The same arrivals for both, in alternating windows; each server's CPU over the run, per request it answered
    // (a server waiting for its turn costs next to nothing).
    const ports = order.map((side) => servers[side].port);
    const ticks = () => order.map((side) => cpuTicks(servers[side].child.pid!));
    const pacedRun = (seconds: number) =>
      runPaced({ ports, windowMs: PACED_WINDOW_MS, rate: RATE, durationMs: 2 * seconds * 1000, requests: workload.requests });
    // First a few seconds at the rate, not measured: each server has just sat idle through the other's saturation run
    // (its heap sized for that run, or shrunk while idle), and what is measured is the steady state at this rate.
    const warm = await pacedRun(PACED_WARMUP_S);
    const ticksBefore = ticks();
    const paced = await pacedRun(PACED_S);
    const ticksAfter = ticks();
    const target = (side: "a" | "b") => order.indexOf(side);
    const pacedCpu = (side: "a" | "b", completed: number) => {
      const t = target(side);
      return ((ticksAfter[t]! - ticksBefore[t]!) * 1e4) / Math.max(1, completed);
    };
    const { reload, reloadWindow, reloadMs } = await measureReload(servicePort);

    const samples: RoundSamples = {
      ceiling: latenciesUs(paced, { target: target("a") }),
      service: latenciesUs(paced, { target: target("b") }),
      reload: latenciesUs(reload, { window: reloadWindow }),
      ceilingFromSend: latenciesUs(paced, { target: target("a"), fromSend: true }),
      serviceFromSend: latenciesUs(paced, { target: target("b"), fromSend: true }),
      reloadFromSend: latenciesUs(reload, { window: reloadWindow, fromSend: true }),
    };
    const round: Round = {
      ceilingRps: a.requestsPerSecond,
      serviceRps: b.requestsPerSecond,
      ceilingCpu: a.serverCpu,
      serviceCpu: b.serverCpu,
      ceilingCpuUsPerRequest: (a.serverCpu * 1e6) / a.requestsPerSecond,
      serviceCpuUsPerRequest: (b.serverCpu * 1e6) / b.requestsPerSecond,
      ceilingPacedCpuUs: pacedCpu("a", samples.ceiling.length),
      servicePacedCpuUs: pacedCpu("b", samples.service.length),
      saturationFailures: a.non2xx + a.errors + a.timeouts + b.non2xx + b.errors + b.timeouts,
      ceilingP50Us: percentile(samples.ceiling, 50),
      ceilingP99Us: percentile(samples.ceiling, 99),
      serviceP50Us: percentile(samples.service, 50),
      serviceP99Us: percentile(samples.service, 99),
      reloadP99Us: percentile(samples.reload, 99),
      ceilingP99FromSendUs: percentile(samples.ceilingFromSend, 99),
      serviceP99FromSendUs: percentile(samples.serviceFromSend, 99),
      reloadP99FromSendUs: percentile(samples.reloadFromSend, 99),
      reloadGeneratorLagP99Us: sendLagP99Us(reload),
      reloadPhaseP99Us: percentileUs(reload, 99),
      reloadMaxUs: percentile(samples.reload, 100),
      reloadMs,
      firstLoadMs,
      bad: warm.bad + paced.bad + reload.bad,
      badSamples: [...warm.badSamples, ...paced.badSamples, ...reload.badSamples],
      errors: warm.errors + paced.errors + reload.errors,
      pacedCompleted: warm.completed + paced.completed + reload.completed,
      generatorLagP99Us: Math.max(sendLagP99Us(paced), sendLagP99Us(reload)),
    };
    return { round, samples };
  } finally {
    await Promise.all([service.stop(), ceiling?.stop()]);
  }
}

const rounds: Round[] = [];
const samples: RoundSamples[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const measured = await measureRound(i);
  const round = measured.round;
  rounds.push(round);
  samples.push(measured.samples);
  log(
    `round ${i + 1}/${ROUNDS}: ${Math.round(round.serviceRps)} vs ${Math.round(round.ceilingRps)} req/s (${(round.serviceRps / round.ceilingRps).toFixed(2)}×), ` +
      `p99 ${round.serviceP99Us.toFixed(0)} vs ${round.ceilingP99Us.toFixed(0)} µs, reload p99 ${round.reloadP99Us.toFixed(0)} µs ` +
      `(reload ${round.reloadMs.toFixed(0)} ms), bad replies ${round.bad}`,
  );
}

await Promise.all([trigger.stop(), pacedChild.stop()]);
const hitLogs = await prisma.hitLog.count();
await prisma.$disconnect();

const report = renderReport(rounds, poolP99(samples), {
  machine: machineLine(),
  pinned,
  storesPinned,
  seconds: (performance.now() - started) / 1000,
  notes: workload.notes,
  requests: workload.requests,
  hitLogs,
  saturationSeconds: SATURATION_S,
  saturationWindowSeconds: SATURATION_WINDOW_S,
  pacedSeconds: PACED_S,
  pacedWindowMs: PACED_WINDOW_MS,
  pacedWarmupSeconds: PACED_WARMUP_S,
  rate: RATE,
});
console.log(`\n${report}`);
writeFileSync(path.join(outDir, "callback.json"), JSON.stringify({ date: new Date().toISOString(), rounds }, null, 2));
writeFileSync(path.join(outDir, "callback-report.md"), report);
const resultsFile = path.join(root, "bench", "RESULTS.md");
if (process.env["BENCH_CALLBACK_NO_WRITE"]) log("BENCH_CALLBACK_NO_WRITE: RESULTS.md left as it is");
else {
  replaceSection(resultsFile, "Callback", report);
  log(`wrote the Callback section of ${resultsFile}`);
}
process.exit(0);
