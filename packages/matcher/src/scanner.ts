import { codeOf } from "./automaton/alphabet.ts";
import { OUT_CONTAINS, OUT_OWN_GAPS } from "./automaton/double-array.ts";
import type { CandidateBuffer } from "./candidates.ts";
import { type Folder, type FoldUnit, folderFor } from "./fold.ts";
import type { DictionaryData } from "./layout.ts";
import { FLAG_CLAUSE_BEFORE, FLAG_LEFT_WORD, FLAG_RIGHT_WORD, FLAG_WORD, type Groups } from "./stream.ts";
import type { ResolvedNormalize } from "./types.ts";

/*
 * Unit values: what one code point of a text means to this dictionary, as one int, looked up in a
 * per-dictionary table indexed by UTF-16 code unit (filled lazily) so that normalising is one load.
 *   (v & 3) === 1  dropped (invisible)
 *   (v & 3) === 2  separator (skipped; never a word character); v & 4 = clause punctuation
 *   (v & 3) === 3  content: code = v >>> 4 (0 = in no key); v & 4 = word character
 *   (v & 3) === 0  slow path: 0 = not computed yet or a high surrogate; v & 8 = expansion number v >>> 4
 */
const KIND_DROP = 1;
const KIND_SEPARATOR = 2;
const KIND_CONTENT = 3;
const WORD_BIT = 4;
const CLAUSE_BIT = 4;
const EXPANSION_BIT = 8;

const DISMISS = 0;
const MAYBE = 1;
const PENDING_RIGHT = 2;

/**
 * Pass 1's verdict on one output record of key length L ending at the current group, from the group
 * registers (bit j describes the group j back, bit 0 the current one): gw its own wordness, gl its left
 * neighbour's wordness, gg a separator before it, gc clause punctuation among those separators.
 * The same rules as resolve.ts's matchCounts, on bits; anything it cannot decide is MAYBE.
 */
function judge(length: number, summary: number, gw: number, gl: number, gg: number, gc: number): number {
  if (summary === 0) return DISMISS; // whitelist only
  if (length > 31) return MAYBE;
  const inside = gg & ((1 << (length - 1)) - 1); // bit j: a separator between group j+1 and group j
  if (inside !== 0) {
    if ((summary & OUT_OWN_GAPS) !== 0) return MAYBE;
    const clauseBetweenCjk = inside & gc & ~(gw >>> 1) & ~gw;
    const leftGlued = inside & ((gw & gl) >>> 1);
    const rightGlued = inside & gw & (gl << 1) & ~1;
    if ((clauseBetweenCjk | leftGlued | rightGlued) !== 0) return DISMISS;
  } else if ((summary & OUT_CONTAINS) !== 0) {
    return MAYBE;
  }
  // Word edges: the left one is known now; the right one only matters after a word character.
  if ((((gw & gl) >>> (length - 1)) & 1) !== 0) return DISMISS;
  return (gw & 1) === 0 ? MAYBE : PENDING_RIGHT;
}

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

/**
 * Runs a dictionary's automaton over raw text, normalising on the fly, in up to two passes:
 * pass 1 (`mayHit`) only walks the automaton and pre-judges outputs with a few bit registers; the
 * texts it cannot clear (a few percent) take pass 2 (`collect`), which records every group and
 * candidate for the exact judgement in resolve.ts.
 */
export class Scanner {
  private readonly table = new Int32Array(0x10000);
  private readonly astral = new Map<number, number>();
  private readonly expansions: Int32Array[] = [];
  private readonly folder: Folder;
  private readonly repeat: boolean;
  private readonly cells: Int32Array;
  private readonly outputs: Int32Array;

  // Pass 1 state, on the instance only for the rare slow path (expansions, surrogates, first sight).
  private s = 0;
  private last = -1;
  private width = 1;
  private gw = 0;
  private gl = 0;
  private gg = 0;
  private gc = 0;
  private prevWord = false;
  private pendingSep = false;
  private pendingRight = false;
  private verdict = false;

  // Pass 2 state.
  private pendingClause = false;
  private separators = 0;

  /**
   * @param restart no dictionary entry has a separator of its own, so pass 1 may return to the root at a
   *   separator that follows a word of two or more letters (no valid match crosses it).
   * @param restartRecording the same holds for whitelist entries too, so pass 2 may do the same.
   */
  constructor(
    private readonly data: DictionaryData,
    options: ResolvedNormalize,
    private readonly restart: boolean,
    private readonly restartRecording: boolean,
  ) {
    this.folder = folderFor(options);
    this.repeat = options.ignoreRepeat;
    this.cells = data.cells;
    this.outputs = data.outputs;
  }

