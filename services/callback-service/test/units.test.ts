// The pure pieces, case by case: the bounded queue, the entry table, text extraction, errDlt, settings.
import t, { type Test as Tap } from "tap";
import { BoundedQueue } from "../src/hitlog/bounded-queue.ts";
import { backoffDelay } from "../src/hitlog/backoff.ts";
import { ThrottledCount } from "../src/hitlog/throttled-count.ts";
import { EntryTable, encodeEntryTable } from "../src/snapshot/entry-table.ts";
import { extractText } from "../src/extract/text-source.ts";
import { maskedContent } from "../src/extract/masked-element.ts";
import { rejectDetail } from "../src/decide/reject-detail.ts";
import { readCallbackSettings } from "../src/config.ts";
import { normalizeKey, resolvePolicies } from "../src/snapshot/policies.ts";
import { buildApp, type AppOptions } from "../src/app.ts";
import { createMetrics } from "../src/metrics/metrics.ts";
import { pino } from "pino";
import { ADD_FRIEND, SINGLE, addFriend, singleText } from "./helpers/bodies.ts";

/** The app with no servers behind it: no dictionary loaded, hits discarded, every friend known; closed at teardown. */
async function appWithoutServers(t: Tap, env: Record<string, string>, overrides: Partial<AppOptions> = {}) {
  const app = await buildApp({
    settings: readCallbackSettings(env),
    logger: pino({ level: "silent" }),
    snapshots: { current: undefined },
    hitLogs: { enqueue() {} },
    friendLookup: async () => 1,
    metrics: createMetrics(),
    isClosing: () => false,
    ...overrides,
  });
  t.teardown(() => app.close());
  return app;
}

t.test("throttled counts: the first line is due at once, later ones carry what happened since", async (t) => {
  const slow = new ThrottledCount(60_000);
  t.equal(slow.add(3), 3);
  t.equal(slow.add(2), undefined, "within the interval: counted, not reported");
  t.equal(slow.add(1), undefined);
  const every = new ThrottledCount(0);
  t.equal(every.add(2), 2);
  t.equal(every.add(5), 5, "a line each time when no interval holds it back");
});

t.test("bounded queue: FIFO, drops the oldest past capacity, failed batches go back in front", async (t) => {
  const q = new BoundedQueue<number>(3);
  t.same([q.push(1), q.push(2), q.push(3)], [0, 0, 0]);
  t.equal(q.push(4), 1, "one dropped");
  t.same(q.take(2), [2, 3], "the oldest (1) went");
  q.push(5);
  q.push(6);
  t.equal(q.size, 3);
  const batch = q.take(2); // [4, 5]
  q.push(7);
  q.push(8); // queue: 6, 7, 8 — full
  t.equal(q.restoreFront(batch), 2, "no room: the restored (older) rows are dropped");
  t.same(q.drain(), [6, 7, 8]);
  const r = new BoundedQueue<number>(4);
  r.push(1);
  r.push(2);
  const b = r.take(2);
  r.push(3);
  t.equal(r.restoreFront(b), 0);
  t.same(r.drain(), [1, 2, 3], "order kept");
  const big = new BoundedQueue<number>(10_000);
  for (let i = 0; i < 25_000; i++) big.push(i);
  t.equal(big.size, 10_000);
  t.same(big.take(3), [15_000, 15_001, 15_002]);
  t.throws(() => new BoundedQueue(0));
});

t.test("backoff doubles up to the cap", async (t) => {
  t.same([1, 2, 3, 4, 5, 6, 100].map((n) => backoffDelay(n, 250, 5000)), [250, 500, 1000, 2000, 4000, 5000, 5000]);
});

t.test("entry table: lookup by id after a sort that orders ids numerically", async (t) => {
  const entries = [
    { id: "10", word: "ten", category: "ads", level: 2 as const },
    { id: "9", word: "nine", category: "fraud", level: 3 as const },
    { id: "100", word: "hundred", category: "ads", level: 1 as const },
    { id: "1", word: "一", category: "porn", level: 2 as const },
  ];
  const table = new EntryTable(encodeEntryTable(entries));
  t.equal(table.size, 4);
  for (const e of entries) t.same(table.lookup(e.id), { word: e.word, category: e.category, level: e.level }, e.id);
  t.equal(table.lookup("11"), undefined);
  t.equal(table.lookup(""), undefined);
  t.equal(new EntryTable(encodeEntryTable([])).lookup("1"), undefined);
  const many = Array.from({ length: 5000 }, (_, i) => ({ id: String(i * 7 + 1), word: `w${i}`, category: `c${i % 5}`, level: 1 as const }));
  const big = new EntryTable(encodeEntryTable([...many].reverse()));
  t.ok(many.every((e) => big.lookup(e.id)?.word === e.word));
});

