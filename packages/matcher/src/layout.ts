import type { AutomatonArrays } from "./automaton/double-array.ts";
import type { PreparedEntries } from "./entries.ts";
import type { InvalidEntry } from "./types.ts";

/**
 * Everything a compiled dictionary holds, as views into ONE ArrayBuffer, so that a worker thread can
 * build it and transfer it to the main thread without copying (`postMessage(t, t.buffers)`).
 */
export interface DictionaryData {
  /** The double array, one cell per state, interleaved so a transition touches one cache line:
   *  cells[4s] = base, cells[4s+1] = check, cells[4s+2] = fail | signature << 24, cells[4s+3] = out.
   *  The signature has bit (c & 7) set when the state has a child on a code c: a transition that
   *  cannot exist is refused without touching (and missing the cache on) the target cell. */
  cells: Int32Array;
  outputs: Int32Array;
  alphabetCps: Int32Array;
  alphabetCodes: Int32Array;
  /** Entry and whitelist flags (ENTRY_* and SCENE_* bits). */
  flags: Uint8Array;
  /** Ids as UTF-16 code units; id i is idChars[idOffsets[i] .. idOffsets[i+1]). */
  idOffsets: Int32Array;
  idChars: Uint16Array;
  /** The entries' own separator positions; entry i's are gapList[gapOffsets[i] .. gapOffsets[i+1]). */
  gapOffsets: Int32Array;
  gapList: Int32Array;
}

/** The small, structured-clone-friendly part: sizes of each section plus facts about the build. */
export interface DataHeader {
  format: "wordguard-matcher/2";
  optionsMask: number;
  buildMs: number;
  entries: number;
  whitelist: number;
  states: number;
  patterns: number;
  /** No dictionary entry has a separator of its own (see Scanner). */
  restartAtWordGaps?: boolean;
  /** No dictionary or whitelist entry has a separator of its own (see Scanner). */
  restartRecordingAtWordGaps?: boolean;
  invalid: InvalidEntry[];
  sizes: {
    cells: number;
    outputs: number;
    alphabet: number;
    ids: number;
    idChars: number;
    gaps: number;
  };
}

const align4 = (n: number): number => (n + 3) & ~3;

function byteLength(s: DataHeader["sizes"]): number {
  return 4 * (4 * s.cells + s.outputs + 2 * s.alphabet + 2 * (s.ids + 1) + s.gaps) + align4(s.ids) + align4(2 * s.idChars);
}

/** Views over a buffer laid out as `sizes` says. */
export function viewData(buffer: ArrayBuffer, s: DataHeader["sizes"]): DictionaryData {
  if (buffer.byteLength < byteLength(s)) throw new RangeError("dictionary buffer is shorter than its header says");
  let at = 0;
  const i32 = (n: number): Int32Array => {
    const v = new Int32Array(buffer, at, n);
    at += 4 * n;
    return v;
  };
  const data = {
    cells: i32(4 * s.cells),
    outputs: i32(s.outputs),
    alphabetCps: i32(s.alphabet),
    alphabetCodes: i32(s.alphabet),
    idOffsets: i32(s.ids + 1),
    gapOffsets: i32(s.ids + 1),
    gapList: i32(s.gaps),
  };
  const flags = new Uint8Array(buffer, at, s.ids);
  at += align4(s.ids);
  const idChars = new Uint16Array(buffer, at, s.idChars);
  return { ...data, flags, idChars };
}

/** Copy the built parts into one buffer. */
export function packData(
  automaton: AutomatonArrays,
  alphabet: { cps: Int32Array; codes: Int32Array },
  prepared: Pick<PreparedEntries, "ids" | "flags" | "gapStart" | "gapList">,
): { data: DictionaryData; sizes: DataHeader["sizes"] } {
  const { ids, flags, gapStart, gapList } = prepared;
  let idChars = 0;
  for (const id of ids) idChars += id.length;
  const sizes = {
    cells: automaton.base.length,
    outputs: automaton.outputs.length,
    alphabet: alphabet.cps.length,
    ids: ids.length,
    idChars,
    gaps: gapList.length,
  };
  const data = viewData(new ArrayBuffer(byteLength(sizes)), sizes);
  if (sizes.cells >= 1 << 24) throw new RangeError("dictionary too large: more than 16M automaton cells");
  const signature = new Uint8Array(sizes.cells);
  signature[0] = 0xff;
  for (let t = 1; t < sizes.cells; t++) {
    const parent = automaton.check[t] as number;
    if (parent >= 0) signature[parent]! |= 1 << ((t - (automaton.base[parent] as number)) & 7);
  }
  for (let c = 0; c < sizes.cells; c++) {
    data.cells[4 * c] = automaton.base[c] as number;
    data.cells[4 * c + 1] = automaton.check[c] as number;
    data.cells[4 * c + 2] = (automaton.fail[c] as number) | ((signature[c] as number) << 24);
    data.cells[4 * c + 3] = automaton.out[c] as number;
  }
  data.outputs.set(automaton.outputs);
  data.alphabetCps.set(alphabet.cps);
  data.alphabetCodes.set(alphabet.codes);
  data.flags.set(flags);
  let at = 0;
  ids.forEach((id, i) => {
    data.idOffsets[i] = at;
    for (let c = 0; c < id.length; c++) data.idChars[at++] = id.charCodeAt(c);
  });
  data.idOffsets[ids.length] = at;
  data.gapOffsets.set(gapStart);
  data.gapList.set(gapList);
  return { data, sizes };
}

/** Entry ids by output index. */
export interface EntryIds {
  at(index: number): string;
}

/** Ids already held as strings (a dictionary compiled in this thread). */
export function idsOf(list: readonly string[]): EntryIds {
  return { at: (index) => list[index] as string };
}

/**
 * Ids decoded from the buffer when first asked for. Only hits need an id, so a dictionary adopted from another thread
 * must not decode 100k of them up front: that cost the adopting thread (the callback's event loop) 20–50 ms.
 */
export function lazyIds(data: DictionaryData): EntryIds {
  const decoded = new Map<number, string>();
  return {
    at(index) {
      let id = decoded.get(index);
      if (id === undefined) {
        const from = data.idOffsets[index] as number;
        const to = data.idOffsets[index + 1] as number;
        id = String.fromCharCode(...data.idChars.subarray(from, to));
        decoded.set(index, id);
      }
      return id;
    },
  };
}
