// `pnpm bench:admin`: the admin service as a process on PostgreSQL + Redis, measured end to end over HTTP:
//   1. add 10,000 entries in one call (and a createMany baseline of the same rows without audit/version),
//   2. import 100,000 lines,
//   3. hit-log search latency (p50/p99 per filter) over 1,000,000 rows, with the EXPLAIN of each search.
// Output: a Markdown report on stdout (pasted into bench/RESULTS.md) and bench/out/admin.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { machineLine, median, percentile } from "../lib/stats.ts";
import { benchDatabaseUrl, freshBenchDatabase, seedHitLogs } from "./database.ts";
import { call, startService } from "./server.ts";
import { planOf, searchShapes, type SearchShape } from "./searches.ts";

const HIT_ROWS = Number(process.env["BENCH_HIT_ROWS"] ?? 1_000_000);
const SEARCH_RUNS = Number(process.env["BENCH_SEARCH_RUNS"] ?? 100);
const ADD_RUNS = 5;
const IMPORT_RUNS = 3;
const SHOW = 20;
const log = (line: string) => process.stderr.write(`${line}\n`);
const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

/** The scan nodes of a plan, e.g. "Index Scan hit_log_send_id_create_time_idx", "**Seq Scan**". */
function scans(plan: string): string {
  const found = [...plan.matchAll(/(Parallel )?(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)( Backward)?(?: using (\S+)| on (\S+))/g)].map((m) =>
    m[2] === "Seq Scan" ? `**Seq Scan** ${m[5] ?? ""}` : `${m[2]} ${m[4] ?? m[5] ?? ""}`,
  );
  return [...new Set(found)].join(", ") || "—";
}

