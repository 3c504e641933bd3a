/**
 * `pnpm bench:matcher`: generate the corpus, measure every matcher in its own pinned process, print the
 * table and rewrite the "Matcher" section of bench/RESULTS.md.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { machineLine } from "../lib/stats.ts";
import { type Corpus, generateCorpus } from "./corpus.ts";
import { IMPLEMENTATIONS } from "./implementations.ts";
import { loadMaterial } from "./material.ts";
import { type BuildMeasurement, type PairMeasurement, renderReport, type SoloLatency } from "./report.ts";

const MESSAGES = Number(process.env.BENCH_MATCHER_MESSAGES ?? 30_000);
const here = import.meta.dirname;

const started = performance.now();
const rawFile = path.join(tmpdir(), "wordguard-matcher-last-run.json");
let report: string;
if (process.argv.includes("--render")) {
  // Re-render the last run (e.g. after editing the notes in report.ts) without measuring again.
  const raw = JSON.parse(readFileSync(rawFile, "utf8")) as {
    corpusFile: string;
    builds: BuildMeasurement[];
    pairs: PairMeasurement[][];
    run: { machine: string; pinned: boolean; seconds: number };
    solos?: SoloLatency[];
  };
  report = renderReport(JSON.parse(readFileSync(raw.corpusFile, "utf8")) as Corpus, raw.builds, raw.pairs, raw.run, raw.solos);
} else {
  report = await measureAll();
}
console.log(`\n${report}`);

async function measureAll(): Promise<string> {
  console.log(`generating corpus: ${MESSAGES} messages …`);
  const corpus: Corpus = generateCorpus(await loadMaterial(), MESSAGES);
  const corpusFile = path.join(tmpdir(), `wordguard-matcher-corpus-${corpus.seed}-${MESSAGES}.json`);
  writeFileSync(corpusFile, JSON.stringify(corpus));
  console.log(`corpus ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // One core: taskset when the machine has it (the throughput figures are per core).
  const pinned = spawnSync("taskset", ["-c", "1", "true"]).status === 0;
  function measure(args: string[]): string | undefined {
    const node = [process.execPath, "--expose-gc", "--max-old-space-size=6144", "--import", "tsx", path.join(here, "measure.ts"), ...args];
    const [command, ...commandArgs] = pinned ? ["taskset", "-c", "1", ...node] : node;
    const child = spawnSync(command as string, commandArgs, { encoding: "utf8", timeout: 600_000, maxBuffer: 1 << 26 });
    const line = child.stdout.trim().split("\n").pop() ?? "";
    if (child.status !== 0 || !(line.startsWith("{") || line.startsWith("["))) {
      console.error(`measure ${args.slice(1).join(" ")} failed: ${child.stderr.slice(-2000)}`);
      return undefined;
    }
    return line;
  }

  const builds: BuildMeasurement[] = [];
  const pairs: PairMeasurement[][] = [];
  for (const size of ["10k", "100k"] as const) {
    for (const impl of IMPLEMENTATIONS) {
      const line = measure(["build", corpusFile, impl.name, size]);
      if (line === undefined) continue;
      const b = JSON.parse(line) as BuildMeasurement;
      builds.push(b);
      console.log(`${size.padStart(4)}  ${impl.name.padEnd(32)} compile ${b.compileMs.toFixed(0).padStart(6)} ms  heap ${(b.heapMB + b.buffersMB).toFixed(1)} MB`);
    }
    for (const impl of IMPLEMENTATIONS.slice(1)) {
      const t0 = performance.now();
      const line = measure(["pair", corpusFile, impl.name, size]);
      if (line === undefined) continue;
      const pair = JSON.parse(line) as PairMeasurement[];
      pairs.push(pair);
      const [other, oursHere] = pair as [PairMeasurement, PairMeasurement];
      console.log(
        `${size.padStart(4)}  ${other.implementation.padEnd(32)} ${Math.round(other.all.perSecond).toLocaleString("en").padStart(10)} msg/s; ` +
          `ours ${Math.round(oursHere.all.perSecond).toLocaleString("en").padStart(10)} msg/s = ${other.oursOverThis!.all.toFixed(2)}× (find all), ` +
          `${other.oursOverThis!.any.toFixed(2)}× (any)  (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
      );
    }
  }

  // Latency of ours and of the fastest npm matcher, each alone in its process.
  const solos: SoloLatency[] = [];
  for (const name of [IMPLEMENTATIONS[0]!.name, "@monyone/aho-corasick/fast"]) {
    const line = measure(["solo", corpusFile, name, "100k"]);
    if (line === undefined) continue;
    const solo = JSON.parse(line) as SoloLatency;
    solos.push(solo);
    console.log(`100k  ${name.padEnd(32)} alone: p50 ${solo.latency.p50.toFixed(2)} µs, p99 ${solo.latency.p99.toFixed(2)} µs`);
  }

  const run = { machine: machineLine(), pinned, seconds: (performance.now() - started) / 1000 };
  writeFileSync(rawFile, JSON.stringify({ corpusFile, builds, pairs, run, solos }));
  return renderReport(corpus, builds, pairs, run, solos);
}

const resultsFile = path.resolve(here, "..", "RESULTS.md");
const existing = existsSync(resultsFile) ? readFileSync(resultsFile, "utf8") : "# Benchmark results\n";
writeFileSync(resultsFile, replaceSection(existing, "Matcher", report));
console.log(`wrote the Matcher section of ${resultsFile}`);

/** Replace "## <title>" up to the next "## " heading (or the end); append when absent. */
function replaceSection(document: string, title: string, body: string): string {
  const lines = document.split("\n");
  const from = lines.findIndex((l) => l.trim() === `## ${title}`);
  if (from < 0) return `${document.trimEnd()}\n\n${body.trimEnd()}\n`;
  let to = lines.findIndex((l, i) => i > from && l.startsWith("## "));
  if (to < 0) to = lines.length;
  return [...lines.slice(0, from), ...body.trimEnd().split("\n"), "", ...lines.slice(to)].join("\n").trimEnd() + "\n";
}
