// Hostile callback requests, generated from a seed: random and near-miss commands, truncated JSON, wrong field types,
// missing fields, lone surrogates (escaped and as raw bytes), huge bodies and strings, odd content types, other
// methods and paths, odd-but-valid JSON. Each case says what CONTRACT.md §1.2 requires of the reply: a specific error
// (1001 with its message and errDlt), a plain allow, a decision (allow or block), or only the shape. Case i is
// generated from (seed, i) alone, so a failure is reproduced with `callbackCase(seed, i)`.
import { ALLOWED_REPLY, CALLBACK_COMMANDS, COMMANDS, ERRORS, MessageRequestSchema, AddFriendRequestSchema, type CallbackReply } from "@wordguard/contracts";
import { isBlocked, isPlainAllowed } from "../callback-reply.ts";
import type { RawRequest } from "../http-client.ts";
import { createRng, type Rng } from "../prng.ts";
import { sample, type SampleName } from "../samples.ts";
import { alnum, jsonValue, loneSurrogate, percentEncodeRaw, printableAscii, unicode, valueOfAnotherType } from "./strings.ts";

export type CallbackExpectation =
  | { kind: "shape" }
  | { kind: "allowed" }
  | { kind: "decided" }
  | { kind: "allowed-or-1001" }
  | { kind: "error"; errCode: number; errMsg?: RegExp; errDlt?: string | RegExp };

export interface CallbackCase {
  id: number;
  category: string;
  method: string;
  /** path and query, e.g. /callback/im/x?command=y */
  path: string;
  headers: Record<string, string | string[]>;
  body?: string | Buffer;
  expect: CallbackExpectation;
}

/** The largest body a replica accepts by default (CALLBACK_BODY_LIMIT, 1 MiB). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8" };
const ARGS = ERRORS.ArgsError.code;
const INVALID_COMMAND = /^invalid command/;
const INVALID_ROUTE = /^invalid route/;
const ROUTE_OR_COMMAND = /^invalid (route|command)/;

const MESSAGE_SAMPLES: readonly { name: SampleName; command: string }[] = [
  { name: "single", command: COMMANDS.beforeSendSingleMsg },
  { name: "groupAtText", command: COMMANDS.beforeSendGroupMsg },
  { name: "groupNotification", command: COMMANDS.beforeSendGroupMsg },
  { name: "modify", command: COMMANDS.beforeMsgModify },
];
const ALL_SAMPLES = [...MESSAGE_SAMPLES, { name: "addFriend" as const, command: COMMANDS.beforeAddFriend }];

/**
 * A clean text for bodies that must be allowed: random lower-case letters and spaces (CJK and symbols could, by
 * chance, normalise into one of the test's prohibited words; these cannot, the words are longer than the runs).
 */
function cleanText(rng: Rng, length: number): string {
  let out = "";
  while (out.length < length) out += `${alnum(rng, rng.int(1, 6)).toLowerCase().replace(/[0-9]/g, "")} `;
  return out.slice(0, length);
}

/** A message body with a clean text: allowed by every policy (message samples only; add-friend needs a user row). */
function cleanMessage(rng: Rng): { body: Record<string, unknown>; command: string } {
  const pick = rng.pick(MESSAGE_SAMPLES.filter((s) => s.name !== "groupNotification"));
  const body = sample(pick.name);
  body["content"] = JSON.stringify(pick.name === "groupAtText" ? { text: cleanText(rng, rng.int(1, 80)) } : { content: cleanText(rng, rng.int(1, 80)) });
  return { body, command: pick.command };
}

const json = (value: unknown): string => `${JSON.stringify(value)}\n`;

function post(path: string, body: string | Buffer | undefined, expect: CallbackExpectation, headers: Record<string, string | string[]> = JSON_HEADERS) {
  return { method: "POST", path, headers, ...(body === undefined ? {} : { body }), expect };
}

type Generated = Omit<CallbackCase, "id" | "category">;
type Generator = (rng: Rng) => Generated;

