import type { CandidateBuffer } from "../candidates.ts";
import type { PreparedEntry } from "../entries.ts";
import type { NormalizedStream } from "../stream.ts";

/** A plain Aho–Corasick automaton on Maps: the first, obviously-correct engine. */
export class MapTrie {
  private readonly children: Map<number, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  private readonly own: number[][] = [[]];
  private readonly dictLink: number[] = [-1];
  private readonly lengths: number[];

  constructor(entries: readonly PreparedEntry[]) {
    this.lengths = entries.map((e) => e.key.length);
    entries.forEach((entry, index) => {
      let node = 0;
      for (const cp of entry.key) {
        let next = this.children[node]!.get(cp);
        if (next === undefined) {
          next = this.children.length;
          this.children.push(new Map());
          this.fail.push(0);
          this.own.push([]);
          this.dictLink.push(-1);
          this.children[node]!.set(cp, next);
        }
        node = next;
      }
      this.own[node]!.push(index);
    });
    const queue: number[] = [];
    for (const child of this.children[0]!.values()) queue.push(child);
    for (let q = 0; q < queue.length; q++) {
      const node = queue[q]!;
      for (const [cp, child] of this.children[node]!) {
        let f = this.fail[node]!;
        while (f !== 0 && !this.children[f]!.has(cp)) f = this.fail[f]!;
        const target = this.children[f]!.get(cp);
        this.fail[child] = target !== undefined && target !== child ? target : 0;
        const fc = this.fail[child]!;
        this.dictLink[child] = this.own[fc]!.length > 0 ? fc : this.dictLink[fc]!;
        queue.push(child);
      }
    }
  }

  get states(): number {
    return this.children.length;
  }

  scan(stream: NormalizedStream, out: CandidateBuffer): void {
    let node = 0;
    for (let k = 0; k < stream.length; k++) {
      const cp = stream.cp[k]!;
      for (;;) {
        const next = this.children[node]!.get(cp);
        if (next !== undefined) {
          node = next;
          break;
        }
        if (node === 0) break;
        node = this.fail[node]!;
      }
      for (let n = node; n > 0; n = this.dictLink[n]!) {
        for (const entry of this.own[n]!) out.push(entry, k + 1 - this.lengths[entry]!, k + 1);
        if (this.dictLink[n] === -1) break;
      }
    }
  }
}
