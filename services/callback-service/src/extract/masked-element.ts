// The modify command's `content`: the whole element with only its text field(s) replaced by their masked form, every
// other field kept (in its place: overwriting a key keeps the key's position). Raw content is masked as a string.
import type { TextSource } from "./text-source.ts";

export function maskedContent(source: TextSource, masked: ReadonlyMap<string | undefined, string>, rawContent: string): string {
  if (!source.element) return masked.get(undefined) ?? rawContent;
  const element: Record<string, unknown> = { ...source.element };
  for (const [key, text] of masked) if (key !== undefined) element[key] = text;
  return JSON.stringify(element);
}
