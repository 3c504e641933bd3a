// End-to-end benchmark (`pnpm bench:e2e`): the admin service and two callback replicas as real processes on loopback
// (own redis-server, the shared PostgreSQL), a 100k-entry dictionary loaded through the admin API, hit logging on.
// Measures, with an in-process load generator on the same 2 cores: requests/s and p50/p99 latency of the pair
// (closed loop, 3 runs, median), then the propagation delay of changes made through the admin API — idle, under a
// fixed 500 req/s, and under the saturating load of the throughput runs. Writes the "End to end" section of
// bench/RESULTS.md.
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import {
  Prober,
  accountHits,
  createRng,
  hitLogRows,
  judgeTraffic,
  measureChange,
  roundOfChanges,
  runLoad,
  scrapeMetric,
  startStack,
  textTraffic,
  waitFor,
  type ChangeMeasurement,
  type LoadResult,
  type LoadRun,
  type TrafficTag,
} from "@wordguard/e2e";
import { generateCorpus } from "../matcher/corpus.ts";
import { loadMaterial } from "../matcher/material.ts";
import { machineLine, median, percentile } from "../lib/stats.ts";

const CONCURRENCY_PER_REPLICA = Number(process.env["BENCH_E2E_CONCURRENCY"] ?? 16);
const RUN_MS = Number(process.env["BENCH_E2E_RUN_MS"] ?? 10_000);
const RUNS = 3;
const WARMUP_MS = 5000;
const FIXED_RATE = 500;
const RESULTS = fileURLToPath(new URL("../RESULTS.md", import.meta.url));

const fmt = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
const log = (line: string): void => void process.stdout.write(`${line}\n`);

const started = performance.now();
// The matcher benchmark's corpus: 100k real entries (Chinese phrases, English words), 200 whitelist phrases and
// 3,000 chat messages (clean, with planted entries, disguised entries, whitelisted phrases).
const corpus = generateCorpus(await loadMaterial(), 3000);
const DICTIONARY_SIZE = corpus.entries100k.length;
let loadMs = 0;
const landed = { added: 0, duplicates: 0, invalid: 0, whitelist: 0 };
log(`e2e bench: ${DICTIONARY_SIZE} entries, 2 replicas × ${CONCURRENCY_PER_REPLICA} connections, ${RUNS} × ${RUN_MS / 1000} s`);
const stack = await startStack({
  label: "bench",
  databasePrefix: "wg_e2e_bench",
  viaProxy: false,
  reloadPollMs: 10_000,
  beforeReplicas: async ({ adminClient }) => {
    const t0 = performance.now();
    for (let i = 0; i < corpus.entries100k.length; i += 10_000) {
      const batch = corpus.entries100k.slice(i, i + 10_000).map((e) => ({
        word: e.word,
        matchType: e.matchType ?? "contains",
        category: e.category ?? "custom",
        level: (e.level ?? 2) as 1 | 2 | 3,
      }));
      const reply = await adminClient.addWords(batch);
      landed.added += reply.added.length;
      landed.duplicates += reply.duplicates.length;
      landed.invalid += reply.invalid.length;
    }
    const whitelist = await adminClient.addWhitelist(corpus.whitelist.map((w) => ({ word: w.word })));
    landed.whitelist = whitelist.added.length;
    loadMs = performance.now() - t0;
  },
});
log(`stack up: ${JSON.stringify(stack.timings)} (dictionary through the admin API in ${fmt(loadMs / 1000)} s)`);

interface RunFigures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  undecided: number;
  failed: number;
  blocked: string[];
  blockedShare: number;
}

function figures(result: LoadResult<TrafficTag>): RunFigures {
  const verdicts = judgeTraffic(result.records);
  const latencies = result.records.map((r) => r.latencyMs);
  return {
    requests: result.records.length,
    rps: (result.records.length / result.elapsedMs) * 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    undecided: verdicts.wrong.length,
    failed: verdicts.transportErrors.length + verdicts.shapeProblems.length,
    blocked: verdicts.blocked,
    blockedShare: verdicts.blocked.length / Math.max(1, result.records.length),
  };
}

interface PropagationPhase {
  name: string;
  changes: ChangeMeasurement[];
  notEnforced: string[];
  load?: RunFigures;
  /** mean snapshot reload of the replicas during the phase, from their /metrics (undefined if not reported) */
  reloadSeconds?: number;
  reloads?: number;
}

