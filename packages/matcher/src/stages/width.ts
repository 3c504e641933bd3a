import { codePointsOf } from "./code-points.ts";

/**
 * Stage 2 — width and compatibility forms: NFKC of the single code point. Full-width `ｆ` → `f`,
 * circled `①` → `1`, `ⓕ` → `f`, mathematical styled letters `𝐟` → `f`, ligatures `ﬁ` → `fi`.
 * Applied per code point (not over the whole string) so every output character keeps one origin;
 * canonical composition across characters is therefore not performed — accents stay as typed.
 */
export function widthFold(cp: number): number[] {
  return codePointsOf(String.fromCodePoint(cp).normalize("NFKC"));
}
