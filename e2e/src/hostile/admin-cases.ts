// Malformed admin payloads for every write route (and login): hand-written shape errors from CONTRACT.md §2.3
// (not an array, more than 10,000 entries, wrong field types, one bad entry in an otherwise valid batch) and seeded
// mutations of a valid payload where one field, at any depth, gets a value of another JSON type or a required field
// goes missing. Each case says what the reply must be: exactly 1001, or any refusal. Never a 500: bad input is the
// caller's error, not the server's.
import { createRng, type Rng } from "../prng.ts";
import { jsonType, valueOfAnotherType } from "./strings.ts";

export type AdminExpectation = { kind: "code"; errCode: number } | { kind: "refused" } | { kind: "any" };

export interface AdminCase {
  route: string;
  label: string;
  /** a JSON value, or `raw` text sent as the body unchanged */
  body: { json: unknown } | { raw: string | Buffer };
  expect: AdminExpectation;
}

export interface AdminCaseContext {
  /** an existing word's id (for del/update) */
  wordId: string;
  whitelistId: string;
  /** the super admin's own id */
  adminUserID: string;
}

interface RouteSpec {
  route: string;
  /** a valid payload whose every field is typed by the contract */
  valid: (ctx: AdminCaseContext) => Record<string, unknown>;
  /** dotted paths of required fields (for removal mutations) */
  required: string[];
  /** paths where a change of JSON type is still valid (absent from the mutation pool) */
  lenient?: string[];
}

const ARGS = 1001;

const WRITE_ROUTES: RouteSpec[] = [
  {
    route: "/adminx/sensitive_word/add",
    valid: () => ({
      words: [
        { word: "hostileone", category: "ads", level: 2, matchType: "contains", scenes: ["single", "group"], enabled: true, remark: "r" },
        { word: "hostiletwo" },
      ],
    }),
    required: ["words", "words.0.word", "words.1.word"],
  },
  { route: "/adminx/sensitive_word/del", valid: (ctx) => ({ ids: [ctx.wordId, "987654321"] }), required: ["ids"] },
  {
    route: "/adminx/sensitive_word/update",
    valid: (ctx) => ({ id: ctx.wordId, word: "hostileupd", category: "x", level: 3, matchType: "word", scenes: ["single"], enabled: false, remark: "r" }),
    required: ["id"],
  },
  {
    route: "/adminx/sensitive_word/policy/set",
    valid: () => ({
      scene: "group",
      enabled: true,
      action: "mask",
      minLevel: 2,
      contentTypes: [101, 106],
      normalize: { ignoreCase: true, leet: true },
      rejectMessage: "no",
      revealWords: true,
      logHits: false,
      maskChar: "#",
      exemptUserIDs: ["u1"],
      exemptGroupIDs: ["g1"],
    }),
    required: ["scene"],
  },
  {
    route: "/adminx/sensitive_word/whitelist/add",
    valid: () => ({ words: [{ word: "hostilesafe", scenes: ["group"], remark: "r" }] }),
    required: ["words", "words.0.word"],
  },
  { route: "/adminx/sensitive_word/whitelist/del", valid: (ctx) => ({ ids: [ctx.whitelistId] }), required: ["ids"] },
  {
    route: "/adminx/user/attribute/set",
    valid: () => ({ attributes: [{ userID: "hu1", allowAddFriend: 1 }, { userID: "hu2", allowAddFriend: -1 }] }),
    required: ["attributes", "attributes.0.userID", "attributes.0.allowAddFriend"],
  },
  {
    route: "/adminx/account/add_admin",
    valid: () => ({ account: "hostileadmin", password: "secretpw", nickname: "n", level: 80 }),
    required: ["account", "password"],
  },
  { route: "/adminx/account/del_admin", valid: () => ({ userIDs: ["no-such-admin"] }), required: ["userIDs"] },
  {
    route: "/adminx/sensitive_word/import",
    valid: () => ({ format: "text", content: "hostileimp\n", dryRun: false, defaults: { level: 1 }, reportLimit: 10 }),
    required: ["content"],
  },
  { route: "/adminx/sensitive_word/hit/purge", valid: () => ({ olderThanDays: 1 }), required: [] },
  { route: "/adminx/account/login", valid: () => ({ account: "hostile", password: "hostile" }), required: ["account", "password"] },
];

