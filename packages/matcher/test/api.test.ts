import t from "tap";
import { compile, DEFAULT_NORMALIZE, fromTransferable, normalize, normalizeWord } from "../src/index.ts";

const dict = compile({
  entries: [
    { id: "1", word: "赌博", matchType: "contains", level: 2, category: "fraud", scenes: ["single", "group"] },
    { id: "2", word: "ass", matchType: "word" },
    { id: "3", word: "黄片", scenes: ["group"] },
    { id: "4", word: "…" },
  ],
  whitelist: [{ id: "w1", word: "反赌博", scenes: ["single", "group"] }],
  normalize: { ignoreRepeat: false },
});

t.test("findHits reports original offsets sorted by start", async (t) => {
  t.same(dict.findHits("我要赌博, an ass!"), [
    { entryId: "1", start: 2, end: 4 },
    { entryId: "2", start: 9, end: 12 },
  ]);
  t.equal(dict.hasHit("我要赌博"), true);
  t.equal(dict.hasHit("class"), false);
});

t.test("whitelist cancels covered hits and explain tells which", async (t) => {
  t.same(dict.findHits("反赌博"), []);
  const e = dict.explain("反赌博");
  t.same(e.cancelled, [{ entryId: "1", start: 1, end: 3, whitelistId: "w1", whitelistStart: 0, whitelistEnd: 3 }]);
  t.equal(e.normalized, "反赌博");
});

t.test("scenes filter entries", async (t) => {
  t.same(dict.findHits("黄片", "single"), []);
  t.same(dict.findHits("黄片", "group"), [{ entryId: "3", start: 0, end: 2 }]);
  t.same(dict.findHits("黄片"), [{ entryId: "3", start: 0, end: 2 }]);
});

t.test("mask replaces hit spans including skipped separators", async (t) => {
  const text = "赌*博 ok";
  t.equal(dict.mask(text, dict.findHits(text), "*"), "*** ok");
});

t.test("invalid entries are reported, not matched", async (t) => {
  t.same(dict.invalid, [{ id: "4", word: "…", kind: "entry", reason: "normalizes-to-nothing" }]);
  t.same(dict.findHits("… anything …"), []);
});

t.test("normalize maps back to original offsets", async (t) => {
  t.same(normalize("Ｆ.Ｕ", {}), { text: "fu", map: [0, 2], ends: [1, 3] });
  t.equal(normalizeWord("F U C K", DEFAULT_NORMALIZE), "fuck");
});

t.test("transferable round trip keeps behaviour", async (t) => {
  const copy = fromTransferable(dict.toTransferable());
  t.same(copy.findHits("我要赌博, an ass!"), dict.findHits("我要赌博, an ass!"));
  t.same(copy.invalid, dict.invalid);
});
