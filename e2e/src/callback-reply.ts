// The callback reply shape of CONTRACT.md §1.2, checked strictly: HTTP 200, a JSON object with exactly
// actionCode/nextCode/errCode/errMsg/errDlt (+ optional content), actionCode always 0. The messaging server fails
// the user's action on anything else, so every reply of the suite goes through this check.
import { CallbackReplySchema, compileChecker, type CallbackReply } from "@wordguard/contracts";
import { parseJsonReply, type RawReply } from "./http-client.ts";

const checkSchema = compileChecker(CallbackReplySchema);
const ALLOWED_KEYS = new Set(["actionCode", "nextCode", "errCode", "errMsg", "errDlt", "content"]);

export type ReplyCheck = { ok: true; reply: CallbackReply } | { ok: false; problem: string };

export function checkCallbackReply(raw: RawReply): ReplyCheck {
  const json = parseJsonReply(raw);
  if (!json.ok) return json;
  const parsed = json.value;
  const checked = checkSchema(parsed);
  if (!checked.ok) return { ok: false, problem: `${checked.path}: ${checked.message} in ${raw.body.slice(0, 200)}` };
  const extra = Object.keys(parsed as object).filter((key) => !ALLOWED_KEYS.has(key));
  if (extra.length > 0) return { ok: false, problem: `unexpected fields ${extra.join(",")} in ${raw.body.slice(0, 200)}` };
  if (checked.value.actionCode !== 0) return { ok: false, problem: `actionCode ${checked.value.actionCode}` };
  const contentType = String(raw.headers["content-type"] ?? "");
  if (!contentType.startsWith("application/json")) return { ok: false, problem: `content-type ${contentType}` };
  return { ok: true, reply: checked.value };
}

/** The server blocks only on actionCode 0 and nextCode 1. */
export function isBlocked(reply: CallbackReply): boolean {
  return reply.actionCode === 0 && reply.nextCode === 1;
}

export function isPlainAllowed(reply: CallbackReply): boolean {
  return reply.nextCode === 0 && reply.errCode === 0 && reply.errMsg === "" && reply.errDlt === "";
}
