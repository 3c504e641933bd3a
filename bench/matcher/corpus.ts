import { compile, type DictionaryEntry, type WhitelistEntry } from "@wordguard/matcher";
import type { Material } from "./material.ts";
import { Rng, WeightedPicker } from "./rng.ts";

export type MessageKind = "clean" | "hit" | "evasion" | "whitelisted";

export interface Message {
  text: string;
  kind: MessageKind;
  /** For hit / evasion: the planted entry; for whitelisted: the whitelist entry. */
  id?: string;
  /** For evasion: which disguise. */
  evasion?: string;
}

export interface Corpus {
  seed: number;
  entries100k: DictionaryEntry[];
  /** The first 10k of a mixed order; every planted entry is in both dictionaries. */
  entries10k: DictionaryEntry[];
  whitelist: WhitelistEntry[];
  messages: Message[];
  notes: string[];
}

const CHINESE_PUNCTUATION = ["，", "。", "！", "？", "、", " ", "～", "……"];
const ENGLISH_PUNCTUATION = [",", ".", "!", "?", "...", " -", ":)"];

/** Target message length: log-normal (median 33 before the last token is cut), clamped to 5..300. */
function messageLength(rng: Rng): number {
  return Math.max(5, Math.min(300, Math.round(33 * Math.exp(0.8 * rng.normal()))));
}

function emoji(rng: Rng): string {
  const r = rng.next();
  if (r < 0.7) return String.fromCodePoint(0x1f600 + rng.int(0x50));
  if (r < 0.85) return String.fromCodePoint(0x1f44d) + String.fromCodePoint(0x1f3fb + rng.int(5)); // 👍 + skin tone
  return "👨\u200d👩\u200d👧"; // a ZWJ sequence
}

function cutTo(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max;
  const c = text.charCodeAt(cut - 1);
  if (c >= 0xd800 && c <= 0xdbff) cut--;
  return text.slice(0, cut);
}