export const ADMIN_WRITE_ROUTES: readonly string[] = WRITE_ROUTES.map((r) => r.route);

/** Every path (dotted, array indices as numbers) to a value inside `value`, the root excluded. */
function paths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== "object") return [];
  const out: string[][] = [];
  for (const [key, child] of Object.entries(value)) {
    const path = [...prefix, key];
    out.push(path, ...paths(child, path));
  }
  return out;
}

function setAt(root: Record<string, unknown>, path: string[], value: unknown, remove = false): void {
  let node: Record<string, unknown> = root;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
}

function getAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) node = (node as Record<string, unknown>)[key];
  return node;
}

/** Hand-written cases that apply to every route. */
function commonCases(spec: RouteSpec, ctx: AdminCaseContext): AdminCase[] {
  const raw = (label: string, body: string | Buffer): AdminCase => ({ route: spec.route, label, body: { raw: body }, expect: { kind: "code", errCode: ARGS } });
  // A route without required fields may read an empty or null body as {} (lenient, and harmless).
  const emptyIsValid = spec.required.length === 0;
  const empty = (label: string, body: string): AdminCase => (emptyIsValid ? { route: spec.route, label, body: { raw: body }, expect: { kind: "any" } } : raw(label, body));
  const valid = spec.valid(ctx);
  const text = JSON.stringify(valid);
  return [
    empty("empty body", ""),
    raw("truncated JSON", text.slice(0, Math.floor(text.length / 2))),
    raw("not JSON", "words=hostile&level=2"),
    empty("JSON null", "null"),
    raw("JSON array", JSON.stringify([valid])),
    raw("JSON string", JSON.stringify(text)),
    raw("JSON number", "42"),
    // Invalid bytes inside the last string: decoding them as U+FFFD (then a valid request) or refusing are both fine.
    { route: spec.route, label: "invalid UTF-8 in a string", body: { raw: Buffer.concat([Buffer.from(text.slice(0, -2)), Buffer.from([0xff, 0xfe]), Buffer.from(text.slice(-2))]) }, expect: { kind: "any" } },
    raw("invalid UTF-8 outside strings", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text)])),
    { route: spec.route, label: "prototype keys", body: { raw: text.replace(/^\{/, '{"__proto__":{"level":100},"constructor":{"prototype":{"isAdmin":true}},') }, expect: { kind: "any" } },
  ];
}

function bigBatch<T>(count: number, make: (i: number) => T): T[] {
  return Array.from({ length: count }, (_, i) => make(i));
}

