// The admin envelope of CONTRACT.md §2.1: HTTP 200 always; {errCode, errMsg, errDlt, data?}; errCode 0 carries
// `data` (an object), an error carries no data and errMsg is the contract name of its code.
import { ERRORS } from "@wordguard/contracts";
import { parseJsonReply, type RawReply } from "./http-client.ts";

export interface AdminEnvelope {
  errCode: number;
  errMsg: string;
  errDlt: string;
  data?: unknown;
}

export type EnvelopeCheck = { ok: true; envelope: AdminEnvelope } | { ok: false; problem: string };

const NAME_OF_CODE = new Map<number, string>(Object.entries(ERRORS).map(([name, entry]) => [entry.code, name]));
const KEYS = new Set(["errCode", "errMsg", "errDlt", "data"]);

export function errorName(code: number): string | undefined {
  return NAME_OF_CODE.get(code);
}

export function checkAdminEnvelope(raw: RawReply): EnvelopeCheck {
  const json = parseJsonReply(raw);
  if (!json.ok) return json;
  const parsed = json.value;
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return { ok: false, problem: `not an object: ${raw.body.slice(0, 200)}` };
  const body = parsed as Record<string, unknown>;
  const extra = Object.keys(body).filter((key) => !KEYS.has(key));
  if (extra.length > 0) return { ok: false, problem: `unexpected fields ${extra.join(",")}` };
  const { errCode, errMsg, errDlt, data } = body;
  if (typeof errCode !== "number" || !Number.isInteger(errCode)) return { ok: false, problem: `errCode ${JSON.stringify(errCode)}` };
  if (typeof errMsg !== "string" || typeof errDlt !== "string") return { ok: false, problem: `errMsg/errDlt not strings: ${raw.body.slice(0, 200)}` };
  if (errCode === 0) {
    if (data === null || typeof data !== "object") return { ok: false, problem: `success without a data object: ${raw.body.slice(0, 200)}` };
    if (errMsg !== "" || errDlt !== "") return { ok: false, problem: `success with errMsg/errDlt: ${raw.body.slice(0, 200)}` };
  } else {
    if ("data" in body) return { ok: false, problem: `error ${errCode} with data: ${raw.body.slice(0, 200)}` };
    const name = NAME_OF_CODE.get(errCode);
    if (name === undefined) return { ok: false, problem: `errCode ${errCode} is not in the contract's catalogue` };
    if (errMsg !== name) return { ok: false, problem: `errCode ${errCode} with errMsg ${JSON.stringify(errMsg)} (expected ${name})` };
  }
  return { ok: true, envelope: { errCode, errMsg, errDlt, ...(errCode === 0 ? { data } : {}) } };
}