export function generateCorpus(material: Material, messageCount: number, seed = 20261122): Corpus {
  const rng = new Rng(seed);
  const notes: string[] = [];

  // --- Material split: message vocabulary and dictionary vocabulary never share a word or phrase.
  const phrases = rng.shuffle([...new Set(material.chinesePhrases)].filter((p) => [...p].length >= 2));
  const chatPhrases = phrases.slice(0, 3000);
  const dictPhrases = phrases.slice(3000);
  // SUBTLEX splits contractions ("don't" → "don", "t"): drop the fragments that are not words in chat.
  const fragments = new Set(["s", "t", "m", "d", "re", "ve", "ll"]);
  const english = material.englishWords.filter((w) => /^[a-zA-Z']+$/.test(w.word) && !fragments.has(w.word));
  const chatWords = english.slice(0, 9000);
  const chatLower = new Set(chatWords.map((w) => w.word.toLowerCase()));
  const dictWords = english
    .slice(9000)
    .map((w) => w.word)
    .filter((w) => /^[a-z]{3,}$/.test(w) && !chatLower.has(w));
  const englishPicker = new WeightedPicker(
    chatWords.map((w) => w.word),
    chatWords.map((w) => w.count),
  );

  // --- Dictionaries: every dictionary phrase and rare English word, mixed, first 100k.
  const chineseEntries = dictPhrases.map((word) => ({ word, matchType: "contains" as const }));
  const englishEntries = dictWords.map((word) => ({ word, matchType: "word" as const }));
  const mixed = rng.shuffle([...chineseEntries, ...englishEntries]).slice(0, 100_000);
  const entries100k: DictionaryEntry[] = mixed.map((e, i) => ({
    id: String(i + 1),
    word: e.word,
    matchType: e.matchType,
    level: 1 + (i % 3),
    category: e.matchType === "word" ? "abuse" : "ads",
    scenes: ["single", "group"],
  }));
  const entries10k = entries100k.slice(0, 10_000);
  notes.push(
    `100k dictionary: ${entries100k.filter((e) => e.matchType === "contains").length} Chinese phrases (contains) + ` +
      `${entries100k.filter((e) => e.matchType === "word").length} English words (word)`,
  );

  // --- Whitelist: a chat character in front of a planted-able Chinese entry (like 三黄片 around 黄片).
  const chinese10k = entries10k.filter((e) => e.matchType === "contains");
  const english10k = entries10k.filter((e) => e.matchType === "word");
  const whitelist: WhitelistEntry[] = [];
  for (let i = 0; i < 200; i++) {
    const inner = rng.pick(chinese10k);
    const lead = [...rng.pick(chatPhrases)][0] as string;
    whitelist.push({ id: `w${i + 1}`, word: lead + inner.word, scenes: ["single", "group"] });
  }

  // "Clean" means: no entry occurs, in any folded form (case, width, traditional, look-alike…), without
  // bridging a separator. So the false positives measured later are exactly the matches that only exist
  // because separators are skipped — the one normalisation that can invent a word that is not there.
  const withoutSeparators = compile({ entries: entries100k, whitelist, normalize: { ignoreSymbols: false } });
  notes.push("clean = no hit with every stage on except ignoreSymbols (so a false positive is a separator-bridging match)");

  const chatText = (): string => {
    const target = messageLength(rng);
    const style = rng.next(); // <0.55 Chinese, <0.85 English, else mixed
    let text = "";
    while (text.trimEnd().length < target) {
      const chinese = style < 0.55 ? rng.chance(0.95) : style < 0.85 ? rng.chance(0.03) : rng.chance(0.5);
      if (chinese) {
        text += rng.pick(chatPhrases);
        if (rng.chance(0.18)) text += rng.pick(CHINESE_PUNCTUATION);
      } else {
        if (text.length > 0 && !text.endsWith(" ")) text += " ";
        let word = englishPicker.pick(rng);
        if (rng.chance(0.05)) word = word[0]!.toUpperCase() + word.slice(1);
        text += word;
        if (rng.chance(0.1)) text += rng.pick(ENGLISH_PUNCTUATION);
        text += " ";
      }
      if (rng.chance(0.03)) text += emoji(rng);
      if (rng.chance(0.02)) text += String(rng.int(10000));
    }
    return cutTo(text.trim() || "ok", 300);
  };

  const cleanText = (): string => {
    for (;;) {
      const text = chatText();
      if (!withoutSeparators.hasHit(text)) return text;
    }
  };

  /** Put `piece` at a token boundary of `text` (never inside a Latin word), with spaces around Latin pieces. */
  const plant = (text: string, piece: string, latin: boolean): string => {
    const cps = [...text];
    const boundaries: number[] = [];
    for (let i = 0; i <= cps.length; i++) {
      if (!/[A-Za-z0-9']/.test(cps[i - 1] ?? " ") || !/[A-Za-z0-9']/.test(cps[i] ?? " ")) boundaries.push(i);
    }
    const at = rng.pick(boundaries);
    const before = cps.slice(0, at).join("");
    const after = cps.slice(at).join("");
    return latin ? `${before} ${piece} ${after}`.trim() : before + piece + after;
  };

  const messages: Message[] = [];
  for (let m = 0; m < messageCount; m++) {
    const r = rng.next();
    if (r < 0.03) {
      const entry = rng.chance(0.6) ? rng.pick(chinese10k) : rng.pick(english10k);
      messages.push({ text: plant(cleanText(), entry.word, entry.matchType === "word"), kind: "hit", id: entry.id });
    } else if (r < 0.04) {
      const latin = rng.chance(0.5);
      const entry = latin ? rng.pick(english10k) : rng.pick(chinese10k);
      const { text: disguised, evasion } = latin ? disguiseLatin(entry.word, rng, material) : disguiseChinese(entry.word, rng, material);
      messages.push({ text: plant(cleanText(), disguised, latin), kind: "evasion", id: entry.id, evasion });
    } else if (r < 0.045) {
      // Planting can form a new entry across its edges (a real hit): plant again until it does not.
      const w = rng.pick(whitelist);
      let text = plant(cleanText(), w.word, false);
      while (withoutSeparators.hasHit(text)) text = plant(cleanText(), w.word, false);
      messages.push({ text, kind: "whitelisted", id: w.id });
    } else {
      messages.push({ text: cleanText(), kind: "clean" });
    }
  }
  return { seed, entries100k, entries10k, whitelist, messages, notes };
}

const SEPARATORS = [".", " ", "-", "_", "*", "·", "/"];

function spread(chars: string[], rng: Rng, sep: () => string): string {
  return chars.map((c, i) => (i === 0 ? c : sep() + c)).join("");
}

function disguiseLatin(word: string, rng: Rng, material: Material): { text: string; evasion: string } {
  const chars = [...word];
  switch (rng.int(7)) {
    case 0:
      return { text: word.toUpperCase(), evasion: "upper case" };
    case 1:
      return { text: chars.map((c) => String.fromCodePoint(c.charCodeAt(0) + 0xfee0)).join(""), evasion: "full width" };
    case 2: {
      const s = rng.pick(SEPARATORS);
      return { text: spread(chars, rng, () => s), evasion: "separators" };
    }
    case 3:
      return { text: chars.map((c) => String.fromCodePoint(0x24d0 + c.charCodeAt(0) - 97)).join(""), evasion: "circled letters" };
    case 4:
      return { text: chars.map((c) => String.fromCodePoint(0x1d41a + c.charCodeAt(0) - 97)).join(""), evasion: "math bold" };
    case 5: {
      const swapped = chars.map((c) => {
        const alikes = material.lookAlikes.get(c);
        return alikes && rng.chance(0.6) ? rng.pick(alikes) : c;
      });
      return { text: swapped.join(""), evasion: "look-alikes" };
    }
    default:
      return { text: spread(chars, rng, () => rng.pick(["\u200b", "\u200c", "\u200d", "\u2060"])), evasion: "zero width" };
  }
}

function disguiseChinese(word: string, rng: Rng, material: Material): { text: string; evasion: string } {
  const chars = [...word];
  switch (rng.int(4)) {
    case 0: {
      const traditional = chars.map((c) => {
        const forms = material.traditionalOf.get(c);
        return forms ? rng.pick(forms) : c;
      });
      if (traditional.join("") !== word) return { text: traditional.join(""), evasion: "traditional" };
      return { text: spread(chars, rng, () => " "), evasion: "separators" };
    }
    case 1:
      return { text: spread(chars, rng, () => rng.pick(["*", " ", "　", ".", "-", "，"])), evasion: "separators" };
    case 2:
      return { text: spread(chars, rng, () => emoji(rng)), evasion: "emoji between" };
    default:
      return { text: spread(chars, rng, () => rng.pick(["\u200b", "\u200d", "\ufeff"])), evasion: "zero width" };
  }
}