/** Route-specific shape errors of CONTRACT.md §2.3 that must be refused whole with 1001. */
function specificCases(ctx: AdminCaseContext): AdminCase[] {
  const c = (route: string, label: string, json: unknown, expect: AdminExpectation = { kind: "code", errCode: ARGS }): AdminCase => ({ route, label, body: { json }, expect });
  const add = "/adminx/sensitive_word/add";
  const wl = "/adminx/sensitive_word/whitelist/add";
  const pol = "/adminx/sensitive_word/policy/set";
  const attr = "/adminx/user/attribute/set";
  return [
    c(add, "words not an array", { words: { word: "hostile" } }),
    c(add, "words a string", { words: "hostile" }),
    c(add, "words empty", { words: [] }),
    c(add, "10,001 valid entries", { words: bigBatch(10_001, (i) => ({ word: `hostilebatch${i}` })) }),
    c(add, "one entry of the wrong type in a valid batch", { words: [{ word: "hostilegood" }, { word: 123 }] }),
    c(add, "entry not an object", { words: [{ word: "hostilegood" }, "hostilebad"] }),
    c(add, "level out of range", { words: [{ word: "hostilegood" }, { word: "hostilelevel", level: 4 }] }),
    c(add, "matchType unknown", { words: [{ word: "hostilegood" }, { word: "hostilemt", matchType: "regex" }] }),
    c(add, "scenes unknown", { words: [{ word: "hostilegood", scenes: ["both"] }] }),
    c(add, "scenes not a list", { words: [{ word: "hostilegood", scenes: "single" }] }),
    c(add, "enabled a string", { words: [{ word: "hostilegood", enabled: "yes" }] }),
    c(add, "category a number", { words: [{ word: "hostilegood", category: 7 }] }),
    c(add, "word null", { words: [{ word: null }] }),
    c(add, "word missing", { words: [{ category: "ads" }] }),
    c(add, "body over 8 MiB", { words: [{ word: "hostilehuge", remark: "x".repeat(9 * 1024 * 1024) }] }, { kind: "refused" }),
    c(wl, "whitelist words not an array", { words: "hostilesafe" }),
    c(wl, "whitelist 10,001 entries", { words: bigBatch(10_001, (i) => ({ word: `hostilewl${i}` })) }),
    c(wl, "whitelist entry of the wrong type in a valid batch", { words: [{ word: "hostilesafe" }, { word: ["x"] }] }),
    c(wl, "whitelist scenes wrong", { words: [{ word: "hostilesafe", scenes: [1] }] }),
    c("/adminx/sensitive_word/del", "ids empty", { ids: [] }),
    c("/adminx/sensitive_word/del", "ids a string", { ids: ctx.wordId }),
    c("/adminx/sensitive_word/del", "ids numbers", { ids: [Number(ctx.wordId)] }),
    c("/adminx/sensitive_word/del", "valid id next to a number", { ids: [ctx.wordId, 5] }),
    c("/adminx/sensitive_word/del", "10,001 ids", { ids: bigBatch(10_001, (i) => String(i + 1)) }),
    c("/adminx/sensitive_word/del", "id not a number", { ids: ["abc"] }, { kind: "any" }),
    c("/adminx/sensitive_word/del", "id beyond bigint", { ids: ["99999999999999999999999999"] }, { kind: "any" }),
    c("/adminx/sensitive_word/del", "negative id", { ids: ["-1"] }, { kind: "any" }),
    c("/adminx/sensitive_word/whitelist/del", "whitelist ids a number", { ids: 1 }),
    c("/adminx/sensitive_word/whitelist/del", "whitelist valid id next to null", { ids: [ctx.whitelistId, null] }),
    c(pol, "scene missing", { action: "log" }),
    c(pol, "scene unknown", { scene: "both", action: "log" }),
    c(pol, "valid action with an invalid minLevel", { scene: "single", action: "log", minLevel: 7 }),
    c(pol, "action unknown", { scene: "single", action: "delete" }),
    c(pol, "maskChar two characters", { scene: "single", action: "log", maskChar: "**" }),
    c(pol, "maskChar empty", { scene: "single", action: "log", maskChar: "" }),
    c(pol, "maskChar lone surrogate", { scene: "single", action: "log", maskChar: "\ud800" }),
    c(pol, "contentTypes a string", { scene: "single", action: "log", contentTypes: "101" }),
    c(pol, "contentTypes repeated", { scene: "single", action: "log", contentTypes: [101, 101] }),
    c(pol, "normalize a string", { scene: "single", action: "log", normalize: "all" }),
    c(pol, "normalize flag a string", { scene: "single", action: "log", normalize: { ignoreCase: "yes" } }),
    c(pol, "exemptUserIDs numbers", { scene: "single", action: "log", exemptUserIDs: [1, 2] }),
    c(pol, "rejectMessage too long", { scene: "single", action: "log", rejectMessage: "x".repeat(257) }),
    c(pol, "revealWords a number", { scene: "single", action: "log", revealWords: 1 }),
    c(attr, "allowAddFriend 0", { attributes: [{ userID: "hostileu", allowAddFriend: 0 }] }),
    c(attr, "allowAddFriend a string", { attributes: [{ userID: "hostileu", allowAddFriend: "1" }] }),
    c(attr, "userID empty", { attributes: [{ userID: "", allowAddFriend: 1 }] }),
    c(attr, "userID too long", { attributes: [{ userID: "u".repeat(65), allowAddFriend: 1 }] }),
    c(attr, "a valid row next to an invalid one", { attributes: [{ userID: "hostileok", allowAddFriend: 1 }, { userID: "hostilebad", allowAddFriend: 2 }] }),
    c(attr, "10,001 rows", { attributes: bigBatch(10_001, (i) => ({ userID: `hostile${i}`, allowAddFriend: 1 })) }),
    c("/adminx/account/add_admin", "level 90", { account: "hostileadmin", password: "secretpw", level: 90 }),
    c("/adminx/account/add_admin", "account empty", { account: "", password: "secretpw" }),
    c("/adminx/account/add_admin", "account too long", { account: "a".repeat(65), password: "secretpw" }),
    c("/adminx/account/add_admin", "password empty", { account: "hostileadmin", password: "" }),
    c("/adminx/account/del_admin", "userIDs a string", { userIDs: ctx.adminUserID }),
    c("/adminx/account/del_admin", "userIDs empty", { userIDs: [] }),
    c("/adminx/sensitive_word/update", "level out of range", { id: ctx.wordId, level: 9 }),
    c("/adminx/sensitive_word/update", "id a number", { id: Number(ctx.wordId), level: 1 }),
    c("/adminx/sensitive_word/import", "format unknown", { format: "xml", content: "hostile\n" }),
    c("/adminx/sensitive_word/import", "content a number", { content: 5 }),
    c("/adminx/sensitive_word/hit/purge", "olderThanDays 0", { olderThanDays: 0 }),
    c("/adminx/sensitive_word/hit/purge", "olderThanDays a string", { olderThanDays: "1" }),
    c("/adminx/account/login", "password a number", { account: "e2eAdmin", password: 12345 }),
  ];
}

