import { buildAlphabet } from "./automaton/alphabet.ts";
import { CandidateBuffer } from "./candidates.ts";
import { ENTRY_WHITELIST, ENTRY_WORD, hasOwnGaps, type PreparedEntries, prepareEntries, sceneMask } from "./entries.ts";
import { buildDoubleArray, OUT_CONTAINS, OUT_OWN_GAPS, OUT_WORD } from "./automaton/double-array.ts";
import { type DataHeader, type DictionaryData, type EntryIds, idsOf, lazyIds, packData, viewData } from "./layout.ts";
import { maskText } from "./mask.ts";
import { optionsFromMask, optionsMask, resolveOptions } from "./options.ts";
import { type Resolution, resolveCandidates } from "./resolve.ts";
import { Scanner } from "./scanner.ts";
import { buildStream } from "./stream.ts";
import type {
  CompileInput,
  DictionaryStats,
  Explanation,
  Hit,
  InvalidEntry,
  ResolvedNormalize,
  Scene,
} from "./types.ts";

/**
 * What `toTransferable()` returns: a small header and the one buffer holding the automaton. Send it with
 * `port.postMessage(t, t.buffers)` — the buffer moves without a copy (and the sending dictionary becomes
 * unusable) — then call `fromTransferable(t)` on the receiving side.
 */
export interface TransferableDictionary {
  header: DataHeader;
  buffers: ArrayBuffer[];
}

const scratch = new CandidateBuffer();

/** An immutable compiled dictionary: entries and whitelist in one automaton over normalised text. */
export class Dictionary {
  /** Entries and whitelist entries that were left out, with the reason. */
  readonly invalid: readonly InvalidEntry[];
  /** The resolved normalisation this dictionary applies to texts. */
  readonly options: Readonly<ResolvedNormalize>;
  readonly #header: DataHeader;
  readonly #buffer: ArrayBuffer;
  readonly #data: DictionaryData;
  readonly #ids: EntryIds;
  readonly #scanner: Scanner;

