import type { NormalizeOptions, PolicyNormalize, ResolvedNormalize } from "./types.ts";

/** Policy defaults (CONTRACT.md §2.3): every stage on but repeat collapse and leet. */
export const DEFAULT_NORMALIZE: Readonly<PolicyNormalize> = Object.freeze({
  ignoreCase: true,
  ignoreWidth: true,
  ignoreSymbols: true,
  traditionalToSimplified: true,
  confusables: true,
  ignoreRepeat: false,
  leet: false,
});

const FLAG_ORDER = [
  "ignoreCase",
  "ignoreWidth",
  "ignoreSymbols",
  "traditionalToSimplified",
  "confusables",
  "ignoreRepeat",
  "leet",
  "ignoreInvisible",
] as const;

/** Fill omitted flags with the policy defaults; anything that is not `true`/`false` counts as omitted. */
export function resolveOptions(options: NormalizeOptions | undefined): ResolvedNormalize {
  const pick = (name: keyof ResolvedNormalize, fallback: boolean): boolean => {
    const value = options?.[name];
    return typeof value === "boolean" ? value : fallback;
  };
  return {
    ignoreCase: pick("ignoreCase", DEFAULT_NORMALIZE.ignoreCase),
    ignoreWidth: pick("ignoreWidth", DEFAULT_NORMALIZE.ignoreWidth),
    ignoreSymbols: pick("ignoreSymbols", DEFAULT_NORMALIZE.ignoreSymbols),
    traditionalToSimplified: pick("traditionalToSimplified", DEFAULT_NORMALIZE.traditionalToSimplified),
    confusables: pick("confusables", DEFAULT_NORMALIZE.confusables),
    ignoreRepeat: pick("ignoreRepeat", DEFAULT_NORMALIZE.ignoreRepeat),
    leet: pick("leet", DEFAULT_NORMALIZE.leet),
    ignoreInvisible: pick("ignoreInvisible", true),
  };
}

/** A small integer that identifies a resolved option set: the key of the per-options fold caches. */
export function optionsMask(options: ResolvedNormalize): number {
  let mask = 0;
  FLAG_ORDER.forEach((name, bit) => {
    if (options[name]) mask |= 1 << bit;
  });
  return mask;
}

export function optionsFromMask(mask: number): ResolvedNormalize {
  const flag = (name: (typeof FLAG_ORDER)[number]): boolean => (mask & (1 << FLAG_ORDER.indexOf(name))) !== 0;
  return {
    ignoreCase: flag("ignoreCase"),
    ignoreWidth: flag("ignoreWidth"),
    ignoreSymbols: flag("ignoreSymbols"),
    traditionalToSimplified: flag("traditionalToSimplified"),
    confusables: flag("confusables"),
    ignoreRepeat: flag("ignoreRepeat"),
    leet: flag("leet"),
    ignoreInvisible: flag("ignoreInvisible"),
  };
}
