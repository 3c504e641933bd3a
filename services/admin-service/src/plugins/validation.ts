// Request validation with the contracts' TypeBox checkers instead of Fastify's AJV: one validator for the whole
// project, and its first error comes with the field path (`words[3].word`) that errDlt must carry.
import { compileChecker } from "@wordguard/contracts";
import type { TSchema } from "typebox";
import { fail } from "../envelope.ts";
import type { AdminApp } from "../types.ts";

export function setupValidation(app: AdminApp): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const check = compileChecker(schema as TSchema);
    return (data: unknown) => {
      // A POST without any body (and so without a parser run) means "no arguments", like an empty body.
      const result = check(httpPart === "body" && (data === undefined || data === null) ? {} : data);
      return result.ok ? { value: result.value } : { error: fail("ArgsError", `${result.path}: ${result.message}`) };
    };
  });
}