/** Sum and count of successful snapshot reloads over both replicas (the callback service's own histogram). */
async function reloadTotals(replicas: readonly { baseUrl: string }[]): Promise<{ sum: number; count: number } | undefined> {
  let sum = 0;
  let count = 0;
  for (const replica of replicas) {
    const s = await scrapeMetric(replica.baseUrl, "wordguard_callback_reload_duration_seconds_sum", { result: "ok" }).catch(() => undefined);
    const c = await scrapeMetric(replica.baseUrl, "wordguard_callback_reload_duration_seconds_count", { result: "ok" }).catch(() => undefined);
    if (s === undefined || c === undefined) return undefined;
    sum += s;
    count += c;
  }
  return { sum, count };
}

try {
  const texts = corpus.messages.map((m) => m.text);
  const run = randomBytes(3).toString("hex");
  let loadIndex = 0;
  const load = (durationMs: number, rate?: number): LoadRun<TrafficTag> =>
    runLoad<TrafficTag>({
      targets: 2,
      ...(rate === undefined ? { concurrency: CONCURRENCY_PER_REPLICA } : { rate, concurrency: 256 }),
      durationMs,
      plan: textTraffic(stack.replicas, texts, createRng(1000 + loadIndex), `e2e-bench-${run}-${loadIndex++}`),
    });

  await load(WARMUP_MS).result;
  const runs: RunFigures[] = [];
  for (let i = 0; i < RUNS; i++) {
    const f = figures(await load(RUN_MS).result);
    runs.push(f);
    log(`run ${i + 1}: ${f.requests} requests, ${fmt(f.rps, 0)} req/s, p50 ${fmt(f.p50, 2)} ms, p99 ${fmt(f.p99, 2)} ms, undecided ${f.undecided}, failed ${f.failed}`);
  }

  // Propagation: every change makes each replica reload and recompile the whole snapshot.
  const prober = new Prober();
  const tag = [...randomBytes(4)].map((b) => String.fromCharCode(97 + (b % 26))).join("");
  let round = 0;
  const propagate = async (name: string, rounds: number, timeoutMs: number, background?: LoadRun<TrafficTag>): Promise<PropagationPhase> => {
    const phase: PropagationPhase = { name, changes: [], notEnforced: [] };
    const reloadsBefore = await reloadTotals(stack.replicas);
    for (let r = 0; r < rounds; r++, round++) {
      for (const change of roundOfChanges(stack.adminClient, tag, round)) {
        try {
          phase.changes.push(await measureChange(prober, stack.replicas, change, { timeoutMs, probeIntervalMs: 5 }));
        } catch (error) {
          // Not enforced in time, or an earlier change never was (so this one's "before" state is wrong): record
          // it, and still apply a skipped change so the database goes on as planned.
          const message = error instanceof Error ? error.message : String(error);
          phase.notEnforced.push(`${change.kind}: ${message}`);
          if (message.includes("before the change")) await change.apply().catch(() => undefined);
        }
      }
    }
    if (background) {
      background.stop();
      phase.load = figures(await background.result);
    }
    // Let the replicas settle on the newest version before the next phase.
    const version = await stack.databaseVersion();
    await waitFor(async () => {
      for (const replica of stack.replicas) {
        const ready = (await (await fetch(`${replica.baseUrl}/readyz`)).json()) as { version?: number };
        if (ready.version !== undefined && ready.version < version) return false;
      }
      return true;
    }, { timeoutMs: 120_000, intervalMs: 250, what: "replicas to settle" }).catch(() => undefined);
    const reloadsAfter = await reloadTotals(stack.replicas);
    if (reloadsBefore && reloadsAfter && reloadsAfter.count > reloadsBefore.count) {
      phase.reloads = reloadsAfter.count - reloadsBefore.count;
      phase.reloadSeconds = (reloadsAfter.sum - reloadsBefore.sum) / phase.reloads;
    }
    const d = phase.changes.map((c) => c.delayMs);
    log(`propagation ${name}: ${phase.changes.length} enforced, ${phase.notEnforced.length} not; p50 ${fmt(percentile(d, 50), 0)} ms, p99 ${fmt(percentile(d, 99), 0)} ms${phase.load ? `; load ${fmt(phase.load.rps, 0)} req/s, p99 ${fmt(phase.load.p99, 1)} ms` : ""}`);
    return phase;
  };
  const phases = [
    await propagate("idle", 1, 60_000),
    await propagate(`at ${FIXED_RATE} req/s`, 2, 60_000, load(60 * 60_000, FIXED_RATE)),
    await propagate("under the saturating load of the runs", 1, 120_000, load(60 * 60_000)),
  ];
  prober.close();
  const reloadFailures = [
    ...new Set(stack.replicas.flatMap((r) => r.logLines("reload failed")).map((line) => String((line["err"] as { message?: string } | undefined)?.message ?? line["msg"]))),
  ];

  // Hit logging was on: every blocked message of the measured runs must be in the hit log.
  const blocked = runs.flatMap((r) => r.blocked);
  await waitFor(async () => accountHits(blocked, await hitLogRows(stack.db.url, `e2e-bench-${run}-`)).missing.length === 0, { timeoutMs: 30_000, what: "hit logs" }).catch(() => undefined);
  const hits = accountHits(blocked, await hitLogRows(stack.db.url, `e2e-bench-${run}-`));
  log(`hit log: ${hits.found}/${hits.expected} blocked messages of the measured runs stored`);

  const med = (pick: (f: RunFigures) => number) => median(runs.map(pick));
  const phaseRow = (p: PropagationPhase): string => {
    const d = p.changes.map((c) => c.delayMs);
    const after = p.changes.map((c) => c.delayMs - c.adminMs);
    const loadText = p.load ? `${fmt(p.load.rps, 0)} req/s, p99 ${fmt(p.load.p99, 1)} ms, ${p.load.failed} failed` : "none";
    const reloadText = p.reloadSeconds === undefined ? "n/a" : `${fmt(p.reloadSeconds, 1)} s (${p.reloads})`;
    return `| ${p.name} | ${p.changes.length} of ${p.changes.length + p.notEnforced.length} | ${fmt(percentile(d, 50), 0)} | ${fmt(percentile(d, 99), 0)} | ${fmt(d.length ? Math.max(...d) : Number.NaN, 0)} | ${fmt(percentile(after, 50), 0)} | ${fmt(percentile(p.changes.map((c) => c.adminMs), 50), 0)} | ${reloadText} | ${loadText} |`;
  };
  // Word and whitelist changes rebuild the replicas' automata; a policy change that is the next version does not.
  const kinds = [...new Set(phases.flatMap((p) => p.changes.map((c) => c.kind)))];
  const kindRow = (kind: string): string =>
    `| ${kind} | ${phases
      .map((p) => {
        const d = p.changes.filter((c) => c.kind === kind).map((c) => c.delayMs);
        return d.length === 0 ? "–" : `${fmt(percentile(d, 50), 0)} / ${fmt(Math.max(...d), 0)}`;
      })
      .join(" | ")} |`;
  const fixed = phases[1]!;
  const fixedDelays = fixed.changes.map((c) => c.delayMs);
  const notEnforced = phases.flatMap((p) => p.notEnforced.map((line) => `${p.name}: ${line}`));
  const section = [
    "## End to end",
    "",
    `Measured ${machineLine()}; \`pnpm bench:e2e\` (bench/e2e/run.ts), ${fmt((performance.now() - started) / 1000, 0)} s in all. The admin service and two callback replicas run as separate processes (\`node --import tsx services/<svc>/src/server.ts\`) on loopback with their own redis-server and the shared PostgreSQL 15; the load generator runs in the benchmark's process (keep-alive HTTP/1.1) on the same 2 cores, so every figure includes the generator's own CPU. The machine is shared with other jobs (load average about ${fmt(Number((await import("node:os")).loadavg()[0]), 0)} at the end of this run): read the medians, not single runs.`,
    "",
    `- Dictionary: the matcher benchmark's corpus (bench/matcher/corpus.ts, seed 20261122): ${DICTIONARY_SIZE.toLocaleString("en")} entries (Chinese phrases \`contains\`, English words \`word\`) and ${corpus.whitelist.length} whitelist phrases, loaded through \`/adminx/sensitive_word/add\` (batches of 10,000) and \`/whitelist/add\` in ${fmt(loadMs / 1000)} s: ${landed.added.toLocaleString("en")} added, ${landed.duplicates} duplicates, ${landed.invalid} invalid (admin limits), ${landed.whitelist} whitelist entries. Replicas ready (snapshot loaded and compiled) ${fmt((stack.timings["replicas"] ?? 0) / 1000)} s after start.`,
    `- Traffic: the corpus' ${texts.length.toLocaleString("en")} chat messages (clean, with planted and disguised entries, with whitelisted phrases) as open-im-server-shaped before-send bodies, single and group scenes, default policies (block, all normalisation, hit logging on); ${fmt(100 * med((f) => f.blockedShare), 1)}% of the requests were blocked and hit-logged. Every reply checked for the callback shape and a plain allow or a block.`,
    "",
    `### Throughput of the pair (closed loop, ${CONCURRENCY_PER_REPLICA} connections per replica, ${RUN_MS / 1000} s per run after ${WARMUP_MS / 1000} s of warm-up)`,
    "",
    "| run | requests | req/s | p50 ms | p99 ms | neither allow nor block | failed requests |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...runs.map((f, i) => `| ${i + 1} | ${f.requests.toLocaleString("en")} | ${fmt(f.rps, 0)} | ${fmt(f.p50, 2)} | ${fmt(f.p99, 2)} | ${f.undecided} | ${f.failed} |`),
    `| **median** | | **${fmt(med((f) => f.rps), 0)}** | **${fmt(med((f) => f.p50), 2)}** | **${fmt(med((f) => f.p99), 2)}** | | |`,
    "",
    `Hit logging: ${hits.found.toLocaleString("en")} of ${hits.expected.toLocaleString("en")} blocked messages of the measured runs are in \`hit_log\`${hits.duplicated.length ? ` (${hits.duplicated.length} stored twice)` : ""}.`,
    "",
    "### Propagation of admin changes",
    "",
    `Rounds of six changes through the admin API (add word, add whitelist entry, policy action log, policy action block, delete whitelist entry, delete word), each measured from sending the admin request until both replicas answer a probe with the new verdict (probes every 5 ms per replica). A word or whitelist change makes each replica reload and recompile the ${DICTIONARY_SIZE.toLocaleString("en")}-entry snapshot (in its build worker); a policy change that is the next version is applied to the compiled dictionaries in place. The reload column is the mean of \`wordguard_callback_reload_duration_seconds\` (the replicas' /metrics) over the phase, both kinds together.`,
    "",
    "| load | changes enforced | p50 ms | p99 ms | max ms | p50 after the admin reply | admin request p50 | mean replica reload (count) | load meanwhile |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ...phases.map(phaseRow),
    "",
    "By kind of change, p50 / max ms:",
    "",
    `| change | ${phases.map((p) => p.name).join(" | ")} |`,
    `|---|${phases.map(() => "---:").join("|")}|`,
    ...kinds.map(kindRow),
    "",
    ...(notEnforced.length > 0 ? ["Changes not enforced by both replicas in time (not in the delays above):", "", ...notEnforced.map((line) => `- ${line}`), ""] : []),
    ...(reloadFailures.length > 0 ? [`Replica logs, "reload failed": ${reloadFailures.map((m) => `\`${m}\``).join("; ")}.`, ""] : []),
    `Target: propagation p99 ≤ 500 ms at ${FIXED_RATE} req/s — ${fixed.notEnforced.length > 0 ? "not met (changes not enforced in time)" : percentile(fixedDelays, 99) <= 500 ? "met" : `not met (${fmt(percentile(fixedDelays, 99), 0)} ms)`} in this run.`,
    "",
  ].join("\n");

  // Other benchmarks write their own sections: re-read right before writing and replace only ours.
  const current = existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : "# Benchmark results\n";
  const start = current.indexOf("\n## End to end\n");
  let next: string;
  if (start < 0) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const after = current.indexOf("\n## ", start + 1);
    next = `${current.slice(0, start + 1)}${section}${after < 0 ? "" : `\n${current.slice(after + 1)}`}`;
  }
  writeFileSync(RESULTS, next.endsWith("\n") ? next : `${next}\n`);
  log(`wrote the "End to end" section of ${RESULTS}`);
} catch (error) {
  process.exitCode = 1;
  throw error;
} finally {
  const kept = await stack.close(process.exitCode !== undefined && process.exitCode !== 0);
  if (kept) log(`logs kept in ${kept}`);
}
