import t from "tap";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ERRORS, ApiError, isApiError } from "../src/index.ts";

// shared/ sits beside the clone (CI and development alike); the catalogue must say what CONTRACT.md says.
const contract = readFileSync(fileURLToPath(new URL("../../../../shared/CONTRACT.md", import.meta.url)), "utf8");

t.test("every admin error code of CONTRACT.md §2.1 is in the catalogue with the same name", async (t) => {
  const section = contract.slice(contract.indexOf("Error codes:"), contract.indexOf("CORS open"));
  const pairs = [...section.matchAll(/(\d{3,5})\s+([A-Za-z]+)/g)].map((m) => [Number(m[1]), m[2]] as const);
  t.ok(pairs.length >= 12, `found ${pairs.length} codes in the contract`);
  for (const [code, name] of pairs) {
    t.equal(ERRORS[name as keyof typeof ERRORS]?.code, code, `${name} = ${code}`);
  }
});

t.test("callback codes of CONTRACT.md §1.2 are the catalogue's defaults", async (t) => {
  t.match(contract, /20014 \(`REFUSE_FRIEND_CODE`/);
  t.equal(ERRORS.RefuseFriend.code, 20014);
  t.match(contract, /20016 \(`SENSITIVE_WORD_BLOCKED_CODE`/);
  t.equal(ERRORS.SensitiveWordBlocked.code, 20016);
  t.match(contract, /\| 500 \| `ServerInternalError`/);
  t.equal(ERRORS.ServerInternalError.code, 500);
});

t.test("codes are unique", async (t) => {
  const codes = Object.values(ERRORS).map((e) => e.code);
  t.equal(new Set(codes).size, codes.length);
});

t.test("ApiError carries name, code and detail; a configured code overrides the default", async (t) => {
  const e = new ApiError("ArgsError", "words[0].word");
  t.ok(isApiError(e));
  t.equal(e.errCode, 1001);
  t.equal(e.errName, "ArgsError");
  t.equal(e.errDlt, "words[0].word");
  t.equal(new ApiError("SensitiveWordBlocked", "", 20012).errCode, 20012);
  t.notOk(isApiError(new Error("ArgsError")), "recognised by class, never by message text");
});
