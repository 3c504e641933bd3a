// fastscan ships no typings: the part of its API the benchmark uses.
declare module "fastscan" {
  export default class FastScanner {
    constructor(words: string[]);
    search(content: string, options?: { quick?: boolean; longest?: boolean }): [number, string][];
  }
}
