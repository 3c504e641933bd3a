import t from "tap";
import { compile, normalize } from "../src/index.ts";
import type { Hit } from "../src/types.ts";
import { caseDictionary } from "./helpers.ts";
import { refFindHits } from "./reference.ts";

const dict = compile(caseDictionary);

t.test("empty and non-string texts never throw", async (t) => {
  t.same(dict.findHits(""), []);
  t.equal(dict.hasHit(""), false);
  t.equal(dict.mask("", [], "*"), "");
  t.same(normalize(""), { text: "", map: [], ends: [] });
  t.same(dict.findHits(undefined as unknown as string), []);
  t.equal(dict.hasHit(null as unknown as string), false);
  t.same(dict.explain(42 as unknown as string).hits, []);
});

t.test("lone surrogates, emoji and ZWJ sequences", async (t) => {
  const texts = [
    "\ud800",
    "\udc00",
    "\ud800\ud800fuck\udc00",
    "fuck\ud800",
    "\udbff\udfff傻逼",
    "👨\u200d👩\u200d👧\u200d👦fuck👩🏽\u200d💻",
    "f👨\u200d👩\u200d👧u👍🏽c🏳️\u200d🌈k",
    "🇨🇳傻🇺🇸逼",
  ];
  for (const text of texts) {
    const hits = dict.findHits(text);
    t.same(hits, refFindHits(caseDictionary, text), JSON.stringify(text));
    t.equal(dict.hasHit(text), hits.length > 0);
    const masked = dict.mask(text, hits, "*");
    t.type(masked, "string");
  }
  t.same(dict.findHits("f👨\u200d👩\u200d👧u👍🏽c🏳️\u200d🌈k"), [{ entryId: "fuck", start: 0, end: 22 }]);
});

t.test("1 MiB texts", async (t) => {
  const unit = "你好 world 傻*逼 and some more text, 三黄片! ";
  const text = unit.repeat(Math.ceil((1 << 20) / unit.length)).slice(0, 1 << 20);
  const hits = dict.findHits(text);
  const occurrences = text.split("傻*逼").length - 1;
  t.equal(hits.length, occurrences, "every occurrence, the whitelisted ones cancelled");
  t.ok(hits.every((h) => h.entryId === "shabi" && text.slice(h.start, h.end) === "傻*逼"));
  t.equal(dict.hasHit(text), true);
  t.equal(dict.mask(text, hits, "*").length, text.length);

  const clean = "今天天气不错 see you later! ".repeat(40000).slice(0, 1 << 20);
  t.same(dict.findHits(clean), []);
  t.equal(dict.hasHit(clean), false);

  const separators = " .*-😀".repeat(200000).slice(0, 1 << 20);
  t.same(dict.findHits(separators), []);

  const repeated = "a".repeat(1 << 20);
  const collapsing = compile({ ...caseDictionary, normalize: { ignoreRepeat: true } });
  t.same(collapsing.findHits(repeated), []);
  t.equal(normalize(repeated, { ignoreRepeat: true }).text, "a");
  t.same(collapsing.findHits(`${"f".repeat(1000)}uuuuck`), [{ entryId: "fuck", start: 0, end: 1006 }]);
});

t.test("entries that normalise to nothing are reported, never matched", async (t) => {
  const d = compile({
    entries: [
      { id: "dots", word: "..." },
      { id: "space", word: "   " },
      { id: "zero-width", word: "\u200b\u200d" },
      { id: "emoji", word: "😀👍🏽" },
      { id: "empty", word: "" },
      { id: "ok", word: "ok" },
      { id: "ok", word: "again" },
    ],
    whitelist: [{ id: "w", word: "!!!" }],
  });
  t.same(
    d.invalid.map((i) => [i.id, i.kind, i.reason]),
    [
      ["dots", "entry", "normalizes-to-nothing"],
      ["space", "entry", "empty"],
      ["zero-width", "entry", "normalizes-to-nothing"],
      ["emoji", "entry", "normalizes-to-nothing"],
      ["empty", "entry", "empty"],
      ["ok", "entry", "duplicate-id"],
      ["w", "whitelist", "normalizes-to-nothing"],
    ],
  );
  t.same(d.findHits("... 😀👍🏽 anything at all"), []);
  t.same(d.findHits("ok."), [{ entryId: "ok", start: 0, end: 2 }]);
  t.equal(d.stats().entries, 1);
});

t.test("malformed compile input does not throw", async (t) => {
  const d = compile({
    entries: [null, { id: 7, word: 8 }, { id: "x" }, { id: "y", word: "yes", scenes: "group" }] as never,
    whitelist: "nope" as never,
    normalize: { ignoreCase: "yes" } as never,
  });
  t.same(d.findHits("YES"), [{ entryId: "y", start: 0, end: 3 }], "a bad flag falls back to the default");
  t.equal(compile({} as never).hasHit("anything"), false);
});

t.test("mask tolerates odd hit lists", async (t) => {
  const odd: Hit[] = [
    { entryId: "a", start: -5, end: 2 },
    { entryId: "b", start: 8, end: 99 },
    { entryId: "c", start: 5, end: 3 },
    { entryId: "d", start: Number.NaN, end: 1 },
  ];
  t.equal(dict.mask("0123456789", odd, "#"), "##23456789".slice(0, 8) + "##");
  t.equal(dict.mask("a😀b", [{ entryId: "x", start: 2, end: 3 }], "*"), "a*b", "half a pair masks the pair");
});

t.test("long entries and many entries with one key", async (t) => {
  const long = "傻".repeat(40) + "逼";
  const d = compile({
    entries: [
      { id: "long", word: long },
      { id: "a", word: "dup" },
      { id: "b", word: "DUP" },
      { id: "c", word: "d.u.p", matchType: "word" },
    ],
  });
  t.same(d.findHits(`x${long}x`), [{ entryId: "long", start: 1, end: 42 }]);
  t.same(
    d.findHits("a dup!"),
    [
      { entryId: "a", start: 2, end: 5 },
      { entryId: "b", start: 2, end: 5 },
      { entryId: "c", start: 2, end: 5 },
    ],
  );
});

t.test("a large alphabet stays compact: 100k random CJK words", async (t) => {
  // Regression: wide trie nodes whose children spread over thousands of codes were placed past the end of the
  // array each time, and 100k random ideograph words needed more than the 16M cells the layout can address.
  let seed = 20261121;
  const random = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const seen = new Set<string>();
  const entries: { id: string; word: string }[] = [];
  while (entries.length < 100_000) {
    let word = "";
    const length = 2 + Math.floor(random() * 3);
    for (let i = 0; i < length; i++) word += String.fromCodePoint(0x6000 + Math.floor(random() * 0x3fa5));
    if (seen.has(word)) continue;
    seen.add(word);
    entries.push({ id: String(entries.length + 1), word });
  }
  const big = compile({ entries, whitelist: [] });
  const stats = big.stats();
  t.equal(stats.entries, 100_000);
  // 16 bytes per cell: a dense layout stays within a small multiple of one cell per state.
  t.ok(stats.bytes < 16 * 3 * stats.states + 8 * 1024 * 1024, `${stats.bytes} bytes for ${stats.states} states`);
  for (const e of [entries[0]!, entries[50_000]!, entries[99_999]!]) {
    t.same(big.findHits(`看看${e.word}吧`).map((h) => h.entryId), [e.id], e.word);
  }
});
