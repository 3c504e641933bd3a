// What a hit log needs about each entry (word, category, level), in a form that crosses a thread boundary cheaply and
// costs the event loop nothing to adopt: two long strings plus typed arrays, sorted by id, looked up by binary search.
// A Map of 100k objects would have to be built on the main thread after every reload; this table is built in the
// worker and only the rare request with a hit ever looks into it.
import type { Level } from "@wordguard/contracts";

export interface EntryInfo {
  word: string;
  category: string;
  level: Level;
}

export interface EntryTableInput {
  id: string;
  word: string;
  category: string;
  level: Level;
}

/** Structured-clone friendly; `transferables()` lists the buffers that can move without a copy. */
export interface EncodedEntryTable {
  ids: string;
  idEnds: Uint32Array;
  words: string;
  wordEnds: Uint32Array;
  categories: string[];
  categoryOf: Uint32Array;
  levels: Uint8Array;
}

export function encodeEntryTable(entries: readonly EntryTableInput[]): EncodedEntryTable {
  const order = entries.map((_, i) => i).sort((a, b) => compareIds(entries[a]!.id, entries[b]!.id));
  const n = order.length;
  const idEnds = new Uint32Array(n);
  const wordEnds = new Uint32Array(n);
  const categoryOf = new Uint32Array(n);
  const levels = new Uint8Array(n);
  const categories: string[] = [];
  const categoryIndex = new Map<string, number>();
  const idParts: string[] = [];
  const wordParts: string[] = [];
  let idLength = 0;
  let wordLength = 0;
  for (let k = 0; k < n; k++) {
    const entry = entries[order[k]!]!;
    idParts.push(entry.id);
    wordParts.push(entry.word);
    idEnds[k] = idLength += entry.id.length;
    wordEnds[k] = wordLength += entry.word.length;
    let c = categoryIndex.get(entry.category);
    if (c === undefined) {
      c = categories.push(entry.category) - 1;
      categoryIndex.set(entry.category, c);
    }
    categoryOf[k] = c;
    levels[k] = entry.level;
  }
  return { ids: idParts.join(""), idEnds, words: wordParts.join(""), wordEnds, categories, categoryOf, levels };
}

export function entryTableTransferables(table: EncodedEntryTable): ArrayBuffer[] {
  return [table.idEnds.buffer, table.wordEnds.buffer, table.categoryOf.buffer, table.levels.buffer] as ArrayBuffer[];
}

export class EntryTable {
  readonly #t: EncodedEntryTable;

  constructor(encoded: EncodedEntryTable) {
    this.#t = encoded;
  }

  get size(): number {
    return this.#t.levels.length;
  }

  lookup(id: string): EntryInfo | undefined {
    const t = this.#t;
    let lo = 0;
    let hi = t.levels.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const start = mid === 0 ? 0 : t.idEnds[mid - 1]!;
      const cmp = compareIds(t.ids.slice(start, t.idEnds[mid]!), id);
      if (cmp === 0) {
        const wordStart = mid === 0 ? 0 : t.wordEnds[mid - 1]!;
        return {
          word: t.words.slice(wordStart, t.wordEnds[mid]!),
          category: t.categories[t.categoryOf[mid]!] ?? "",
          level: t.levels[mid] as Level,
        };
      }
      if (cmp < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}

/** Ids are decimal strings of BigInts: shorter is smaller, then lexical; any other string still orders totally. */
function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
