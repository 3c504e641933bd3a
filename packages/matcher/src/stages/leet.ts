/**
 * Stage 6 (optional, off by default) — leet: digits and symbols used as letters. `f4g` → `fag`,
 * `a$$` → `ass`. Applied to entries too, so an entry containing these digits is folded the same way.
 * This is the one hand-written table: leet is a convention, not Unicode data.
 */
const LEET: ReadonlyMap<number, number> = new Map(
  [
    ["0", "o"],
    ["1", "i"],
    ["3", "e"],
    ["4", "a"],
    ["5", "s"],
    ["7", "t"],
    ["8", "b"],
    ["@", "a"],
    ["$", "s"],
  ].map(([from, to]) => [from!.charCodeAt(0), to!.charCodeAt(0)]),
);

export function leetFold(cp: number): number {
  return LEET.get(cp) ?? cp;
}
