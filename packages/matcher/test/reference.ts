/**
 * The slow, obvious oracle. It re-derives every rule from DESIGN.md with plain arrays and string
 * comparison at every position — no automaton, no tables, no caching — using only the individual
 * stage functions (whose own behaviour the case tables check).
 */
import { caseFold } from "../src/stages/case-fold.ts";
import { isClausePunctuation, isContent, isWordChar } from "../src/stages/char-class.ts";
import { confusableFold } from "../src/stages/confusables.ts";
import { isInvisible } from "../src/stages/invisible.ts";
import { leetFold } from "../src/stages/leet.ts";
import { traditionalFold } from "../src/stages/traditional.ts";
import { widthFold } from "../src/stages/width.ts";
import type { CompileInput, Hit, NormalizeOptions, ResolvedNormalize, Scene } from "../src/types.ts";

const DEFAULTS: ResolvedNormalize = {
  ignoreCase: true,
  ignoreWidth: true,
  ignoreSymbols: true,
  traditionalToSimplified: true,
  confusables: true,
  ignoreRepeat: false,
  leet: false,
  ignoreInvisible: true,
};

export function refOptions(o: NormalizeOptions | undefined): ResolvedNormalize {
  const r = { ...DEFAULTS };
  for (const k of Object.keys(DEFAULTS) as (keyof ResolvedNormalize)[]) {
    if (typeof o?.[k] === "boolean") r[k] = o[k] as boolean;
  }
  return r;
}

interface Unit {
  cp: number;
  sep: boolean;
  clause: boolean;
  word: boolean;
  start: number;
  end: number;
}

interface Group {
  cp: number;
  start: number;
  end: number;
  firstUnit: number;
  lastUnit: number;
}

function foldOne(cp: number, o: ResolvedNormalize): number[] {
  if (o.ignoreInvisible && isInvisible(cp)) return [];
  let cps = o.ignoreWidth ? widthFold(cp) : [cp];
  if (o.confusables) cps = cps.flatMap((c) => [...(confusableFold(c) ?? [c])]);
  if (o.ignoreCase) cps = cps.flatMap(caseFold);
  if (o.traditionalToSimplified) cps = cps.map(traditionalFold);
  if (o.leet) cps = cps.map(leetFold);
  if (o.ignoreInvisible) cps = cps.filter((c) => !isInvisible(c));
  return cps;
}

export function refUnits(text: string, o: ResolvedNormalize): Unit[] {
  const units: Unit[] = [];
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const end = i + (cp > 0xffff ? 2 : 1);
    for (const c of foldOne(cp, o)) {
      const sep = o.ignoreSymbols && !isContent(c);
      units.push({ cp: c, sep, clause: sep && isClausePunctuation(cp), word: isWordChar(c), start: i, end });
    }
    i = end;
  }
  return units;
}

export function refGroups(units: Unit[], o: ResolvedNormalize): Group[] {
  const groups: Group[] = [];
  units.forEach((u, index) => {
    if (u.sep) return;
    const prev = groups[groups.length - 1];
    const directlyAfter = prev !== undefined && prev.lastUnit === index - 1;
    if (o.ignoreRepeat && directlyAfter && prev.cp === u.cp) {
      prev.end = u.end;
      prev.lastUnit = index;
      return;
    }
    groups.push({ cp: u.cp, start: u.start, end: u.end, firstUnit: index, lastUnit: index });
  });
  return groups;
}

export function refNormalize(text: string, options?: NormalizeOptions): { text: string; map: number[] } {
  const o = refOptions(options);
  const groups = refGroups(refUnits(text, o), o);
  let out = "";
  const map: number[] = [];
  for (const g of groups) {
    const s = String.fromCodePoint(g.cp);
    out += s;
    for (let k = 0; k < s.length; k++) map.push(g.start);
  }
  return { text: out, map };
}

export function refKey(word: string, o: ResolvedNormalize): number[] {
  return refGroups(refUnits(word, o), o).map((g) => g.cp);
}

interface RefEntry {
  id: string;
  key: number[];
  /** key positions preceded by a separator in the entry's own word */
  gaps: number[];
  word: boolean;
  white: boolean;
  scenes: readonly Scene[];
}

