// Random strings for hostile input: ASCII, any Unicode (CJK, emoji pairs, combining marks, zero-width, bidi,
// controls) and lone surrogates. Drawn from a seeded Rng so each case can be regenerated from its number.
import type { Rng } from "../prng.ts";

const ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export function alnum(rng: Rng, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALNUM[rng.int(0, ALNUM.length - 1)];
  return out;
}

export function printableAscii(rng: Rng, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += String.fromCharCode(rng.int(0x20, 0x7e));
  return out;
}

const RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e], // ASCII
  [0x00, 0x1f], // controls
  [0xa0, 0x24f], // Latin-1 + extended
  [0x300, 0x36f], // combining marks
  [0x400, 0x4ff], // Cyrillic
  [0x200b, 0x200f], // zero-width, bidi marks
  [0x202a, 0x202e], // bidi embeddings
  [0x3000, 0x303f], // CJK punctuation
  [0x4e00, 0x9fff], // CJK
  [0xff00, 0xffef], // full width
  [0xfff0, 0xffff], // specials, incl. U+FFFE/U+FFFF
  [0x1f300, 0x1faff], // emoji (surrogate pairs)
  [0x1d400, 0x1d7ff], // mathematical alphanumerics
];

/** Any code points, including lone surrogates when `surrogates` is true. */
export function unicode(rng: Rng, length: number, surrogates = true): string {
  let out = "";
  for (let i = 0; i < length; i++) {
    if (surrogates && rng.chance(0.05)) {
      out += String.fromCharCode(rng.chance(0.5) ? rng.int(0xd800, 0xdbff) : rng.int(0xdc00, 0xdfff));
      continue;
    }
    const [from, to] = rng.pick(RANGES);
    out += String.fromCodePoint(rng.int(from, to));
  }
  return out;
}

/** A lone (unpaired) surrogate code unit. */
export function loneSurrogate(rng: Rng): string {
  return String.fromCharCode(rng.chance(0.5) ? rng.int(0xd800, 0xdbff) : rng.int(0xdc00, 0xdfff));
}

/** Percent-encodes every UTF-16 unit's bytes as WTF-8 (lone surrogates become ED A0 80-style sequences). */
export function percentEncodeRaw(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    let cp = unit;
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      cp = 0x10000 + ((unit - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    const bytes: number[] = [];
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    out += bytes.map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) && b < 0x80 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`)).join("");
  }
  return out;
}

/** A random JSON value of bounded depth. */
export function jsonValue(rng: Rng, depth = 2): unknown {
  const kind = rng.int(0, depth > 0 ? 7 : 5);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return rng.int(-1_000_000, 1_000_000);
    case 3:
      return rng.next() * 1e6 - 5e5;
    case 4:
      return unicode(rng, rng.int(0, 20));
    case 5:
      return alnum(rng, rng.int(0, 12));
    case 6:
      return Array.from({ length: rng.int(0, 4) }, () => jsonValue(rng, depth - 1));
    default: {
      const out: Record<string, unknown> = {};
      for (let i = rng.int(0, 4); i > 0; i--) out[alnum(rng, rng.int(1, 8))] = jsonValue(rng, depth - 1);
      return out;
    }
  }
}

export type JsonType = "null" | "boolean" | "number" | "string" | "array" | "object";

export function jsonType(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const type = typeof value;
  if (type === "boolean" || type === "number" || type === "string") return type;
  return "object";
}

/** A value whose JSON type differs from `original`'s (and from each of `avoid`). */
export function valueOfAnotherType(rng: Rng, original: unknown, avoid: readonly JsonType[] = []): unknown {
  const candidates: unknown[] = [null, true, false, 0, 1.5, -7, "", "text", "101", [], [1, "a"], {}, { a: 1 }];
  const skip = new Set<JsonType>([jsonType(original), ...avoid]);
  const pool = candidates.filter((c) => !skip.has(jsonType(c)));
  return structuredClone(rng.pick(pool));
}