function nearMissCommand(rng: Rng): string {
  const base = rng.pick(CALLBACK_COMMANDS);
  switch (rng.int(0, 6)) {
    case 0:
      return base.toLowerCase();
    case 1:
      return base.toUpperCase();
    case 2:
      return `${base}${alnum(rng, rng.int(1, 3))}`;
    case 3:
      return base.slice(0, rng.int(1, base.length - 1));
    case 4:
      return `${base} `;
    case 5:
      return base.replace("Command", "Cmd");
    default:
      return `${alnum(rng, 2)}${base}`;
  }
}

const randomCommandPath: Generator = (rng) => {
  const { body } = cleanMessage(rng);
  const style = rng.int(0, 3);
  if (style === 0) {
    const command = alnum(rng, rng.int(1, 40));
    return post(`/callback/im/${command}`, json(body), { kind: "error", errCode: ARGS, errMsg: INVALID_COMMAND, errDlt: command });
  }
  if (style === 1) {
    const command = nearMissCommand(rng);
    return post(`/callback/im/${encodeURIComponent(command)}`, json(body), { kind: "error", errCode: ARGS, errMsg: INVALID_COMMAND, errDlt: command });
  }
  if (style === 2) {
    const command = unicode(rng, rng.int(1, 30), false);
    return post(`/callback/im/${encodeURIComponent(command)}`, json(body), { kind: "error", errCode: ARGS, errMsg: ROUTE_OR_COMMAND });
  }
  // Lone surrogates and raw bytes percent-encoded: not decodable as UTF-8.
  const command = `${alnum(rng, 3)}${loneSurrogate(rng)}${alnum(rng, 3)}`;
  return post(`/callback/im/${percentEncodeRaw(command)}`, json(body), { kind: "error", errCode: ARGS, errMsg: ROUTE_OR_COMMAND });
};

const randomCommandQuery: Generator = (rng) => {
  const { body } = cleanMessage(rng);
  const style = rng.int(0, 3);
  if (style === 0) {
    const command = rng.chance(0.5) ? alnum(rng, rng.int(1, 40)) : nearMissCommand(rng);
    return post(`/callback/im?command=${encodeURIComponent(command)}`, json(body), { kind: "error", errCode: ARGS, errMsg: INVALID_COMMAND, errDlt: command });
  }
  if (style === 1) {
    // Neither form: the service may take the body's callbackCommand (the server always fills it in); a body whose
    // callbackCommand is not a command is then refused like any unknown command.
    if (rng.chance(0.5)) return post("/callback/im", json(body), { kind: "allowed-or-1001" });
    const command = alnum(rng, rng.int(1, 20));
    body["callbackCommand"] = command;
    return post("/callback/im", json(body), { kind: "error", errCode: ARGS, errMsg: INVALID_COMMAND });
  }
  if (style === 2) {
    // Both forms: the same command is fine, different ones are refused.
    const message = cleanMessage(rng);
    const other = rng.chance(0.5) ? message.command : rng.pick(CALLBACK_COMMANDS.filter((c) => c !== message.command));
    if (other === message.command) return post(`/callback/im/${message.command}?command=${other}`, json(message.body), { kind: "allowed" });
    return post(`/callback/im/${message.command}?command=${other}`, json(message.body), { kind: "error", errCode: ARGS });
  }
  return post(`/callback/im?command=${percentEncodeRaw(unicode(rng, rng.int(1, 20)))}&command=x`, json(body), { kind: "error", errCode: ARGS });
};

const truncatedJson: Generator = (rng) => {
  const pick = rng.pick(ALL_SAMPLES);
  const text = json(sample(pick.name));
  // Cut strictly before the closing brace: every such prefix is invalid JSON.
  const cut = rng.int(0, text.length - 3);
  return post(`/callback/im/${pick.command}`, text.slice(0, cut), { kind: "error", errCode: ARGS });
};

const MESSAGE_FIELDS = Object.entries(MessageRequestSchema.properties);
const FRIEND_FIELDS = Object.entries(AddFriendRequestSchema.properties);
const MESSAGE_REQUIRED = new Set<string>((MessageRequestSchema.required as readonly string[] | undefined) ?? []);
const FRIEND_REQUIRED = new Set<string>((AddFriendRequestSchema.required as readonly string[] | undefined) ?? []);

