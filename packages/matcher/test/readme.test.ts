import t from "tap";
import { compile } from "../src/index.ts";

// The running example of README.md, kept true by this test.
const dict = compile({
  entries: [
    { id: "1", word: "赌博", matchType: "contains", level: 2, category: "fraud", scenes: ["single", "group"] },
    { id: "2", word: "ass", matchType: "word" },
    { id: "3", word: "黄片" },
    { id: "4", word: "片子" },
    { id: "5", word: "fuck" },
  ],
  whitelist: [{ id: "w1", word: "三黄片", scenes: ["single", "group"] }],
  normalize: { ignoreRepeat: false },
});

t.test("README running example", async (t) => {
  const text = "三黄片 and 黄片子, an ass! f.u.c.k class";
  const hits = dict.findHits(text);
  t.same(hits, [
    { entryId: "3", start: 8, end: 10 },
    { entryId: "4", start: 9, end: 11 },
    { entryId: "2", start: 16, end: 19 },
    { entryId: "5", start: 21, end: 28 },
  ]);
  t.equal(dict.hasHit(text), true);
  t.equal(dict.mask(text, hits, "*"), "三黄片 and ***, an ***! ******* class");
  t.same(dict.explain(text).cancelled, [
    { entryId: "3", start: 1, end: 3, whitelistId: "w1", whitelistStart: 0, whitelistEnd: 3 },
  ]);
  t.same(dict.findHits("class assessment ass123"), []);
});
