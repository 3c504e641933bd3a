import { AhoCorasick as MonyoneFast } from "@monyone/aho-corasick/fast";
import { compile, type CompileInput } from "@wordguard/matcher";
import FastScanner from "fastscan";
import { Mint } from "mint-filter";
import ModernAhoCorasick from "modern-ahocorasick";

/*
 * Each npm package in its fastest variant on this corpus (measured: @monyone's double-array `/fast` beats
 * its default ~10×; modern-ahocorasick's default compact backend beats its `/fast` double array ~2×).
 */

/** What the benchmark asks of every matcher: build from a dictionary, find all hits, answer "any hit?". */
export interface Matcher {
  /** Number of hits (every occurrence the library reports). */
  all(text: string): number;
  any(text: string): boolean;
}

export interface Implementation {
  name: string;
  /** Ours applies every normalisation stage; the npm matchers do plain matching on the raw text. */
  normalises: boolean;
  build(input: CompileInput): Matcher;
}

const NO_NORMALISATION = {
  ignoreCase: false,
  ignoreWidth: false,
  ignoreSymbols: false,
  traditionalToSimplified: false,
  confusables: false,
  ignoreRepeat: false,
  leet: false,
  ignoreInvisible: false,
};

const words = (input: CompileInput): string[] => input.entries.map((e) => e.word);

export const IMPLEMENTATIONS: Implementation[] = [
  {
    name: "wordguard (all normalisation)",
    normalises: true,
    build: (input) => {
      const d = compile(input);
      return { all: (t) => d.findHits(t).length, any: (t) => d.hasHit(t) };
    },
  },
  {
    name: "wordguard (no normalisation)",
    normalises: false,
    build: (input) => {
      const d = compile({ ...input, normalize: NO_NORMALISATION });
      return { all: (t) => d.findHits(t).length, any: (t) => d.hasHit(t) };
    },
  },
  {
    name: "@monyone/aho-corasick/fast",
    normalises: false,
    build: (input) => {
      const m = new MonyoneFast(words(input));
      return { all: (t) => m.matchInText(t).length, any: (t) => m.hasKeywordInText(t) };
    },
  },
  {
    name: "modern-ahocorasick",
    normalises: false,
    build: (input) => {
      const m = new ModernAhoCorasick(words(input));
      return { all: (t) => m.search(t).length, any: (t) => m.match(t) };
    },
  },
  {
    name: "mint-filter",
    normalises: false,
    build: (input) => {
      const m = new Mint(words(input));
      return { all: (t) => m.filter(t, { replace: false }).words.length, any: (t) => !m.verify(t) };
    },
  },
  {
    name: "fastscan",
    normalises: false,
    build: (input) => {
      const m = new FastScanner(words(input));
      return { all: (t) => m.search(t).length, any: (t) => m.search(t, { quick: true }).length > 0 };
    },
  },
];
