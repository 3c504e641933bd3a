import t from "tap";
import { compile } from "../src/index.ts";
import type { CompileInput } from "../src/types.ts";
import {
  CONFIGURATIONS,
  caseDictionary,
  type CleanCase,
  type HitCase,
  loadJson,
  type OffsetCase,
} from "./helpers.ts";
import { refFindHits, refMask } from "./reference.ts";

const mustHit = loadJson<HitCase[]>("must-hit.json");
const mustNotHit = loadJson<CleanCase[]>("must-not-hit.json");
const offsets = loadJson<OffsetCase[]>("offsets.json");

const withOptions = (normalize: CompileInput["normalize"]): CompileInput => ({ ...caseDictionary, normalize });
const defaultDict = compile(caseDictionary);

t.test("the case dictionary compiles without invalid entries", async (t) => {
  t.same(defaultDict.invalid, []);
});

t.test("evasions that must hit (default policy unless the case says otherwise)", async (t) => {
  for (const c of mustHit) {
    const input = withOptions(c.normalize);
    const dict = c.normalize ? compile(input) : defaultDict;
    const hits = dict.findHits(c.text, c.scene);
    t.ok(
      hits.some((h) => h.entryId === c.hit),
      `${c.name}: ${JSON.stringify(c.text)} hits ${c.hit}`,
    );
    t.equal(dict.hasHit(c.text, c.scene), hits.length > 0, `${c.name}: hasHit agrees`);
    t.same(hits, refFindHits(input, c.text, c.scene), `${c.name}: same as the reference`);
  }
});

t.test("texts that must not hit", async (t) => {
  for (const c of mustNotHit) {
    const hits = defaultDict.findHits(c.text, c.scene);
    t.same(hits, [], `${c.name}: ${JSON.stringify(c.text)}`);
    t.equal(defaultDict.hasHit(c.text, c.scene), false, `${c.name}: hasHit agrees`);
    t.same(refFindHits(caseDictionary, c.text, c.scene), [], `${c.name}: reference agrees`);
  }
});

t.test("exact offsets and masks on mixed text", async (t) => {
  for (const c of offsets) {
    const hits = defaultDict.findHits(c.text);
    t.same(hits, c.hits, `${c.name}: hits`);
    t.equal(defaultDict.hasHit(c.text), hits.length > 0, `${c.name}: hasHit agrees`);
    t.equal(defaultDict.mask(c.text, hits, "*"), c.mask, `${c.name}: mask`);
    t.equal(refMask(c.text, c.hits, "*"), c.mask, `${c.name}: reference mask`);
  }
});

t.test("every case under every configuration agrees with the reference", async (t) => {
  const texts = [...mustHit, ...mustNotHit, ...offsets].map((c) => c.text);
  const scenes = [undefined, "single", "group"] as const;
  for (const normalize of CONFIGURATIONS) {
    const input = withOptions(normalize);
    const dict = compile(input);
    for (const text of texts) {
      for (const scene of scenes) {
        const hits = dict.findHits(text, scene);
        const expected = refFindHits(input, text, scene);
        if (JSON.stringify(hits) !== JSON.stringify(expected)) {
          t.same(hits, expected, `${JSON.stringify(normalize)} ${scene} ${JSON.stringify(text)}`);
        }
        if (dict.hasHit(text, scene) !== hits.length > 0) t.fail(`hasHit disagrees on ${JSON.stringify(text)}`);
      }
    }
    t.pass(`configuration ${JSON.stringify(normalize)}`);
  }
});

t.test("explain names the whitelist entry that cancelled a hit", async (t) => {
  const e = defaultDict.explain("三黃片");
  t.equal(e.normalized, "三黄片");
  t.same(e.hits, []);
  t.same(e.cancelled, [
    { entryId: "huangpian", start: 1, end: 3, whitelistId: "sanhuangpian", whitelistStart: 0, whitelistEnd: 3 },
  ]);
  t.same(e.whitelistMatches, [{ whitelistId: "sanhuangpian", start: 0, end: 3 }]);
});
