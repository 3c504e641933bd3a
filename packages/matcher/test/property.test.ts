import fc from "fast-check";
import t from "tap";
import { compile, normalize, normalizeWord } from "../src/index.ts";
import type { CompileInput, DictionaryEntry, NormalizeOptions, Scene, WhitelistEntry } from "../src/types.ts";
import { refExplain, refFindHits, refKey, refMask, refNormalize, refOptions } from "./reference.ts";

/**
 * Mixed-script material chosen so random texts and dictionaries collide often: a few Latin letters in
 * several disguises, CJK in both scripts, separators, invisibles, emoji, expansions and broken UTF-16.
 */
const PIECES = [
  "a", "b", "s", "x", "e", "A", "S", "ａ", "ｓ", "ⓐ", "ⓢ", "𝐚", "а", "ѕ", "е", "Α", "é", "e\u0301", "ß",
  "傻", "逼", "黄", "黃", "片", "三", "賭", "赌", "博", "ก", "ข",
  "1", "9", "①", "⑩", "１", "4", "5", "$", "@",
  " ", ".", "*", "-", "!", "　", "\n",
  "\u200b", "\u200d", "\ufe0f", "😀", "👍🏽", "👨\u200d👩\u200d👧",
  "\ud800", "\udc00", "ﬁ", "㍿",
];

const piece = fc.constantFrom(...PIECES);
const textArb = fc.array(piece, { maxLength: 24 }).map((p) => p.join(""));
const wordArb = fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => p.join(""));
const scenesArb = fc.constantFrom<readonly Scene[]>(["single", "group"], ["single"], ["group"], []);
const optionsArb: fc.Arbitrary<NormalizeOptions> = fc.record(
  {
    ignoreCase: fc.boolean(),
    ignoreWidth: fc.boolean(),
    ignoreSymbols: fc.boolean(),
    traditionalToSimplified: fc.boolean(),
    confusables: fc.boolean(),
    ignoreRepeat: fc.boolean(),
    leet: fc.boolean(),
    ignoreInvisible: fc.boolean(),
  },
  { requiredKeys: [] },
);

const inputArb: fc.Arbitrary<CompileInput> = fc
  .record({
    entries: fc.array(
      fc.record({
        word: wordArb,
        matchType: fc.constantFrom("contains", "word"),
        scenes: scenesArb,
        enabled: fc.boolean().map((b) => b || Math.random() < 0.9),
      }),
      { maxLength: 8 },
    ),
    whitelist: fc.array(fc.record({ word: wordArb, scenes: scenesArb }), { maxLength: 3 }),
    normalize: optionsArb,
  })
  .map(({ entries, whitelist, normalize }) => ({
    entries: entries.map((e, i) => ({ id: `e${i % 7}`, ...e }) as DictionaryEntry),
    whitelist: whitelist.map((w, i) => ({ id: `w${i}`, ...w }) as WhitelistEntry),
    normalize,
  }));

const sceneArb = fc.constantFrom<Scene | undefined>(undefined, "single", "group");
const RUNS = Number(process.env.MATCHER_FC_RUNS ?? 400);

t.test("findHits equals the reference on random texts and dictionaries", async (t) => {
  fc.assert(
    fc.property(inputArb, fc.array(textArb, { minLength: 1, maxLength: 4 }), sceneArb, (input, texts, scene) => {
      const dict = compile(input);
      for (const text of texts) {
        const hits = dict.findHits(text, scene);
        if (JSON.stringify(hits) !== JSON.stringify(refFindHits(input, text, scene))) return false;
        if (dict.hasHit(text, scene) !== hits.length > 0) return false;
      }
      return true;
    }),
    { numRuns: RUNS },
  );
  t.pass(`${RUNS} random cases agree`);
});

t.test("explain's cancelled hits and whitelist matches equal the reference", async (t) => {
  fc.assert(
    fc.property(inputArb, textArb, sceneArb, (input, text, scene) => {
      const e = compile(input).explain(text, scene);
      const r = refExplain(input, text, scene);
      const actual = {
        hits: e.hits,
        cancelled: e.cancelled.map(({ entryId, start, end }) => ({ entryId, start, end })),
        whitelist: e.whitelistMatches.map(({ whitelistId, start, end }) => ({ entryId: whitelistId, start, end })),
      };
      const covered = e.cancelled.every((c) => c.whitelistStart <= c.start && c.end <= c.whitelistEnd);
      return covered && JSON.stringify(actual) === JSON.stringify(r);
    }),
    { numRuns: 200 },
  );
  t.pass("200 random cases agree");
});

t.test("masks equal the reference mask and keep everything outside hits", async (t) => {
  fc.assert(
    fc.property(inputArb, textArb, (input, text) => {
      const dict = compile(input);
      const hits = dict.findHits(text);
      return dict.mask(text, hits, "*") === refMask(text, hits, "*");
    }),
    { numRuns: 200 },
  );
  t.pass("200 random cases agree");
});

t.test("normalize and normalizeWord equal the reference", async (t) => {
  fc.assert(
    fc.property(textArb, optionsArb, (text, options) => {
      const n = normalize(text, options);
      const r = refNormalize(text, options);
      return (
        n.text === r.text &&
        JSON.stringify(n.map) === JSON.stringify(r.map) &&
        normalizeWord(text, options) === String.fromCodePoint(...refKey(text.trim(), refOptions(options)))
      );
    }),
    { numRuns: RUNS },
  );
  t.pass(`${RUNS} random cases agree`);
});

t.test("a dictionary survives a transfer round trip unchanged", async (t) => {
  const { fromTransferable } = await import("../src/index.ts");
  fc.assert(
    fc.property(inputArb, textArb, (input, text) => {
      const original = compile(input);
      const expected = original.findHits(text);
      const copy = fromTransferable(structuredClone(original.toTransferable()));
      return (
        JSON.stringify(copy.findHits(text)) === JSON.stringify(expected) &&
        copy.stats().patterns === original.stats().patterns
      );
    }),
    { numRuns: 100 },
  );
  t.pass("100 random round trips agree");
});
