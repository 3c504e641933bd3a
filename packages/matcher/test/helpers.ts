import { readFileSync } from "node:fs";
import type { CompileInput, Hit, NormalizeOptions, Scene } from "../src/types.ts";
import { resolveOptions } from "../src/options.ts";

export function loadJson<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./data/${name}`, import.meta.url), "utf8")) as T;
}

export const caseDictionary = loadJson<CompileInput>("dictionary.json");

export interface HitCase {
  name: string;
  text: string;
  hit: string;
  scene?: Scene;
  normalize?: NormalizeOptions;
}

export interface CleanCase {
  name: string;
  text: string;
  scene?: Scene;
}

export interface OffsetCase {
  name: string;
  text: string;
  hits: Hit[];
  mask: string;
}

/** Default policy, everything on, everything off, and each flag flipped from the default. */
export const CONFIGURATIONS: NormalizeOptions[] = (() => {
  const defaults = resolveOptions(undefined);
  const flags = Object.keys(defaults) as (keyof typeof defaults)[];
  const all = (v: boolean) => Object.fromEntries(flags.map((f) => [f, v])) as NormalizeOptions;
  return [{}, all(true), all(false), ...flags.map((f) => ({ [f]: !defaults[f] }) as NormalizeOptions)];
})();