t.test("text extraction per content type", async (t) => {
  const cases: [string, number, string, (string | undefined)[], string[]][] = [
    ["101 Text", 101, '{"content":"hi"}', ["content"], ["hi"]],
    ["106 AtText", 106, '{"text":"@a hi","atUserList":["a"]}', ["text"], ["@a hi"]],
    ["114 Quote", 114, '{"text":"hi","quoteMessage":{"content":"x"}}', ["text"], ["hi"]],
    ["117 AdvancedText", 117, '{"text":"hi","messageEntityList":null}', ["text"], ["hi"]],
    ["118 Markdown", 118, '{"content":"# hi"}', ["content"], ["# hi"]],
    ["110 Custom both", 110, '{"data":"d","description":"e","extension":""}', ["description", "data"], ["e", "d"]],
    ["110 Custom data JSON", 110, '{"data":"{\\"a\\":1}","description":"","extension":""}', [], []],
    ["110 Custom data array", 110, '{"data":"[1]","description":"x"}', ["description"], ["x"]],
    ["110 Custom data not JSON", 110, '{"data":"{oops","description":""}', ["data"], ["{oops"]],
    ["101 not JSON", 101, "plain text", [undefined], ["plain text"]],
    ["101 JSON string", 101, '"quoted"', [undefined], ['"quoted"']],
    ["101 wrong field", 101, '{"text":"x"}', [undefined], ['{"text":"x"}']],
    ["101 field not a string", 101, '{"content":5}', [undefined], ['{"content":5}']],
    ["110 not JSON", 110, "custom raw", [undefined], ["custom raw"]],
    ["unknown type listed by a policy", 102, '{"url":"x"}', [undefined], ['{"url":"x"}']],
    ["empty", 101, "", [], []],
  ];
  for (const [name, type, content, keys, texts] of cases) {
    const source = extractText(type, content);
    t.same(
      source.fields.map((f) => f.key),
      keys,
      `${name}: fields`,
    );
    t.same(
      source.fields.map((f) => f.text),
      texts,
      `${name}: texts`,
    );
  }
  const element = extractText(106, '{"text":"a b","atUserList":["x"],"n":1}');
  t.equal(maskedContent(element, new Map([["text", "a *"]]), ""), '{"text":"a *","atUserList":["x"],"n":1}');
  t.equal(maskedContent(extractText(101, "raw"), new Map([[undefined, "***"]]), "raw"), "***");
});

t.test("errDlt hides the words unless the policy reveals them", async (t) => {
  const hits = [
    { wordID: "1", word: "b", category: "porn", level: 2 as const, start: 0, end: 1 },
    { wordID: "2", word: "a", category: "ads", level: 3 as const, start: 2, end: 3 },
    { wordID: "1", word: "b", category: "porn", level: 2 as const, start: 4, end: 5 },
  ];
  t.equal(rejectDetail("op", hits, false), "operationID=op; categories=ads,porn; level=3");
  t.equal(rejectDetail("op", hits, true), "operationID=op; categories=ads,porn; level=3; words=b,a");
});

t.test("settings: defaults, conversions, one line per bad value", async (t) => {
  const s = readCallbackSettings({ DATABASE_URL: "postgresql://x/y" }, { requireDatabase: true });
  t.match(s, { CALLBACK_PORT: 10008, CALLBACK_ON_ERROR: "continue", SENSITIVE_WORD_BLOCKED_CODE: 20016, REFUSE_FRIEND_CODE: 20014 });
  t.match(s, { RELOAD_POLL_MS: 10000, CALLBACK_BODY_LIMIT: 1048576, FRIEND_UNKNOWN_USER: "reject", REDIS_PREFIX: "" });
  t.equal(readCallbackSettings({ SENSITIVE_WORD_BLOCKED_CODE: "20012" }).SENSITIVE_WORD_BLOCKED_CODE, 20012);
  try {
    readCallbackSettings({ CALLBACK_ON_ERROR: "maybe", FRIEND_UNKNOWN_USER: "x", CALLBACK_BODY_LIMIT: "1" }, { requireDatabase: true });
    t.fail("should throw");
  } catch (error) {
    const problems = (error as { problems: string[] }).problems;
    t.same(
      problems.map((p) => p.slice(0, p.indexOf(":"))).sort(),
      ["CALLBACK_BODY_LIMIT", "CALLBACK_ON_ERROR", "DATABASE_URL", "FRIEND_UNKNOWN_USER"],
    );
    t.match((error as Error).message, /CALLBACK_ON_ERROR: .*one of continue, stop.*got "maybe"/);
  }
});

