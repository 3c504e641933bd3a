import { readFileSync } from "node:fs";

/** A sample body as the messaging server sends it: the JSON line with its trailing newline. */
export function sampleBody(name: string): string {
  const text = readFileSync(new URL(`../fixtures/samples/${name}.json`, import.meta.url), "utf8").trimEnd();
  return `${text}\n`;
}

export function sample<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(sampleBody(name)) as T;
}