/** Type category of a schema property: what the contracts say the server sends. */
function fieldKind(schema: unknown): "string" | "integer" | "string-list" {
  const text = JSON.stringify(schema);
  if (text.includes('"array"')) return "string-list";
  if (text.includes('"integer"')) return "integer";
  return "string";
}

function wrongValue(rng: Rng, kind: "string" | "integer" | "string-list", required: boolean): unknown {
  const pool: unknown[] =
    kind === "string"
      ? [0, 12345, 1.5, true, false, [], ["x"], {}, { a: "b" }]
      : kind === "integer"
        ? ["101", "", 1.5, -0.25, true, [], [101], {}, { v: 1 }]
        : ["u1", 0, true, {}, [1, 2], ["ok", 3], [null], [["nested"]]];
  const value = structuredClone(rng.pick(pool));
  return required && rng.chance(0.15) ? null : value;
}

const wrongType: Generator = (rng) => {
  const friend = rng.chance(0.25);
  const pick = friend ? ALL_SAMPLES[4]! : rng.pick(MESSAGE_SAMPLES);
  const body = sample(pick.name);
  const fields = friend ? FRIEND_FIELDS : MESSAGE_FIELDS;
  const required = friend ? FRIEND_REQUIRED : MESSAGE_REQUIRED;
  const present = fields.filter(([name]) => name in body || required.has(name));
  const [name, schema] = rng.pick(present);
  if (required.has(name) && rng.chance(0.2)) {
    delete body[name];
    return post(`/callback/im/${pick.command}`, json(body), { kind: "error", errCode: ARGS, errDlt: name });
  }
  body[name] = wrongValue(rng, fieldKind(schema), required.has(name));
  const errDlt = new RegExp(`^${name}(\\[\\d+\\])?$`);
  return post(`/callback/im/${pick.command}`, json(body), { kind: "error", errCode: ARGS, errDlt });
};

const notAnObject: Generator = (rng) => {
  const pick = rng.pick(ALL_SAMPLES);
  const body = rng.pick(["null", "[]", "[{}]", "123", "-1.5e3", '"text"', "true", "false", '""', json([sample(pick.name)])]);
  return post(`/callback/im/${pick.command}`, body, { kind: "error", errCode: ARGS });
};

const wrongBodyForCommand: Generator = (rng) => {
  if (rng.chance(0.5)) {
    const pick = rng.pick(MESSAGE_SAMPLES);
    return post(`/callback/im/${pick.command}`, json(sample("addFriend")), { kind: "error", errCode: ARGS });
  }
  return post(`/callback/im/${COMMANDS.beforeAddFriend}`, json(sample(rng.pick(MESSAGE_SAMPLES).name)), { kind: "error", errCode: ARGS });
};

/** Lone surrogates as JSON escapes inside valid JSON, in the text or in other string fields: valid requests. */
const loneSurrogateEscaped: Generator = (rng) => {
  const { body, command } = cleanMessage(rng);
  const bad = `${cleanText(rng, 5)}${loneSurrogate(rng)}${cleanText(rng, 5)}`;
  const where = rng.int(0, 3);
  if (where === 0) body["content"] = JSON.stringify({ content: bad, text: bad });
  else if (where === 1) body["senderNickname"] = bad;
  else if (where === 2) body["operationID"] = bad;
  else body["content"] = bad; // not JSON at all: the raw string is checked
  // JSON.stringify writes lone surrogates as \udXXX escapes (well-formed JSON.stringify).
  return post(`/callback/im/${command}`, json(body), { kind: "allowed" });
};