t.test("settings: the event loop's scheduler slice is 0 (the kernel's) or within the kernel's bounds", async (t) => {
  t.equal(readCallbackSettings({}).CALLBACK_LOOP_SLICE_US, 100, "100 µs by default");
  t.equal(readCallbackSettings({ CALLBACK_LOOP_SLICE_US: "0" }).CALLBACK_LOOP_SLICE_US, 0);
  t.equal(readCallbackSettings({ CALLBACK_LOOP_SLICE_US: "100000" }).CALLBACK_LOOP_SLICE_US, 100_000);
  t.throws(() => readCallbackSettings({ CALLBACK_LOOP_SLICE_US: "99" }), /CALLBACK_LOOP_SLICE_US: 0 \(the kernel's default\) or at least 100 µs.*got 99/);
  t.throws(() => readCallbackSettings({ CALLBACK_LOOP_SLICE_US: "100001" }), /CALLBACK_LOOP_SLICE_US: must be <= 100000, got 100001/);
  t.throws(() => readCallbackSettings({ CALLBACK_LOOP_SLICE_US: "-1" }), /CALLBACK_LOOP_SLICE_US: must be >= 0, got -1/);
});

t.test("policies: a missing scene runs on the defaults; one dictionary key per normalisation", async (t) => {
  const policies = resolvePolicies([]);
  t.match(policies.single, { scene: "single", enabled: true, action: "block", minLevel: 1, contentTypes: [101, 106, 114, 117, 118] });
  t.match(policies.group, { scene: "group", rejectMessage: "sensitive word detected" });
  t.equal(normalizeKey(policies.single.normalize), normalizeKey(policies.group.normalize));
  t.not(normalizeKey({ ...policies.single.normalize, leet: true }), normalizeKey(policies.single.normalize));
});

t.test("optional hardening: shared secret and source-IP allowlist refuse other callers with 1002", async (t) => {
  const make = (env: Record<string, string>) => appWithoutServers(t, env);
  const send = (app: Awaited<ReturnType<typeof make>>, headers: Record<string, string> = {}) =>
    app.inject({ method: "POST", url: "/callback/im/notACommand", payload: "{}", headers }).then((r) => ({ status: r.statusCode, json: r.json() }));

  const secret = await make({ CALLBACK_SECRET: "s3cret", CALLBACK_ON_ERROR: "stop" });
  t.same((await send(secret)).json, { actionCode: 0, nextCode: 1, errCode: 1002, errMsg: "NoPermissionError", errDlt: "missing or wrong callback secret" });
  t.match((await send(secret, { "x-callback-secret": "wrong!" })).json, { errCode: 1002 });
  t.match((await send(secret, { "x-callback-secret": "s3cret" })).json, { errCode: 1001, errDlt: "notACommand" }, "the right secret passes");
  t.equal((await secret.inject({ method: "GET", url: "/healthz" })).statusCode, 200, "probes need no secret");

  const elsewhere = await make({ CALLBACK_ALLOWED_IPS: "10.0.0.1, 10.0.0.2" });
  const refused = await send(elsewhere);
  t.equal(refused.status, 200);
  t.match(refused.json, { nextCode: 0, errCode: 1002, errDlt: "source address not allowed" });
  const local = await make({ CALLBACK_ALLOWED_IPS: "10.0.0.1,127.0.0.1" });
  t.match((await send(local)).json, { errCode: 1001 }, "a listed address passes");
  const off = await make({});
  t.match((await send(off)).json, { errCode: 1001 }, "off by default");
});

t.test("shutdown: once it begins, every reply closes its keep-alive connection, also one that waited on a lookup", async (t) => {
  let closing = false;
  let lookupStarted: () => void = () => undefined;
  let releaseLookup: () => void = () => undefined;
  const app = await appWithoutServers(t, {}, {
    friendLookup: () =>
      new Promise((resolve) => {
        releaseLookup = () => resolve(1);
        lookupStarted();
      }),
    isClosing: () => closing,
  });
  const message = () => app.inject({ method: "POST", url: `/callback/im/${SINGLE}`, payload: `${JSON.stringify(singleText("hi"))}\n` });

  const before = await message();
  t.not(before.headers["connection"], "close", "before shutdown the connection is kept");
  t.match(before.json(), { errCode: 500 }, "answered in the callback shape (no dictionary loaded)");

  // A friend request that arrived before shutdown and is answered after it began.
  const started = new Promise<void>((resolve) => (lookupStarted = resolve));
  const friend = app.inject({ method: "POST", url: `/callback/im/${ADD_FRIEND}`, payload: JSON.stringify(addFriend("u2")) });
  await started;
  closing = true;
  releaseLookup();
  const late = await friend;
  t.equal(late.headers["connection"], "close", "a reply sent after shutdown began closes its connection");
  t.match(late.json(), { errCode: 0, nextCode: 0 });

  for (const [what, reply] of [
    ["a message", await message()],
    ["a probe", await app.inject({ method: "GET", url: "/healthz" })],
    ["an unknown path", await app.inject({ method: "POST", url: "/callback/nowhere", payload: "{}" })],
  ] as const) {
    t.equal(reply.headers["connection"], "close", `${what} closes its connection during shutdown`);
  }
});
