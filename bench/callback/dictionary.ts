// A deterministic prohibited-word dictionary for the callback benchmark: the same seed gives the same words on every
// machine, so runs compare. Mostly CJK words of 2–4 ideographs (the common case of an OpenIM deployment) and Latin
// pseudo-words, a quarter of them whole-word entries, spread over the contract's suggested categories and levels.

export interface GeneratedWord {
  word: string;
  matchType: "contains" | "word";
  category: string;
  level: 1 | 2 | 3;
}

const CATEGORIES = ["politics", "porn", "abuse", "violence", "ads", "fraud"] as const;

/** mulberry32: tiny, fast, good enough to spread words; deterministic for a seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Entries draw their ideographs from the upper part of the CJK block and clean texts from a fixed list of common
// words (bench/callback/bodies.ts), so clean texts rarely hit by accident; the bench still verifies every clean body.
const CJK_FIRST = 0x6000;
const CJK_LAST = 0x9fa5;
const LATIN = "abcdefghijklmnopqrstuvwxyz";

function cjkWord(rand: () => number): string {
  const length = 2 + Math.floor(rand() * 3);
  let word = "";
  for (let i = 0; i < length; i++) word += String.fromCodePoint(CJK_FIRST + Math.floor(rand() * (CJK_LAST - CJK_FIRST)));
  return word;
}

function latinWord(rand: () => number): string {
  const length = 6 + Math.floor(rand() * 6);
  let word = "";
  for (let i = 0; i < length; i++) word += LATIN[Math.floor(rand() * LATIN.length)];
  return word;
}

/** `count` distinct words (distinct after lower-casing, the admin service's duplicate key). */
export function generateDictionary(count: number, seed = 20261121): GeneratedWord[] {
  const rand = prng(seed);
  const seen = new Set<string>();
  const words: GeneratedWord[] = [];
  while (words.length < count) {
    const latin = rand() < 0.4;
    const word = latin ? latinWord(rand) : cjkWord(rand);
    if (seen.has(word)) continue;
    seen.add(word);
    words.push({
      word,
      matchType: latin && rand() < 0.25 ? "word" : "contains",
      category: CATEGORIES[Math.floor(rand() * CATEGORIES.length)]!,
      level: (1 + Math.floor(rand() * 3)) as 1 | 2 | 3,
    });
  }
  return words;
}