/** Seeded mutations of each route's valid payload: one value of another JSON type, or one required field removed. */
function mutations(spec: RouteSpec, ctx: AdminCaseContext, rng: Rng, count: number): AdminCase[] {
  const out: AdminCase[] = [];
  const valid = spec.valid(ctx);
  const all = paths(valid);
  for (let i = 0; i < count; i++) {
    const body = structuredClone(valid);
    if (spec.required.length > 0 && rng.chance(0.2)) {
      const path = rng.pick(spec.required).split(".");
      setAt(body, path, undefined, true);
      out.push({ route: spec.route, label: `without ${path.join(".")}`, body: { json: body }, expect: { kind: "code", errCode: ARGS } });
      continue;
    }
    const path = rng.pick(all);
    const original = getAt(body, path);
    // Lists of one type: a wrong element type is a shape error too; integers also get a fraction.
    const replacement = typeof original === "number" && rng.chance(0.3) ? original + 0.5 : valueOfAnotherType(rng, original);
    setAt(body, path, replacement);
    out.push({
      route: spec.route,
      label: `${path.join(".")}: ${jsonType(original)} → ${JSON.stringify(replacement)}`,
      body: { json: body },
      expect: { kind: "code", errCode: ARGS },
    });
  }
  return out;
}

/** Every admin hostile case: common, route-specific and `perRoute` seeded mutations per write route. */
export function adminCases(seed: number, ctx: AdminCaseContext, perRoute = 30): AdminCase[] {
  const rng = createRng(seed);
  return [...WRITE_ROUTES.flatMap((spec) => [...commonCases(spec, ctx), ...mutations(spec, ctx, rng, perRoute)]), ...specificCases(ctx)];
}
