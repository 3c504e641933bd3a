// Adds up tap's per-run summaries ("# { total: 15, pass: 14, fail: 1 }") into the one line CI reads.
// A run that printed a failing subtest but no summary (a crashed file) still counts as a failure.
import { readFileSync } from "node:fs";

const text = readFileSync(process.argv[2], "utf8");
let passed = 0;
let failed = 0;
let skipped = 0;
let summaries = 0;
for (const m of text.matchAll(/^# \{ total: (\d+)(?:, pass: (\d+))?(?:, fail: (\d+))?(?:, skip: (\d+))?[^}]*\}$/gm)) {
  summaries++;
  passed += Number(m[2] ?? 0);
  failed += Number(m[3] ?? 0);
  skipped += Number(m[4] ?? 0);
}
if (summaries === 0) failed = Math.max(failed, 1);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