async function main(): Promise<void> {
  const databaseUrl = benchDatabaseUrl();
  log(`database ${databaseUrl}`);
  const prisma = await freshBenchDatabase(databaseUrl);
  const service = await startService({
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env["REDIS_URL"] ?? "redis://127.0.0.1:6379",
    REDIS_PREFIX: `wgbench:adm:${process.pid}:`,
    LOGIN_RATE_LIMIT: "1000",
  });
  const report: string[] = [];
  const json: Record<string, unknown> = { machine: machineLine(), hitRows: HIT_ROWS };
  try {
    const { data: login } = await call<{ adminToken: string }>(service.url, "/adminx/account/login", { account: "chatAdmin", password: "chatAdmin" });
    const token = login.adminToken;

    // 1. add 10,000 entries in one call, fresh words each run.
    const addMs: number[] = [];
    for (let run = 0; run < ADD_RUNS; run++) {
      const words = Array.from({ length: 10_000 }, (_, i) => ({ word: `add${run}x${i}`, category: "bench", level: ((i % 3) + 1) as 1 | 2 | 3 }));
      const { data, ms } = await call<{ added: unknown[] }>(service.url, "/adminx/sensitive_word/add", { words }, token);
      if (data.added.length !== 10_000) throw new Error(`run ${run}: added ${data.added.length}`);
      addMs.push(ms);
      log(`add 10,000 #${run + 1}: ${fmt(ms)} ms`);
    }
    const baselineMs: number[] = [];
    for (let run = 0; run < ADD_RUNS; run++) {
      const started = performance.now();
      await prisma.sensitiveWord.createMany({
        data: Array.from({ length: 10_000 }, (_, i) => ({ word: `base${run}x${i}`, normalized: `base${run}x${i}`, category: "bench" })),
        skipDuplicates: true,
      });
      baselineMs.push(performance.now() - started);
    }
    json["add10k"] = { runsMs: addMs, medianMs: median(addMs), baselineCreateManyMs: baselineMs };

    // 2. import 100,000 lines (plain text), fresh words each run.
    const importMs: number[] = [];
    for (let run = 0; run < IMPORT_RUNS; run++) {
      const content = Array.from({ length: 100_000 }, (_, i) => `imp${run}w${i}`).join("\n");
      const { data, ms } = await call<{ added: number }>(service.url, "/adminx/sensitive_word/import", { content, defaults: { category: "import" } }, token);
      if (data.added !== 100_000) throw new Error(`import run ${run}: added ${data.added}`);
      importMs.push(ms);
      log(`import 100,000 #${run + 1}: ${fmt(ms)} ms`);
    }
    const dryStarted = performance.now();
    await call(service.url, "/adminx/sensitive_word/import", { content: Array.from({ length: 100_000 }, (_, i) => `imp0w${i}`).join("\n"), dryRun: true }, token);
    const dryMs = performance.now() - dryStarted;
    json["import100k"] = { runsMs: importMs, medianMs: median(importMs), dryRunAllDuplicatesMs: dryMs };

    // 3. a million hit logs, then every search shape.
    log(`seeding ${HIT_ROWS} hit logs…`);
    const seedStarted = performance.now();
    await seedHitLogs(prisma, HIT_ROWS, (done) => log(`  ${done}`));
    const seedMs = performance.now() - seedStarted;
    const now = Date.now();
    const shapes = searchShapes(now);
    type Result = { name: string; total: number; p50: number; p99: number; max: number; seqScan: boolean; scanExpected: boolean; page: string; count: string };
    const results: Result[] = [];
    const measure = async (shape: SearchShape, name = shape.name): Promise<void> => {
      const body = { ...shape.filter, pagination: { pageNumber: shape.pageNumber, showNumber: SHOW } };
      let total = 0;
      for (let i = 0; i < 5; i++) total = (await call<{ total: number }>(service.url, "/adminx/sensitive_word/hit/search", body, token)).data.total;
      const times: number[] = [];
      const runs = shape.scanExpected ? Math.min(20, SEARCH_RUNS) : SEARCH_RUNS;
      for (let i = 0; i < runs; i++) times.push((await call(service.url, "/adminx/sensitive_word/hit/search", body, token)).ms);
      const plan = await planOf(prisma, shape, SHOW);
      results.push({ name, total, p50: median(times), p99: percentile(times, 99), max: Math.max(...times), seqScan: plan.seqScan, scanExpected: shape.scanExpected === true, page: plan.page, count: plan.count });
      log(`search ${name}: total ${total}, p50 ${fmt(median(times))} ms, p99 ${fmt(percentile(times, 99))} ms${plan.seqScan ? " SEQ SCAN" : ""}`);
    };
    for (const shape of shapes) await measure(shape);
    // The keyword-only search with the trigram index the README proposes (not in the migrations: see README).
    const trgmStarted = performance.now();
    await prisma.$executeRawUnsafe(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await prisma.$executeRawUnsafe(`CREATE INDEX "hit_log_text_trgm_idx" ON "hit_log" USING gin ("text" gin_trgm_ops)`);
    await prisma.$executeRawUnsafe(`ANALYZE "hit_log"`);
    const trgmMs = performance.now() - trgmStarted;
    const keywordShape = shapes.find((s) => s.scanExpected);
    if (keywordShape) await measure({ ...keywordShape, scanExpected: false }, `${keywordShape.name}, with a pg_trgm GIN index`);
    const indexed = results.filter((r) => !r.scanExpected);
    const worstP99 = Math.max(...indexed.map((r) => r.p99));
    json["search"] = { seedMs, trgmIndexMs: trgmMs, runsPerShape: SEARCH_RUNS, showNumber: SHOW, results, worstIndexedP99Ms: worstP99 };

    report.push(
      `Machine: ${machineLine()}. Admin service as its own process (src/server.ts) over HTTP, PostgreSQL 15 and Redis on the same`,
      `2 cores (shared with other jobs: numbers are noisy; medians quoted).`,
      "",
      "| measurement | median | runs |",
      "|---|---|---|",
      `| add 10,000 entries in one call (\`/sensitive_word/add\`: normalise, insert, 10,000 audit rows, version, event) | ${fmt(median(addMs))} ms | ${addMs.map(fmt).join(", ")} |`,
      `| baseline: Prisma \`createMany\` of 10,000 rows (no normalising, audit, version or event) | ${fmt(median(baselineMs))} ms | ${baselineMs.map(fmt).join(", ")} |`,
      `| import 100,000 text lines (\`/sensitive_word/import\`) | ${fmt(median(importMs))} ms | ${importMs.map(fmt).join(", ")} |`,
      `| import 100,000 lines, dry run, all duplicates | ${fmt(dryMs)} ms | 1 |`,
      `| seed ${HIT_ROWS.toLocaleString("en")} hit logs (SQL generate_series, all indexes in place, VACUUM ANALYZE) | ${fmt(seedMs)} ms | 1 |`,
      `| build the proposed pg_trgm GIN index on hit_log.text (${HIT_ROWS.toLocaleString("en")} rows) | ${fmt(trgmMs)} ms | 1 |`,
      "",
      `Hit-log search over ${HIT_ROWS.toLocaleString("en")} rows, showNumber ${SHOW}, ${SEARCH_RUNS} sequential requests per filter (HTTP round trip, page + exact total):`,
      "",
      "| filter | total | p50 | p99 | page plan | total plan |",
      "|---|---|---|---|---|---|",
      ...results.map(
        (r) => `| ${r.name} | ${r.total.toLocaleString("en")} | ${fmt(r.p50)} ms | ${fmt(r.p99)} ms | ${scans(r.page)} | ${scans(r.count)} |`,
      ),
      "",
      `Worst p99 of the indexed searches: **${fmt(worstP99)} ms**.`,
    );
    json["plans"] = Object.fromEntries(results.map((r) => [r.name, { page: r.page, count: r.count }]));
  } finally {
    await service.stop();
    await prisma.$disconnect();
  }
  const outDir = fileURLToPath(new URL("../out/", import.meta.url));
  mkdirSync(outDir, { recursive: true });
  writeFileSync(`${outDir}admin.json`, `${JSON.stringify(json, null, 2)}\n`);
  const plans = json["plans"] as Record<string, { page: string; count: string }>;
  // Committed beside the benchmark: the full EXPLAIN (ANALYZE, BUFFERS) of every search measured.
  writeFileSync(
    fileURLToPath(new URL("./PLANS.md", import.meta.url)),
    `# Hit-log search plans (${machineLine()}, ${HIT_ROWS.toLocaleString("en")} rows)\n\nGenerated by \`pnpm bench:admin\`.\n\n` +
    Object.entries(plans)
      .map(([name, p]) => `### ${name}\n\npage:\n\`\`\`\n${p.page}\n\`\`\`\ncount:\n\`\`\`\n${p.count}\n\`\`\`\n`)
      .join("\n"),
  );
  process.stdout.write(`${report.join("\n")}\n`);
}

await main();