export function refEntries(input: CompileInput): RefEntry[] {
  const o = refOptions(input.normalize);
  const out: RefEntry[] = [];
  const lists = [
    { white: false, items: input.entries },
    { white: true, items: input.whitelist ?? [] },
  ];
  for (const { white, items } of lists) {
    const seen = new Set<string>();
    for (const e of items) {
      if ("enabled" in e && e.enabled === false) continue;
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      if (e.word.trim() === "") continue;
      const units = refUnits(e.word.trim(), o);
      const groups = refGroups(units, o);
      if (groups.length === 0) continue;
      const key = groups.map((g) => g.cp);
      const gaps = groups
        .map((g, p) => (p > 0 && g.firstUnit !== groups[p - 1]!.lastUnit + 1 ? p : -1))
        .filter((p) => p > 0);
      const word = !white && "matchType" in e && e.matchType === "word";
      out.push({ id: e.id, key, gaps, word, white, scenes: e.scenes ?? ["single", "group"] });
    }
  }
  return out;
}

interface RefMatch extends Hit {
  order: number;
}

export function refFindHits(input: CompileInput, text: string, scene?: Scene): Hit[] {
  return refExplain(input, text, scene).hits;
}

export function refExplain(
  input: CompileInput,
  text: string,
  scene?: Scene,
): { hits: Hit[]; cancelled: Hit[]; whitelist: Hit[] } {
  const o = refOptions(input.normalize);
  const units = refUnits(text, o);
  const groups = refGroups(units, o);
  const entries = refEntries(input);
  const isWordAt = (u: number): boolean => units[u]?.word ?? false;
  const matches: RefMatch[] = [];
  const whites: RefMatch[] = [];
  entries.forEach((entry, order) => {
    if (scene !== undefined && !entry.scenes.includes(scene)) return;
    if (entry.scenes.length === 0) return;
    for (let i = 0; i + entry.key.length <= groups.length; i++) {
      const span = groups.slice(i, i + entry.key.length);
      if (!span.every((g, k) => g.cp === entry.key[k])) continue;
      const firstUnit = span[0]!.firstUnit;
      const lastUnit = span[span.length - 1]!.lastUnit;
      // Separators of the text inside the match that the entry does not have itself.
      const inserted = span
        .map((g, k) => (k > 0 && g.firstUnit !== span[k - 1]!.lastUnit + 1 && !entry.gaps.includes(k) ? k : -1))
        .filter((k) => k > 0);
      const standsAlone = (g: Group): boolean =>
        !units[g.firstUnit]!.word || (!isWordAt(g.firstUnit - 1) && !isWordAt(g.lastUnit + 1));
      if (inserted.some((k) => !standsAlone(span[k - 1]!) || !standsAlone(span[k]!))) continue;
      const clauseBetweenCjk = (k: number): boolean =>
        !units[span[k - 1]!.firstUnit]!.word &&
        !units[span[k]!.firstUnit]!.word &&
        units.slice(span[k - 1]!.lastUnit + 1, span[k]!.firstUnit).some((u) => u.clause);
      if (inserted.some(clauseBetweenCjk)) continue;
      if (entry.word || inserted.length > 0) {
        const leftEdge = !(isWordAt(firstUnit - 1) && isWordAt(firstUnit));
        const rightEdge = !(isWordAt(lastUnit) && isWordAt(lastUnit + 1));
        if (!leftEdge || !rightEdge) continue;
      }
      const m = { entryId: entry.id, start: span[0]!.start, end: span[span.length - 1]!.end, order };
      (entry.white ? whites : matches).push(m);
    }
  });
  const covered = (h: Hit): boolean => whites.some((w) => w.start <= h.start && h.end <= w.end);
  const tidy = (list: RefMatch[]): Hit[] => {
    const sorted = [...list].sort((a, b) => a.start - b.start || a.end - b.end || a.order - b.order);
    const seen = new Set<string>();
    const out: Hit[] = [];
    for (const m of sorted) {
      const key = `${m.entryId}\u0000${m.start}\u0000${m.end}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ entryId: m.entryId, start: m.start, end: m.end });
    }
    return out;
  };
  return {
    hits: tidy(matches.filter((m) => !covered(m))),
    cancelled: tidy(matches.filter(covered)),
    whitelist: tidy(whites),
  };
}

/** Mask by marking every covered UTF-16 unit, widening to whole surrogate pairs, one mask per code point. */
export function refMask(text: string, hits: readonly Hit[], maskChar: string): string {
  const covered = new Array<boolean>(text.length).fill(false);
  for (const h of hits) for (let i = Math.max(0, h.start); i < Math.min(text.length, h.end); i++) covered[i] = true;
  let out = "";
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const w = cp > 0xffff ? 2 : 1;
    const hit = covered[i] || (w === 2 && covered[i + 1]);
    out += hit ? maskChar : text.slice(i, i + w);
    i += w;
  }
  return out;
}
