/**
 * Raw automaton matches before judging: (entry index, first group, group past the end), flat in one
 * growable Int32Array that is reused between calls (matching is synchronous, so one buffer suffices).
 */
export class CandidateBuffer {
  data = new Int32Array(3 * 64);
  count = 0;

  reset(): void {
    this.count = 0;
  }

  push(entry: number, first: number, past: number): void {
    let at = this.count * 3;
    if (at + 3 > this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[at++] = entry;
    this.data[at++] = first;
    this.data[at] = past;
    this.count++;
  }
}
