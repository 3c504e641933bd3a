/**
 * Measurement processes, started by run.ts (pinned to one core, with --expose-gc); each prints one JSON
 * line.
 *   build <corpus> <implementation> <10k|100k>  heap retained by one matcher (measured first, in a fresh
 *                                                process) and the median compile time.
 *   pair  <corpus> <implementation> <10k|100k>  that matcher and ours built side by side, then rounds of
 *                                                alternating passes over the corpus (and alternating
 *                                                per-message timings), so whatever load the shared
 *                                                machine carries falls on both alike: the ratio holds.
 *   solo  <corpus> <implementation> 100k         per-message latency of that matcher alone: 3 passes after 3
 *                                                warm-up passes, every message timed once per pass; the
 *                                                median over passes of each percentile.
 */
import { readFileSync } from "node:fs";
import { median, percentile } from "../lib/stats.ts";
import type { Corpus, MessageKind } from "./corpus.ts";
import type { LatencySummary } from "./report.ts";
import { IMPLEMENTATIONS, type Implementation, type Matcher } from "./implementations.ts";

const [mode, corpusFile, implName, size] = process.argv.slice(2);
const impl = IMPLEMENTATIONS.find((i) => i.name === implName);
if ((mode !== "build" && mode !== "pair" && mode !== "solo") || !corpusFile || !impl || (size !== "10k" && size !== "100k")) {
  console.error("usage: measure.ts build|pair|solo <corpus.json> <implementation> <10k|100k>");
  process.exit(2);
}
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const corpus = JSON.parse(readFileSync(corpusFile, "utf8")) as Corpus;
const texts = corpus.messages.map((m) => m.text);
const input = { entries: size === "100k" ? corpus.entries100k : corpus.entries10k, whitelist: corpus.whitelist };
const ours = IMPLEMENTATIONS[0] as Implementation;

function summarize(us: Float64Array): LatencySummary {
  const sample = Array.from(us);
  return { p50: percentile(sample, 50), p99: percentile(sample, 99), p999: percentile(sample, 99.9), max: percentile(sample, 100) };
}

