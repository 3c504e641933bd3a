import { readdirSync, readFileSync } from "node:fs";
import t from "tap";
import { DEFAULT_NORMALIZE, normalize, normalizeWord } from "../src/index.ts";
import { confusableCount, confusableFold } from "../src/stages/confusables.ts";
import { isInvisible } from "../src/stages/invisible.ts";
import { traditionalCount, traditionalFold } from "../src/stages/traditional.ts";

const cp = (s: string): number => s.codePointAt(0) as number;

t.test("policy defaults are the contract's", async (t) => {
  t.same(DEFAULT_NORMALIZE, {
    ignoreCase: true,
    ignoreWidth: true,
    ignoreSymbols: true,
    traditionalToSimplified: true,
    confusables: true,
    ignoreRepeat: false,
    leet: false,
  });
});

t.test("no accent folding, other scripts untouched", async (t) => {
  for (const word of ["göt", "péter", "ควย", "naïve", "straße", "한국어", "ひらがな"]) {
    t.equal(normalizeWord(word), word.toLowerCase(), word);
  }
  t.not(normalizeWord("göt"), normalizeWord("got"));
});

t.test("width and compatibility forms", async (t) => {
  for (const [from, to] of [
    ["ＦＵＣＫ", "fuck"],
    ["①⑨⑧⑨", "1989"],
    ["ⓕⓤⓒⓚ", "fuck"],
    ["𝐟𝐮𝐜𝐤", "fuck"],
    ["１９８９", "1989"],
    ["ﬁne", "fine"],
  ]) {
    t.equal(normalizeWord(String(from)), to, String(from));
  }
});

t.test("confusables come from Unicode data: Cyrillic/Greek to Latin letters only", async (t) => {
  t.ok(confusableCount > 50, `${confusableCount} look-alikes`);
  t.same(confusableFold(cp("а")), [cp("a")]);
  t.same(confusableFold(cp("Р")), [cp("P")]);
  t.same(confusableFold(cp("ο")), [cp("o")]);
  t.equal(confusableFold(cp("0")), undefined, "digits are not folded to letters");
  t.equal(confusableFold(cp("ö")), undefined, "Latin is never folded");
  t.equal(normalizeWord("ѕех"), "sex");
  t.equal(normalizeWord("сор", { confusables: false }), "сор");
});

t.test("traditional to simplified from OpenCC's table", async (t) => {
  t.ok(traditionalCount > 3000, `${traditionalCount} characters`);
  for (const [from, to] of [
    ["黃", "黄"],
    ["賭", "赌"],
    ["臺", "台"],
    ["獨", "独"],
  ]) {
    t.equal(String.fromCodePoint(traditionalFold(cp(from as string))), to);
  }
  t.equal(normalizeWord("看黃片"), "看黄片");
  t.equal(normalizeWord("看黃片", { traditionalToSimplified: false }), "看黃片");
});

t.test("invisible characters are dropped, not turned into separators", async (t) => {
  for (const c of ["\u200b", "\u200c", "\u200d", "\u2060", "\u2066", "\ufeff", "\u00ad", "\ufe0f"]) {
    t.ok(isInvisible(cp(c)), JSON.stringify(c));
  }
  t.same(normalize("f\u200bu\u200dc\ufeffk"), { text: "fuck", map: [0, 2, 4, 6], ends: [1, 3, 5, 7] });
});

t.test("every stage can be switched off", async (t) => {
  const off = {
    ignoreCase: false,
    ignoreWidth: false,
    ignoreSymbols: false,
    traditionalToSimplified: false,
    confusables: false,
    ignoreRepeat: false,
    leet: false,
    ignoreInvisible: false,
  };
  const text = "ＡB.c\u200d黃а55";
  t.equal(normalize(text, off).text, text);
  t.equal(normalize(text).text, "abc黄a55");
  t.equal(normalize(text, { leet: true }).text, "abc黄ass");
  t.equal(normalize("fuuuck", { ignoreRepeat: true }).text, "fuck");
});

t.test("the matcher imports nothing of ours (DESIGN.md dependency rule)", async (t) => {
  const dir = new URL("../src/", import.meta.url);
  const files = readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith(".ts"));
  for (const f of files) {
    const source = readFileSync(new URL(String(f), dir), "utf8");
    t.notMatch(source, /from\s+["']@wordguard\//, String(f));
  }
});
