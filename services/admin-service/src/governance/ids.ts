// Ids are strings on the wire and BigInt identities in the tables.
import { fail } from "../envelope.ts";

const MAX_BIGINT = 9_223_372_036_854_775_807n;
const DIGITS = /^[0-9]{1,19}$/;

/** Parses id strings; a non-numeric one is an argument error naming its position (`ids[2]`). */
export function parseIds(ids: readonly string[], field = "ids"): bigint[] {
  return ids.map((id, index) => {
    const value = DIGITS.test(id) ? BigInt(id) : -1n;
    if (value < 1n || value > MAX_BIGINT) throw fail("ArgsError", `${field}[${index}]: not a valid id`);
    return value;
  });
}

export function parseId(id: string, field = "id"): bigint {
  const value = DIGITS.test(id) ? BigInt(id) : -1n;
  if (value < 1n || value > MAX_BIGINT) throw fail("ArgsError", `${field}: not a valid id`);
  return value;
}
