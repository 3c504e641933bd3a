import { codeOf } from "./automaton/alphabet.ts";
import type { CandidateBuffer } from "./candidates.ts";
import { foldCodePoint, type FoldUnit } from "./fold.ts";
import type { DictionaryData } from "./layout.ts";
import { FLAG_CLAUSE_BEFORE, FLAG_LEFT_WORD, FLAG_RIGHT_WORD, FLAG_WORD, type Groups } from "./stream.ts";
import type { ResolvedNormalize } from "./types.ts";

/*
 * Unit values: what one code point of a text means to this dictionary, as one int, looked up in a
 * per-dictionary table indexed by UTF-16 code unit (filled lazily) so that normalising is one load.
 *   (v & 3) === 1  dropped (invisible)
 *   (v & 3) === 2  separator (skipped; never a word character), v & 4 = clause punctuation
 *   (v & 3) === 3  content: code = v >>> 4 (0 = in no key), v & 4 = word character
 *   (v & 3) === 0  slow path: 0 = not computed yet / high surrogate; v & 8 = expansion number v >>> 4
 */
const KIND_DROP = 1;
const KIND_SEPARATOR = 2;
const KIND_CONTENT = 3;
const WORD_BIT = 4;
const CLAUSE_BIT = 4;
const EXPANSION_BIT = 8;

/** Scratch for the recording pass (matching is synchronous, so one set of arrays serves every call). */
let groups: Groups = allocateGroups(1024);

function allocateGroups(capacity: number): Groups {
  return {
    length: 0,
    start: new Int32Array(capacity),
    end: new Int32Array(capacity),
    flags: new Uint8Array(capacity),
    sepCount: new Int32Array(capacity),
  };
}

function growGroups(): void {
  const bigger = allocateGroups(groups.start.length * 2);
  bigger.start.set(groups.start);
  bigger.end.set(groups.end);
  bigger.flags.set(groups.flags);
  bigger.sepCount.set(groups.sepCount);
  bigger.length = groups.length;
  groups = bigger;
}

/** Runs a dictionary's automaton over raw text, normalising on the fly. */
export class Scanner {
  private readonly table = new Int32Array(0x10000);
  private readonly astral = new Map<number, number>();
  private readonly expansions: Int32Array[] = [];
  private readonly repeat: boolean;
  private readonly base: Int32Array;
  private readonly check: Int32Array;
  private readonly fail: Int32Array;
  private readonly out: Int32Array;
  private readonly outputs: Int32Array;

  // State of a pass, kept on the instance only for the rare slow path.
  private state = 0;
  private lastCode = -1;
  private width = 1;
  private pendingSeparator = false;
  private pendingClause = false;
  private previousWord = false;
  private separators = 0;
  private found = false;

  constructor(
    private readonly data: DictionaryData,
    private readonly options: ResolvedNormalize,
  ) {
    this.repeat = options.ignoreRepeat;
    this.base = data.base;
    this.check = data.check;
    this.fail = data.fail;
    this.out = data.out;
    this.outputs = data.outputs;
  }

