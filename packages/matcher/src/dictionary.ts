import { MapTrie } from "./automaton/map-trie.ts";
import { CandidateBuffer } from "./candidates.ts";
import { type PreparedEntries, prepareEntries, sceneMask } from "./entries.ts";
import { maskText } from "./mask.ts";
import { optionsFromMask, optionsMask, resolveOptions } from "./options.ts";
import { resolveCandidates } from "./resolve.ts";
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

/** What `toTransferable()` returns: post it with `postMessage(t, t.buffers)` to move it without copying. */
export interface TransferableDictionary {
  header: { format: "wordguard-matcher/1"; optionsMask: number; buildMs: number };
  buffers: ArrayBuffer[];
}

const scratch = new CandidateBuffer();

/** An immutable compiled dictionary: entries and whitelist in one automaton over normalised text. */
export class Dictionary {
  /** Entries and whitelist entries that were left out, with the reason. */
  readonly invalid: readonly InvalidEntry[];
  /** The resolved normalisation this dictionary applies to texts. */
  readonly options: Readonly<ResolvedNormalize>;
  readonly #prepared: PreparedEntries;
  readonly #ids: string[];
  readonly #flags: Uint8Array;
  readonly #engine: MapTrie;
  readonly #buildMs: number;

  /** @internal use `compile` or `fromTransferable`. */
  constructor(prepared: PreparedEntries, options: ResolvedNormalize, buildStart: number, buildMs?: number) {
    this.#prepared = prepared;
    this.options = Object.freeze({ ...options });
    this.invalid = Object.freeze(prepared.invalid.map((i) => Object.freeze({ ...i })));
    this.#ids = prepared.entries.map((e) => e.id);
    this.#flags = Uint8Array.from(prepared.entries, (e) => e.flags);
    this.#engine = new MapTrie(prepared.entries);
    this.#buildMs = buildMs ?? performance.now() - buildStart;
    Object.freeze(this);
  }

  /** Every hit of an enabled entry that applies to the scene (all scenes when omitted), whitelist applied. */
  findHits(text: string, scene?: Scene): Hit[] {
    return this.explain(text, scene).hits;
  }

  /** Same answer as `findHits(text, scene).length > 0`. */
  hasHit(text: string, scene?: Scene): boolean {
    return this.findHits(text, scene).length > 0;
  }

  /** The text with every hit span (skipped separators inside included) replaced by `maskChar` per character. */
  mask(text: string, hits: readonly Hit[], maskChar = "*"): string {
    return maskText(typeof text === "string" ? text : "", Array.isArray(hits) ? hits : [], maskChar);
  }

  /** Hits, the hits a whitelist match cancelled (and by which entry), and the normalised text. */
  explain(text: string, scene?: Scene): Explanation {
    const stream = buildStream(typeof text === "string" ? text : "", this.options);
    scratch.reset();
    this.#engine.scan(stream, scratch);
    const resolved = resolveCandidates(stream, scratch, this.#ids, this.#flags, sceneMask(scene));
    let normalized = "";
    for (let k = 0; k < stream.length; k++) normalized += String.fromCodePoint(stream.cp[k]!);
    return { normalized, ...resolved };
  }

  stats(): DictionaryStats {
    return {
      entries: this.#prepared.entryCount,
      whitelist: this.#prepared.whitelistCount,
      invalid: this.invalid.length,
      patterns: new Set(this.#prepared.entries.map((e) => e.key.join(","))).size,
      states: this.#engine.states,
      alphabet: new Set(this.#prepared.entries.flatMap((e) => e.key)).size,
      bytes: 0,
      buildMs: this.#buildMs,
    };
  }

  /** Serialise to buffers that `postMessage` can transfer; `fromTransferable` rebuilds the dictionary. */
  toTransferable(): TransferableDictionary {
    const json = JSON.stringify(this.#prepared);
    const bytes = new TextEncoder().encode(json);
    return {
      header: { format: "wordguard-matcher/1", optionsMask: optionsMask(this.options), buildMs: this.#buildMs },
      buffers: [bytes.buffer as ArrayBuffer],
    };
  }
}

export function compile(input: CompileInput): Dictionary {
  const started = performance.now();
  const options = resolveOptions(input?.normalize);
  return new Dictionary(prepareEntries(input, options), options, started);
}

export function fromTransferable(t: TransferableDictionary): Dictionary {
  const prepared = JSON.parse(new TextDecoder().decode(new Uint8Array(t.buffers[0] as ArrayBuffer))) as PreparedEntries;
  return new Dictionary(prepared, optionsFromMask(t.header.optionsMask), performance.now(), t.header.buildMs);
}