/** Invalid UTF-8 bytes inside a JSON string: decoded as U+FFFD (allowed) or refused as 1001, never anything else. */
const invalidUtf8Bytes: Generator = (rng) => {
  const { body, command } = cleanMessage(rng);
  body["senderNickname"] = "@@BYTES@@";
  const [before, after] = json(body).split("@@BYTES@@") as [string, string];
  const garbage = rng.pick([[0xed, 0xa0, 0x80], [0xff], [0xc3], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xc0, 0xaf], [0xf8, 0x88, 0x80, 0x80, 0x80]]);
  return post(`/callback/im/${command}`, Buffer.concat([Buffer.from(before), Buffer.from(garbage), Buffer.from(after)]), { kind: "allowed-or-1001" });
};

const randomBytes: Generator = (rng) => {
  const bytes = Buffer.alloc(rng.int(1, 2000));
  for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(0, 255);
  bytes[0] = 0x23; // '#': never the start of JSON
  return post(`/callback/im/${rng.pick(CALLBACK_COMMANDS)}`, bytes, { kind: "error", errCode: ARGS });
};

const emptyOrBlank: Generator = (rng) => {
  const body = rng.pick([undefined, "", "\n", "   ", "\r\n\t"]);
  return post(`/callback/im/${rng.pick(CALLBACK_COMMANDS)}`, body, { kind: "error", errCode: ARGS });
};

const oddContentType: Generator = (rng) => {
  const { body, command } = cleanMessage(rng);
  const type = rng.int(0, 11);
  const plain = [
    undefined,
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=----x",
    "application/octet-stream",
    "application/xml",
    "garbage",
    "*/*",
    "application/json;;;",
    "APPLICATION/JSON",
  ];
  if (type < plain.length) {
    const contentType = plain[type];
    return post(`/callback/im/${command}`, json(body), { kind: "allowed" }, contentType === undefined ? {} : { "Content-Type": contentType });
  }
  // A declared charset other than UTF-8: a replica may honour it (and then fail to parse) or read UTF-8 anyway.
  return post(`/callback/im/${command}`, json(body), { kind: "allowed-or-1001" }, { "Content-Type": rng.pick(["application/json; charset=utf-16", "text/plain; charset=latin1", "application/json; charset=nonsense"]) });
};

const methodOrPath: Generator = (rng) => {
  const command = rng.pick(CALLBACK_COMMANDS);
  const { body } = cleanMessage(rng);
  if (rng.chance(0.5)) {
    const method = rng.pick(["GET", "PUT", "DELETE", "PATCH"]);
    const withBody = method !== "GET";
    return { method, path: `/callback/im/${command}`, headers: withBody ? JSON_HEADERS : {}, ...(withBody ? { body: json(body) } : {}), expect: { kind: "error", errCode: ARGS, errMsg: INVALID_ROUTE } };
  }
  const path = rng.pick([
    "/callback",
    "/callback/",
    `/callback/${alnum(rng, 5)}`,
    `/callback/im/${command}/${alnum(rng, 4)}`,
    `/callback/im/a/b/c`,
    `/callback/IM/${command}`,
    `/callback/${command}`,
  ]);
  return post(path, json(body), { kind: "error", errCode: ARGS, errMsg: ROUTE_OR_COMMAND });
};

