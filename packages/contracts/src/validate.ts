import { Compile } from "typebox/compile";
import type { Static, TSchema } from "typebox";

export type CheckResult<T> = { ok: true; value: T } | { ok: false; path: string; message: string };

/** `/words/3/word` → `words[3].word`; the root is `body`. This is the field path that errDlt carries. */
export function fieldPath(instancePath: string): string {
  if (instancePath === "" || instancePath === "/") return "body";
  return instancePath
    .split("/")
    .slice(1)
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path === "" ? part : `${path}.${part}`), "");
}

/**
 * Compile a schema once (at start, never per request) into a checker that reports the first error with its field path.
 * A missing required property is reported at the property, not at its parent.
 */
export function compileChecker<T extends TSchema>(schema: T): (value: unknown) => CheckResult<Static<T>> {
  const validator = Compile(schema);
  return (value) => {
    if (validator.Check(value)) return { ok: true, value: value as Static<T> };
    const [first] = validator.Errors(value);
    if (first === undefined) return { ok: false, path: "body", message: "invalid value" };
    let path = fieldPath(first.instancePath);
    const params = first.params as { requiredProperties?: string[] };
    if (first.keyword === "required" && params.requiredProperties?.[0] !== undefined) {
      const missing = params.requiredProperties[0];
      path = path === "body" ? missing : `${path}.${missing}`;
    }
    return { ok: false, path, message: first.message };
  };
}