if (mode === "solo") {
  // In a pair, every message is timed right after the other matcher ran on it, so each side also pays for the
  // cache lines the other one evicted (a 43 MB competitor slows our p50 by half). A callback replica runs one
  // matcher: this is that figure.
  const m = impl.build(input);
  for (let pass = 0; pass < 3; pass++) for (const text of texts) m.all(text);
  const passes: LatencySummary[] = [];
  const us = new Float64Array(texts.length);
  for (let pass = 0; pass < 3; pass++) {
    for (let i = 0; i < texts.length; i++) {
      const t0 = performance.now();
      m.all(texts[i] as string);
      us[i] = (performance.now() - t0) * 1000;
    }
    passes.push(summarize(us));
  }
  const pick = (key: keyof LatencySummary): number => median(passes.map((p) => p[key]));
  console.log(JSON.stringify({ implementation: impl.name, size, latency: { p50: pick("p50"), p99: pick("p99"), p999: pick("p999"), max: pick("max") }, passes }));
} else if (mode === "build") {
  gc();
  gc();
  const before = process.memoryUsage();
  const coldStart = performance.now();
  const kept: Matcher = impl.build(input);
  const coldCompileMs = performance.now() - coldStart;
  for (let i = 0; i < 2; i++) impl.build(input); // warm-up, not timed
  gc();
  gc();
  const after = process.memoryUsage();
  const compileMs: number[] = [];
  const builds = impl.name.startsWith("wordguard") ? 7 : 2;
  // Timed back to back, as the callback service's long-lived build worker compiles: a gc() before each build made V8
  // shrink its heap first, so every timed build began by regrowing it (measured: ~2.5x the build's own time). The
  // first build of the process (JIT not warm yet, heap not grown) is reported apart as coldCompileMs.
  for (let i = 0; i < builds; i++) {
    const t0 = performance.now();
    impl.build(input);
    compileMs.push(performance.now() - t0);
  }
  console.log(
    JSON.stringify({
      implementation: impl.name,
      size,
      heapMB: (after.heapUsed - before.heapUsed) / 2 ** 20,
      buffersMB: (after.arrayBuffers - before.arrayBuffers) / 2 ** 20,
      compileMs: median(compileMs),
      coldCompileMs,
      compileRuns: compileMs,
      alive: kept.any("") === false,
    }),
  );
} else {
  const pair = [
    { impl, m: impl.build(input), all: [] as number[], any: [] as number[], foundAll: 0, foundAny: 0 },
    { impl: ours, m: ours.build(input), all: [] as number[], any: [] as number[], foundAll: 0, foundAny: 0 },
  ];
  // A pass runs the corpus `repeats` times; `found` counts the first time through.
  let repeats = 1;
  const pass = (op: (t: string) => number | boolean): { rate: number; found: number } => {
    let found = 0;
    const t0 = performance.now();
    for (let r = 0; r < repeats; r++) {
      for (let i = 0; i < texts.length; i++) {
        const hits = op(texts[i] as string);
        if (r === 0) found += typeof hits === "number" ? hits : hits ? 1 : 0;
      }
    }
    return { rate: (repeats * texts.length) / ((performance.now() - t0) / 1000), found };
  };
  // Warm-up (JIT, lazily filled tables); a slow competitor gets 3 rounds instead of 5.
  const warm = pass((t) => pair[0]!.m.all(t));
  for (const p of pair) pass((t) => p.m.any(t));
  const warmOurs = pass((t) => pair[1]!.m.all(t));
  // Each side's pass starts with caches the other side (and the gc() before it) just filled: after a pass of the
  // partner, ours needs ~8,000 messages to be back at its steady speed (measured 2026-11-24: 1.4 µs per message for
  // the first 500, 0.48 µs steady). A single 15 ms pass over the corpus measured mostly that refill. Repeating the
  // corpus until a pair of passes lasts about 300 ms measures the throughput a matcher keeps up, as a replica runs.
  repeats = Math.max(1, Math.round(0.3 / (texts.length / warm.rate + texts.length / warmOurs.rate)));
  const rounds = warm.rate < 20_000 ? 3 : 5;
  const ratios = { all: [] as number[], any: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    for (const op of ["all", "any"] as const) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      const rate: number[] = [];
      for (const k of order) {
        const p = pair[k]!;
        gc();
        const r = pass((t) => p.m[op](t));
        p[op].push(r.rate);
        if (op === "all") p.foundAll = r.found;
        else p.foundAny = r.found;
        rate[k] = r.rate;
      }
      ratios[op].push((rate[1] as number) / (rate[0] as number));
    }
  }

  // Latency and detection at 100k: every message timed once per matcher, the order alternating.
  let latency: LatencySummary[] | undefined;
  let quality: Record<MessageKind, { messages: number; flagged: number }>[] | undefined;
  if (size === "100k") {
    const us = [new Float64Array(texts.length), new Float64Array(texts.length)];
    gc();
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i] as string;
      for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) {
        const t0 = performance.now();
        pair[k]!.m.all(text);
        us[k]![i] = (performance.now() - t0) * 1000;
      }
    }
    latency = us.map(summarize);
    quality = pair.map((p) => {
      const q: Record<MessageKind, { messages: number; flagged: number }> = {
        clean: { messages: 0, flagged: 0 },
        hit: { messages: 0, flagged: 0 },
        evasion: { messages: 0, flagged: 0 },
        whitelisted: { messages: 0, flagged: 0 },
      };
      for (const msg of corpus.messages) {
        q[msg.kind].messages++;
        if (p.m.any(msg.text)) q[msg.kind].flagged++;
      }
      return q;
    });
  }
  console.log(
    JSON.stringify(
      pair.map((p, k) => ({
        implementation: p.impl.name,
        size,
        normalises: p.impl.normalises,
        against: impl.name,
        all: { perSecond: median(p.all), runs: p.all, found: p.foundAll },
        any: { perSecond: median(p.any), runs: p.any, found: p.foundAny },
        oursOverThis: k === 0 ? { all: median(ratios.all), any: median(ratios.any), runsAll: ratios.all, runsAny: ratios.any } : undefined,
        repeats,
        latency: latency?.[k],
        quality: quality?.[k],
      })),
    ),
  );
}
