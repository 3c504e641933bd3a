// Validation and the normalised key of a word or whitelist entry (CONTRACT.md §2.3).
//
// The key is the matcher's `normalizeWord` under the policy defaults (DEFAULT_NORMALIZE), the normalisation the
// callback applies to texts while the policies keep their defaults. It is deliberately NOT the scene policy's
// current setting: the key is a unique index, and a key that moved whenever an operator toggled a switch would
// need every row re-keyed (and could collide) on each policy change. Consequences, documented in the README:
// turning a fold OFF in a policy may make two entries the key calls duplicates distinct for that scene (we stay
// strict and keep one); turning leet / repeat collapse ON may make distinct keys hit the same text (both hit).
import { DEFAULT_NORMALIZE, Words } from "@wordguard/contracts";
import { normalizeWord } from "@wordguard/matcher";

export type InvalidReason = "empty" | "too-long" | "normalizes-to-nothing";

export type WordCheck = { ok: true; word: string; normalized: string } | { ok: false; reason: InvalidReason };

export const KEY_NORMALIZE = DEFAULT_NORMALIZE;

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** 1..64 characters (code points, as PostgreSQL's varchar counts) after trimming, not normalising to nothing. */
export function checkWord(raw: string): WordCheck {
  const word = raw.trim();
  if (word === "") return { ok: false, reason: "empty" };
  if (codePoints(word) > Words.WORD_LIMITS.maxWordLength) return { ok: false, reason: "too-long" };
  const normalized = normalizeWord(word, KEY_NORMALIZE);
  if (normalized === "") return { ok: false, reason: "normalizes-to-nothing" };
  return { ok: true, word, normalized };
}

/** Human words for the reasons, as the `invalid[].reason` of a reply. */
export const REASON_TEXT: Record<InvalidReason, string> = {
  empty: "empty after trimming",
  "too-long": `longer than ${Words.WORD_LIMITS.maxWordLength} characters`,
  "normalizes-to-nothing": "normalises to nothing (only symbols, spaces or invisible characters)",
};