  /**
   * Pass 1: does the automaton reach any output state? No positions are recorded, so a clean text costs
   * one table load and one transition per character. Only texts that reach an output take pass 2.
   */
  reachesOutput(text: string): boolean {
    const { table, base, check, fail, out, repeat } = this;
    let s = 0;
    let last = -1;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const v = table[text.charCodeAt(i)] as number;
      const kind = v & 3;
      if (kind === KIND_CONTENT) {
        const code = v >>> 4;
        if (code === 0) {
          s = 0;
          last = -1;
          continue;
        }
        if (code === last && repeat) continue;
        last = code;
        for (;;) {
          const t = (base[s] as number) + code;
          if (check[t] === s) {
            s = t;
            break;
          }
          if (s === 0) break;
          s = fail[s] as number;
        }
        if ((out[s] as number) >= 0) return true;
      } else if (kind === KIND_SEPARATOR) {
        last = -1;
      } else if (kind === 0) {
        this.state = s;
        this.lastCode = last;
        this.found = false;
        this.slowQuick(text, i);
        if (this.found) return true;
        i += this.width - 1;
        s = this.state;
        last = this.lastCode;
      }
    }
    return false;
  }

  private slowQuick(text: string, i: number): void {
    const v = this.slowValue(text, i);
    if ((v & EXPANSION_BIT) !== 0 && (v & 3) === 0) {
      for (const u of this.expansions[v >>> 4] as Int32Array) this.quickUnit(u);
    } else {
      this.quickUnit(v);
    }
  }

  private quickUnit(v: number): void {
    const kind = v & 3;
    if (kind === KIND_SEPARATOR) this.lastCode = -1;
    if (kind !== KIND_CONTENT) return;
    const code = v >>> 4;
    if (code === 0) {
      this.state = 0;
      this.lastCode = -1;
      return;
    }
    if (code === this.lastCode && this.repeat) return;
    this.lastCode = code;
    this.state = this.step(this.state, code);
    if ((this.out[this.state] as number) >= 0) this.found = true;
  }

  private step(from: number, code: number): number {
    const { base, check, fail } = this;
    let s = from;
    for (;;) {
      const t = (base[s] as number) + code;
      if (check[t] === s) return t;
      if (s === 0) return 0;
      s = fail[s] as number;
    }
  }

  /**
   * Pass 2: run again recording every group (original span, word flags, separator count) and every
   * output as a candidate. Returns the scratch groups, valid until the next call.
   */
  collect(text: string, candidates: CandidateBuffer): Groups {
    candidates.reset();
    groups.length = 0;
    this.state = 0;
    this.lastCode = -1;
    this.pendingSeparator = false;
    this.pendingClause = false;
    this.previousWord = false;
    this.separators = 0;
    const table = this.table;
    const n = text.length;
    for (let i = 0; i < n; ) {
      let v = table[text.charCodeAt(i)] as number;
      let width = 1;
      if ((v & 3) === 0) {
        v = this.slowValue(text, i);
        width = this.width;
        if ((v & 3) === 0) {
          for (const u of this.expansions[v >>> 4] as Int32Array) this.recordUnit(u, i, i + width, candidates);
          i += width;
          continue;
        }
      }
      this.recordUnit(v, i, i + width, candidates);
      i += width;
    }
    return groups;
  }

  private recordUnit(v: number, start: number, end: number, candidates: CandidateBuffer): void {
    const kind = v & 3;
    if (kind === KIND_DROP) return;
    const g = groups;
    if (kind === KIND_SEPARATOR) {
      // A separator is never a word character, so it adds nothing to the previous group's flags.
      this.pendingSeparator = true;
      if ((v & CLAUSE_BIT) !== 0) this.pendingClause = true;
      this.previousWord = false;
      this.lastCode = -1;
      return;
    }
    const code = v >>> 4;
    const word = (v & WORD_BIT) !== 0;
    if (code !== 0 && code === this.lastCode && this.repeat) {
      g.end[g.length - 1] = end; // a repeat extends its group; the right neighbour is still to come
      return;
    }
    if (g.length > 0 && !this.pendingSeparator && word) g.flags[g.length - 1]! |= FLAG_RIGHT_WORD;
    if (this.pendingSeparator) this.separators++;
    if (g.length === g.start.length) growGroups();
    const k = groups.length++;
    groups.start[k] = start;
    groups.end[k] = end;
    groups.flags[k] =
      (word ? FLAG_WORD : 0) | (this.previousWord ? FLAG_LEFT_WORD : 0) | (this.pendingClause ? FLAG_CLAUSE_BEFORE : 0);
    groups.sepCount[k] = this.separators;
    this.pendingSeparator = false;
    this.pendingClause = false;
    this.previousWord = word;
    this.lastCode = code === 0 ? -1 : code;
    if (code === 0) {
      this.state = 0;
      return;
    }
    const s = (this.state = this.step(this.state, code));
    const outputs = this.outputs;
    for (let r = this.out[s] as number; r >= 0; r = outputs[r] as number) {
      const length = outputs[r + 1] as number;
      const count = outputs[r + 2] as number;
      for (let e = 0; e < count; e++) candidates.push(outputs[r + 3 + e] as number, k + 1 - length, k + 1);
    }
  }

  /** The unit value of the code point at i (sets this.width), computing and caching it on first sight. */
  private slowValue(text: string, i: number): number {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        this.width = 2;
        return this.cached((c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000);
      }
    }
    this.width = 1;
    if (c >= 0xd800 && c <= 0xdbff) return this.cached(c); // lone high surrogate: keep the table slot 0
    const v = this.table[c] as number;
    if (v !== 0) return v;
    return (this.table[c] = this.valueOf(c));
  }

  private cached(cp: number): number {
    let v = this.astral.get(cp);
    if (v === undefined) {
      v = this.valueOf(cp);
      this.astral.set(cp, v);
    }
    return v;
  }

  private valueOf(cp: number): number {
    const units = foldCodePoint(cp, this.options);
    if (units.length === 0) return KIND_DROP;
    if (units.length === 1) return this.unitValue(units[0] as FoldUnit);
    this.expansions.push(Int32Array.from(units, (u) => this.unitValue(u)));
    return ((this.expansions.length - 1) << 4) | EXPANSION_BIT;
  }

  private unitValue(unit: FoldUnit): number {
    if (unit.separator) return KIND_SEPARATOR | (unit.clause ? CLAUSE_BIT : 0);
    const code = codeOf({ cps: this.data.alphabetCps, codes: this.data.alphabetCodes }, unit.cp);
    return KIND_CONTENT | (unit.word ? WORD_BIT : 0) | (code << 4);
  }
}
