import { codePointsOf } from "./code-points.ts";

/** Stage 4 — case: lower-case per code point (`FUCK` → `fuck`, `Σ` → `σ`). */
export function caseFold(cp: number): number[] {
  return codePointsOf(String.fromCodePoint(cp).toLowerCase());
}
