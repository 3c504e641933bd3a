/// <reference path="../data-modules.d.ts" />
import tsCharacters from "opencc-js/dict/TSCharacters";

/**
 * Stage 5 — traditional → simplified Chinese, character by character, from OpenCC's maintained
 * TSCharacters table (bundled by opencc-js, ~3.5k characters): `黃` → `黄`, `傻逼` stays.
 * Phrase-level conversion is not needed: both entries and texts are folded the same way.
 */
const table = new Map<number, number>();
for (const pair of tsCharacters.split("|")) {
  const [from, to] = pair.split(" ");
  if (from === undefined || to === undefined) continue;
  const source = [...from];
  const target = [...to];
  if (source.length !== 1 || target.length !== 1) continue;
  table.set(source[0]!.codePointAt(0) as number, target[0]!.codePointAt(0) as number);
}

export function traditionalFold(cp: number): number {
  return table.get(cp) ?? cp;
}

export const traditionalCount = table.size;