  /** @internal use `compile` or `fromTransferable`. */
  constructor(header: DataHeader, buffer: ArrayBuffer, ids?: readonly string[]) {
    this.#header = header;
    this.#buffer = buffer;
    this.#data = viewData(buffer, header.sizes);
    this.#ids = ids ? idsOf(ids) : lazyIds(this.#data);
    this.options = Object.freeze(optionsFromMask(header.optionsMask));
    this.invalid = Object.freeze(header.invalid.map((i) => Object.freeze({ ...i })));
    this.#scanner = new Scanner(
      this.#data,
      this.options,
      header.restartAtWordGaps === true,
      header.restartRecordingAtWordGaps === true,
    );
    Object.freeze(this);
  }

  /**
   * Every hit of an entry that applies to the scene (every entry when no scene is given), overlapping
   * allowed, hits inside a whitelist match removed; sorted by start, then end, then entry order.
   */
  findHits(text: string, scene?: Scene): Hit[] {
    if (typeof text !== "string" || !this.#scanner.mayHit(text)) return [];
    return this.#resolve(text, scene, false).hits;
  }

  /** Same answer as `findHits(text, scene).length > 0`; a clean text never leaves the first pass. */
  hasHit(text: string, scene?: Scene): boolean {
    if (typeof text !== "string" || !this.#scanner.mayHit(text)) return false;
    return this.#resolve(text, scene, false).hits.length > 0;
  }

  /** The text with every hit span (skipped separators inside included) replaced by `maskChar` per character. */
  mask(text: string, hits: readonly Hit[], maskChar = "*"): string {
    return maskText(typeof text === "string" ? text : "", Array.isArray(hits) ? hits : [], String(maskChar));
  }

  /** Hits, the hits a whitelist match cancelled (and by which whitelist entry), and the normalised text. */
  explain(text: string, scene?: Scene): Explanation {
    const resolved = this.#resolve(text, scene, true);
    const stream = buildStream(typeof text === "string" ? text : "", this.options);
    let normalized = "";
    for (let k = 0; k < stream.length; k++) normalized += String.fromCodePoint(stream.cp[k] as number);
    return { normalized, hits: resolved.hits, cancelled: resolved.cancelled, whitelistMatches: resolved.whitelistMatches };
  }

  /** The recording pass and the exact judgement; `detailed` also lists cancellations and whitelist matches. */
  #resolve(text: string, scene: Scene | undefined, detailed: boolean): Resolution {
    if (typeof text !== "string") return { hits: [], cancelled: [], whitelistMatches: [] };
    const groups = this.#scanner.collect(text, scratch);
    return resolveCandidates(groups, scratch, this.#ids, this.#data, sceneMask(scene), detailed);
  }

  stats(): DictionaryStats {
    const h = this.#header;
    return {
      entries: h.entries,
      whitelist: h.whitelist,
      invalid: h.invalid.length,
      patterns: h.patterns,
      states: h.states,
      alphabet: h.sizes.alphabet,
      bytes: this.#buffer.byteLength,
      buildMs: h.buildMs,
    };
  }

  /** The header and buffer to transfer; see TransferableDictionary. */
  toTransferable(): TransferableDictionary {
    return { header: this.#header, buffers: [this.#buffer] };
  }
}

/** What the first pass needs to know about each entry (see OUT_*); whitelist entries alone never hit. */
function summariesOf(prepared: PreparedEntries): Uint8Array {
  const { flags } = prepared;
  const summaries = new Uint8Array(flags.length);
  for (let i = 0; i < flags.length; i++) {
    const f = flags[i] as number;
    if ((f & ENTRY_WHITELIST) !== 0) continue;
    summaries[i] = ((f & ENTRY_WORD) !== 0 ? OUT_WORD : OUT_CONTAINS) | (hasOwnGaps(prepared, i) ? OUT_OWN_GAPS : 0);
  }
  return summaries;
}

/** Whether some entry (or, with whitelist, some whitelist entry too) has a separator of its own. */
function anyOwnGaps(prepared: PreparedEntries, whitelist: boolean): boolean {
  const { flags } = prepared;
  for (let i = 0; i < flags.length; i++) {
    if (!whitelist && ((flags[i] as number) & ENTRY_WHITELIST) !== 0) continue;
    if (hasOwnGaps(prepared, i)) return true;
  }
  return false;
}

/** Compile entries and whitelist into one dictionary. Never throws on bad entries: see `dict.invalid`. */
export function compile(input: CompileInput): Dictionary {
  const started = performance.now();
  const options = resolveOptions(input?.normalize);
  const prepared = prepareEntries(input, options);
  const alphabet = buildAlphabet(prepared.keys.cps);
  const summaries = summariesOf(prepared);
  const automaton = buildDoubleArray(prepared.keys, alphabet, (entry) => summaries[entry] as number);
  const { data, sizes } = packData(automaton, alphabet, prepared);
  const header: DataHeader = {
    format: "wordguard-matcher/2",
    optionsMask: optionsMask(options),
    buildMs: 0,
    entries: prepared.entryCount,
    whitelist: prepared.whitelistCount,
    states: automaton.states,
    patterns: automaton.patterns,
    restartAtWordGaps: !anyOwnGaps(prepared, false),
    restartRecordingAtWordGaps: !anyOwnGaps(prepared, true),
    invalid: prepared.invalid,
    sizes,
  };
  header.buildMs = performance.now() - started;
  return new Dictionary(header, data.cells.buffer as ArrayBuffer, prepared.ids);
}

/** Rebuild a dictionary from `toTransferable()` output (in the same or another thread). */
export function fromTransferable(t: TransferableDictionary): Dictionary {
  if (t?.header?.format !== "wordguard-matcher/2" || !(t.buffers?.[0] instanceof ArrayBuffer)) {
    throw new TypeError("not a transferable wordguard dictionary");
  }
  return new Dictionary(t.header, t.buffers[0]);
}