/** Valid JSON, odd content: prototype keys, duplicate keys, BOM, deep nesting, odd numbers, odd elements. */
const oddJson: Generator = (rng) => {
  const { body, command } = cleanMessage(rng);
  const base = json(body);
  switch (rng.int(0, 11)) {
    case 0:
      return post(`/callback/im/${command}`, base.replace(/^\{/, '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},'), { kind: "allowed" });
    case 1:
      return post(`/callback/im/${command}`, base.replace(/\}\n$/, `,"sendID":"dup-${alnum(rng, 4)}"}\n`), { kind: "allowed" });
    case 2:
      return post(`/callback/im/${command}`, `\uFEFF${base}`, { kind: "allowed-or-1001" });
    case 3:
      return post(`/callback/im/${command}`, `  \n\t${base}   \n`, { kind: "allowed" });
    case 4: {
      // `ex` must be a string: deep nesting is a wrong type, however deep (JSON.parse may even run out of stack).
      const depth = rng.pick([100, 5000, 200_000]);
      return post(`/callback/im/${command}`, base.replace(/"ex":"[^"]*"/, `"ex":${"[".repeat(depth)}${"]".repeat(depth)}`), { kind: "error", errCode: ARGS });
    }
    case 5: {
      const raw = rng.pick(["1e400", "-1e400", "101.5", "1e2.5"]);
      return post(`/callback/im/${command}`, base.replace(/"contentType":\d+/, `"contentType":${raw}`), { kind: "error", errCode: ARGS });
    }
    case 6: {
      // Integers the server could send: a type we do not check is allowed without a look.
      const raw = rng.pick(["-0", "0", "101.0", "9007199254740993", "1000", "5000", "99999"]);
      return post(`/callback/im/${command}`, base.replace(/"contentType":\d+/, `"contentType":${raw}`), { kind: "allowed" });
    }
    case 7: {
      body["content"] = rng.pick(["[]", "null", '{"content":123}', '{"text":{}}', '{"content":null,"text":null}', "not json", "", "{", '"just a string"']);
      return post(`/callback/im/${command}`, json(body), { kind: "allowed" });
    }
    case 8: {
      body["contentType"] = rng.int(1000, 5000);
      body["content"] = unicode(rng, rng.int(0, 200));
      return post(`/callback/im/${command}`, json(body), { kind: "allowed" });
    }
    case 9:
      body["atUserList"] = Array.from({ length: 50_000 }, (_, i) => `u${i}`);
      return post(`/callback/im/${command}`, json(body), { kind: "allowed" });
    case 10:
      body["content"] = JSON.stringify({ content: `${cleanText(rng, 10)}\u0000${cleanText(rng, 10)}`, extra: jsonValue(rng, 3) });
      return post(`/callback/im/${command}`, json(body), { kind: "allowed" });
    default:
      body[alnum(rng, 6)] = jsonValue(rng, 3);
      return post(`/callback/im/${command}`, json(body), { kind: "allowed" });
  }
};

const headerOddities: Generator = (rng) => {
  const { body, command } = cleanMessage(rng);
  switch (rng.int(0, 4)) {
    case 0:
      return post(`/callback/im/${command}`, json(body), { kind: "allowed" }, { ...JSON_HEADERS, Operationid: ["a", "b"] });
    case 1:
      return post(`/callback/im/${command}`, json(body), { kind: "allowed" }, { ...JSON_HEADERS, Operationid: "" });
    case 2:
      return post(`/callback/im/${command}`, json(body), { kind: "allowed" }, { ...JSON_HEADERS, Operationid: printableAscii(rng, 6000) });
    case 3:
      return post(`/callback/im/${command}`, json(body), { kind: "allowed-or-1001" }, { ...JSON_HEADERS, "Content-Encoding": rng.pick(["gzip", "br", "deflate", "identity", "x-nope"]) });
    default:
      return post(`/callback/im/${command}`, json(body), { kind: "allowed" }, { ...JSON_HEADERS, "x-callback-secret": alnum(rng, 20) });
  }
};

const PAD = "the quick brown fox jumps over the lazy dog ";

/** Huge: bodies over the limit, big texts under it, huge strings in other fields, a huge command. */
const huge: Generator = (rng) => {
  const { body, command } = cleanMessage(rng);
  switch (rng.int(0, 3)) {
    case 0: {
      body["content"] = JSON.stringify({ content: PAD.repeat(Math.ceil(rng.int(DEFAULT_BODY_LIMIT + 1024, 3 * DEFAULT_BODY_LIMIT) / PAD.length)) });
      return post(`/callback/im/${command}`, json(body), { kind: "error", errCode: ARGS, errMsg: /^body too large/ });
    }
    case 1:
      body["content"] = JSON.stringify({ content: PAD.repeat(Math.floor(rng.int(100_000, DEFAULT_BODY_LIMIT - 20_000) / PAD.length)) });
      return post(`/callback/im/${command}`, json(body), { kind: "allowed" });
    case 2:
      body[rng.pick(["sendID", "senderNickname", "clientMsgID", "ex", "faceURL"])] = printableAscii(rng, rng.int(50_000, 400_000));
      return post(`/callback/im/${command}`, json(body), { kind: "allowed" });
    default: {
      const long = alnum(rng, rng.int(2000, 6000));
      return post(`/callback/im/${long}`, json(body), { kind: "error", errCode: ARGS, errMsg: INVALID_COMMAND, errDlt: long });
    }
  }
};

/** Weighted categories; `huge` is rare (each costs megabytes). */
const CATEGORIES: ReadonlyArray<readonly [string, number, Generator]> = [
  ["random-command-path", 14, randomCommandPath],
  ["random-command-query", 6, randomCommandQuery],
  ["truncated-json", 16, truncatedJson],
  ["wrong-type", 20, wrongType],
  ["not-an-object", 3, notAnObject],
  ["wrong-body-for-command", 3, wrongBodyForCommand],
  ["lone-surrogate-escaped", 7, loneSurrogateEscaped],
  ["invalid-utf8-bytes", 4, invalidUtf8Bytes],
  ["random-bytes", 4, randomBytes],
  ["empty-body", 2, emptyOrBlank],
  ["odd-content-type", 7, oddContentType],
  ["method-or-path", 5, methodOrPath],
  ["odd-json", 8, oddJson],
  ["header-oddities", 3, headerOddities],
  ["huge", 0.6, huge],
];
const TOTAL_WEIGHT = CATEGORIES.reduce((sum, [, weight]) => sum + weight, 0);

/** The i-th hostile case of a seed (pure: the same (seed, i) always gives the same request). */
export function callbackCase(seed: number, id: number): CallbackCase {
  const rng = createRng((seed * 1_000_003 + id * 7919) >>> 0);
  let roll = rng.next() * TOTAL_WEIGHT;
  for (const [category, weight, generate] of CATEGORIES) {
    roll -= weight;
    if (roll < 0) return { id, category, ...generate(rng) };
  }
  const [category, , generate] = CATEGORIES[0]!;
  return { id, category, ...generate(rng) };
}

export function toRawRequest(baseUrl: string, c: CallbackCase): RawRequest {
  return {
    method: c.method,
    url: `${baseUrl}${c.path}`,
    headers: c.headers as Record<string, string>,
    ...(c.body === undefined ? {} : { body: c.body }),
    timeoutMs: 30_000,
  };
}

/** Why a reply does not meet the case's expectation, or undefined when it does. */
export function judgeCallbackCase(c: CallbackCase, reply: CallbackReply, blockedCode: number = ERRORS.SensitiveWordBlocked.code): string | undefined {
  const expect = c.expect;
  const shown = JSON.stringify({ ...reply, errDlt: reply.errDlt.slice(0, 120) });
  switch (expect.kind) {
    case "shape":
      return undefined;
    case "allowed":
      return isPlainAllowed(reply) ? undefined : `expected a plain allow ${JSON.stringify(ALLOWED_REPLY)}, got ${shown}`;
    case "decided":
      return isPlainAllowed(reply) || (isBlocked(reply) && reply.errCode === blockedCode) ? undefined : `expected allow or block, got ${shown}`;
    case "allowed-or-1001":
      return isPlainAllowed(reply) || (reply.errCode === ARGS && reply.nextCode === 0) ? undefined : `expected a plain allow or 1001, got ${shown}`;
    case "error": {
      if (reply.errCode !== expect.errCode) return `expected errCode ${expect.errCode}, got ${shown}`;
      if (reply.nextCode !== 0) return `expected nextCode 0 (CALLBACK_ON_ERROR=continue), got ${shown}`;
      if (expect.errMsg && !expect.errMsg.test(reply.errMsg)) return `expected errMsg ${expect.errMsg}, got ${shown}`;
      if (typeof expect.errDlt === "string" && reply.errDlt !== expect.errDlt) return `expected errDlt ${JSON.stringify(expect.errDlt.slice(0, 80))}, got ${shown}`;
      if (expect.errDlt instanceof RegExp && !expect.errDlt.test(reply.errDlt)) return `expected errDlt ${expect.errDlt}, got ${shown}`;
      return undefined;
    }
  }
}