  /**
   * Pass 1: false guarantees there is no hit. Per character: one table load, the transition, one load
   * of the state's output link. Group facts are kept as 32-bit shift registers (own wordness, left
   * neighbour's wordness, separator before), enough to dismiss `word` entries found inside longer words
   * (`ass` in `class`) without recording anything.
   */
  mayHit(text: string): boolean {
    const { table, cells, outputs, repeat, restart } = this;
    let s = 0;
    let last = -1;
    let gw = 0; // bit k: the group k back is a word character
    let gl = 0; // bit k: the unit left of the group k back is a word character
    let gg = 0; // bit k: a separator stands right before the group k back
    let gc = 0; // bit k: clause punctuation stands right before the group k back
    // Flags as 0/1 ints: they shift straight into the registers.
    let prevWord = 0;
    let pendingSep = 0;
    let pendingClause = 0;
    let pendingRight = false; // a match waits for its right neighbour
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const v = table[text.charCodeAt(i)] as number;
      const kind = v & 3;
      if (kind === KIND_CONTENT) {
        const code = v >>> 4;
        const word = (v >>> 2) & 1; // WORD_BIT
        if (repeat && code === last && pendingSep === 0 && code !== 0) continue;
        if (pendingRight) {
          if (word === 0) return true;
          pendingRight = false;
        }
        gw = (gw << 1) | word;
        gl = (gl << 1) | prevWord;
        gg = (gg << 1) | pendingSep;
        gc = (gc << 1) | pendingClause;
        prevWord = word;
        pendingSep = 0;
        pendingClause = 0;
        if (code === 0) {
          s = 0;
          last = -1;
          continue;
        }
        last = code;
        const probe = 1 << (code & 7);
        for (;;) {
          const failAndSignature = cells[(s << 2) + 2] as number;
          if (((failAndSignature >>> 24) & probe) !== 0) {
            const t = (cells[s << 2] as number) + code;
            if (cells[(t << 2) + 1] === s) {
              s = t;
              break;
            }
          }
          if (s === 0) break;
          s = failAndSignature & 0xffffff;
        }
        for (let r = cells[(s << 2) + 3] as number; r >= 0; r = outputs[r] as number) {
          const verdict = judge(outputs[r + 1] as number, outputs[r + 2] as number, gw, gl, gg, gc);
          if (verdict === MAYBE) return true;
          if (verdict === PENDING_RIGHT) pendingRight = true;
        }
      } else if (kind === KIND_SEPARATOR) {
        if (pendingRight) return true;
        // After a word of two or more letters no valid match crosses this separator (unless an entry
        // has a separator of its own): start over, which keeps the automaton shallow in spaced text.
        if (restart && (gw & gl & 1) !== 0) s = 0;
        pendingSep = 1;
        pendingClause |= (v >>> 2) & 1; // CLAUSE_BIT
        prevWord = 0;
        last = -1;
      } else if (kind === 0) {
        this.s = s;
        this.last = last;
        this.gw = gw;
        this.gl = gl;
        this.gg = gg;
        this.gc = gc;
        this.prevWord = prevWord === 1;
        this.pendingSep = pendingSep === 1;
        this.pendingClause = pendingClause === 1;
        this.pendingRight = pendingRight;
        this.verdict = false;
        const value = this.slowValue(text, i);
        i += this.width - 1;
        if ((value & 3) === 0) {
          for (const u of this.expansions[value >>> 4] as Int32Array) if (!this.verdict) this.quickUnit(u);
        } else {
          this.quickUnit(value);
        }
        if (this.verdict) return true;
        s = this.s;
        last = this.last;
        gw = this.gw;
        gl = this.gl;
        gg = this.gg;
        gc = this.gc;
        prevWord = this.prevWord ? 1 : 0;
        pendingSep = this.pendingSep ? 1 : 0;
        pendingClause = this.pendingClause ? 1 : 0;
        pendingRight = this.pendingRight;
      }
    }
    return pendingRight;
  }

  /** Pass 1 for one unit of the slow path: the same steps as the loop above, on instance state. */
  private quickUnit(v: number): void {
    const kind = v & 3;
    if (kind === KIND_DROP) return;
    if (kind === KIND_SEPARATOR) {
      if (this.pendingRight) this.verdict = true;
      if (this.restart && (this.gw & this.gl & 1) !== 0) this.s = 0;
      this.pendingSep = true;
      if ((v & CLAUSE_BIT) !== 0) this.pendingClause = true;
      this.prevWord = false;
      this.last = -1;
      return;
    }
    const code = v >>> 4;
    const word = (v & WORD_BIT) !== 0;
    if (code !== 0 && code === this.last && this.repeat && !this.pendingSep) return;
    if (this.pendingRight) {
      if (!word) {
        this.verdict = true;
        return;
      }
      this.pendingRight = false;
    }
    this.gw = (this.gw << 1) | (word ? 1 : 0);
    this.gl = (this.gl << 1) | (this.prevWord ? 1 : 0);
    this.gg = (this.gg << 1) | (this.pendingSep ? 1 : 0);
    this.gc = (this.gc << 1) | (this.pendingClause ? 1 : 0);
    this.prevWord = word;
    this.pendingSep = false;
    this.pendingClause = false;
    if (code === 0) {
      this.s = 0;
      this.last = -1;
      return;
    }
    this.last = code;
    this.s = this.step(this.s, code);
    const outputs = this.outputs;
    for (let r = this.cells[(this.s << 2) + 3] as number; r >= 0; r = outputs[r] as number) {
      const verdict = judge(outputs[r + 1] as number, outputs[r + 2] as number, this.gw, this.gl, this.gg, this.gc);
      if (verdict === MAYBE) {
        this.verdict = true;
        return;
      }
      if (verdict === PENDING_RIGHT) this.pendingRight = true;
    }
  }

  private step(from: number, code: number): number {
    const cells = this.cells;
    const probe = 1 << (code & 7);
    let s = from;
    for (;;) {
      const failAndSignature = cells[(s << 2) + 2] as number;
      if (((failAndSignature >>> 24) & probe) !== 0) {
        const t = (cells[s << 2] as number) + code;
        if (cells[(t << 2) + 1] === s) return t;
      }
      if (s === 0) return 0;
      s = failAndSignature & 0xffffff;
    }
  }

  /**
   * Pass 2: run again recording every group (original span, word flags, separator count) and every
   * output as a candidate. Returns the scratch groups, valid until the next call.
   */
  collect(text: string, candidates: CandidateBuffer): Groups {
    candidates.reset();
    // Give back the memory a huge text (up to the 1 MiB body limit) made the scratch grow to.
    if (groups.start.length > 1 << 16 && text.length < groups.start.length >>> 2) groups = allocateGroups(1024);
    const { table, cells, outputs, repeat } = this;
    const restart = this.restartRecording;
    let g = groups;
    let k = 0; // groups so far
    let s = 0;
    let last = -1;
    let pendingSep = false;
    let pendingClause = false;
    let prevWord = false;
    let leftRun = false; // the last group is a word character with a word character on its left
    let separators = 0;
    const n = text.length;
    for (let i = 0; i < n; ) {
      const v = table[text.charCodeAt(i)] as number;
      const kind = v & 3;
      if (kind === KIND_CONTENT) {
        const code = v >>> 4;
        const word = (v & WORD_BIT) !== 0;
        if (code !== 0 && code === last && repeat && !pendingSep) {
          g.end[k - 1] = i + 1; // a repeat extends its group; the right neighbour is still to come
          i++;
          continue;
        }
        if (k > 0 && !pendingSep && word) g.flags[k - 1]! |= FLAG_RIGHT_WORD;
        if (pendingSep) separators++;
        if (k === g.start.length) {
          g.length = k;
          growGroups();
          g = groups;
        }
        g.start[k] = i;
        g.end[k] = i + 1;
        g.flags[k] = (word ? FLAG_WORD : 0) | (prevWord ? FLAG_LEFT_WORD : 0) | (pendingClause ? FLAG_CLAUSE_BEFORE : 0);
        g.sepCount[k] = separators;
        leftRun = word && prevWord;
        k++;
        pendingSep = false;
        pendingClause = false;
        prevWord = word;
        i++;
        if (code === 0) {
          s = 0;
          last = -1;
          continue;
        }
        last = code;
        const probe = 1 << (code & 7);
        for (;;) {
          const failAndSignature = cells[(s << 2) + 2] as number;
          if (((failAndSignature >>> 24) & probe) !== 0) {
            const t = (cells[s << 2] as number) + code;
            if (cells[(t << 2) + 1] === s) {
              s = t;
              break;
            }
          }
          if (s === 0) break;
          s = failAndSignature & 0xffffff;
        }
        for (let r = cells[(s << 2) + 3] as number; r >= 0; r = outputs[r] as number) {
          const length = outputs[r + 1] as number;
          const count = outputs[r + 3] as number;
          for (let e = 0; e < count; e++) candidates.push(outputs[r + 4 + e] as number, k - length, k);
        }
      } else if (kind === KIND_SEPARATOR) {
        // A separator is never a word character, so it adds nothing to the previous group's flags.
        if (restart && leftRun) s = 0; // no valid match crosses it (see mayHit)
        pendingSep = true;
        if ((v & CLAUSE_BIT) !== 0) pendingClause = true;
        prevWord = false;
        leftRun = false;
        last = -1;
        i++;
      } else if (kind === KIND_DROP) {
        i++;
      } else {
        // Slow path (first sight, surrogates, expansions) on instance state.
        g.length = k;
        this.s = s;
        this.last = last;
        this.pendingSep = pendingSep;
        this.pendingClause = pendingClause;
        this.prevWord = prevWord;
        this.separators = separators;
        const value = this.slowValue(text, i);
        const width = this.width;
        if ((value & 3) === 0) {
          for (const u of this.expansions[value >>> 4] as Int32Array) this.recordUnit(u, i, i + width, candidates);
        } else {
          this.recordUnit(value, i, i + width, candidates);
        }
        i += width;
        g = groups;
        k = g.length;
        s = this.s;
        last = this.last;
        pendingSep = this.pendingSep;
        pendingClause = this.pendingClause;
        prevWord = this.prevWord;
        separators = this.separators;
        leftRun = k > 0 && !pendingSep && ((g.flags[k - 1] as number) & (FLAG_WORD | FLAG_LEFT_WORD)) === (FLAG_WORD | FLAG_LEFT_WORD);
      }
    }
    g.length = k;
    return g;
  }

  private recordUnit(v: number, start: number, end: number, candidates: CandidateBuffer): void {
    const kind = v & 3;
    if (kind === KIND_DROP) return;
    if (kind === KIND_SEPARATOR) {
      // A separator is never a word character, so it adds nothing to the previous group's flags.
      const g = groups;
      const lastFlags = g.length > 0 && !this.pendingSep ? (g.flags[g.length - 1] as number) : 0;
      if (this.restartRecording && (lastFlags & (FLAG_WORD | FLAG_LEFT_WORD)) === (FLAG_WORD | FLAG_LEFT_WORD)) this.s = 0;
      this.pendingSep = true;
      if ((v & CLAUSE_BIT) !== 0) this.pendingClause = true;
      this.prevWord = false;
      this.last = -1;
      return;
    }
    const code = v >>> 4;
    const word = (v & WORD_BIT) !== 0;
    if (code !== 0 && code === this.last && this.repeat && !this.pendingSep) {
      groups.end[groups.length - 1] = end; // a repeat extends its group; the right neighbour is still to come
      return;
    }
    if (groups.length > 0 && !this.pendingSep && word) groups.flags[groups.length - 1]! |= FLAG_RIGHT_WORD;
    if (this.pendingSep) this.separators++;
    if (groups.length === groups.start.length) growGroups();
    const k = groups.length++;
    groups.start[k] = start;
    groups.end[k] = end;
    groups.flags[k] =
      (word ? FLAG_WORD : 0) | (this.prevWord ? FLAG_LEFT_WORD : 0) | (this.pendingClause ? FLAG_CLAUSE_BEFORE : 0);
    groups.sepCount[k] = this.separators;
    this.pendingSep = false;
    this.pendingClause = false;
    this.prevWord = word;
    this.last = code === 0 ? -1 : code;
    if (code === 0) {
      this.s = 0;
      return;
    }
    const s = (this.s = this.step(this.s, code));
    const outputs = this.outputs;
    for (let r = this.cells[(s << 2) + 3] as number; r >= 0; r = outputs[r] as number) {
      const length = outputs[r + 1] as number;
      const count = outputs[r + 3] as number;
      for (let e = 0; e < count; e++) candidates.push(outputs[r + 4 + e] as number, k + 1 - length, k + 1);
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
    const units = this.folder.fold(cp);
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
