// Every row of CONTRACT.md §1.2, over real sockets: HTTP 200 and the callback shape each time, with
// CALLBACK_ON_ERROR=continue (default) and =stop, and the configurable codes.
import net from "node:net";
import t from "tap";
import { startHarness, type Harness } from "./helpers/harness.ts";
import { ADD_FRIEND, ALLOWED_TEXT, GROUP, SINGLE, addFriend, isCallbackShape, singleText } from "./helpers/bodies.ts";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

let a: Harness; // defaults, database behind a proxy the test can stop
let b: Harness; // CALLBACK_ON_ERROR=stop and the other configurable codes, same database

t.before(async () => {
  a = await startHarness(t, { pgProxy: true, tuning: { friendLookupTimeoutMs: 1500 } });
  b = await startHarness(t, {
    share: a,
    pgProxy: true,
    tuning: { friendLookupTimeoutMs: 1500 },
    env: {
      CALLBACK_ON_ERROR: "stop",
      SENSITIVE_WORD_BLOCKED_CODE: "20012",
      REFUSE_FRIEND_CODE: "20013",
      FRIEND_UNKNOWN_USER: "allow",
      CALLBACK_BODY_LIMIT: "2048",
    },
  });
  const { version } = await a.addWords([{ word: "cheap", category: "ads", level: 2 }]);
  t.ok(await a.waitForVersion(version), "a loaded the word");
  t.ok(await b.waitForVersion(version), "b loaded the word");
});

async function reply(h: Harness, path: string, body: string, headers: Record<string, string> = JSON_HEADERS, method = "POST") {
  const res = await h.postRaw(path, body, headers, method);
  t.equal(res.status, 200, `${method} ${path}: HTTP 200`);
  t.match(res.headers["content-type"], /^application\/json/);
  const json = res.json() as Record<string, unknown>;
  t.ok(isCallbackShape(json), `${method} ${path}: callback shape ${res.text}`);
  return { json, text: res.text };
}

t.test("allowed: exactly the allowed reply, nothing more", async (t) => {
  const { text } = await reply(a, `/callback/im/${SINGLE}`, `${JSON.stringify(singleText("hello there"))}\n`);
  t.equal(text, ALLOWED_TEXT);
  const byQuery = await reply(a, `/callback/im?command=${SINGLE}`, `${JSON.stringify(singleText("hello there"))}\n`);
  t.equal(byQuery.text, ALLOWED_TEXT);
});

t.test("unsupported command: 1001 'invalid command …' with the command in errDlt; nextCode per CALLBACK_ON_ERROR", async (t) => {
  const body = `${JSON.stringify(singleText("hi"))}\n`;
  for (const path of ["/callback/im/callbackAfterSendSingleMsgCommand", "/callback/im?command=callbackAfterSendSingleMsgCommand"]) {
    const r = await reply(a, path, body);
    t.match(r.json, { nextCode: 0, errCode: 1001, errDlt: "callbackAfterSendSingleMsgCommand" });
    t.match(r.json["errMsg"], /^invalid command/);
    const s = await reply(b, path, body);
    t.match(s.json, { nextCode: 1, errCode: 1001, errDlt: "callbackAfterSendSingleMsgCommand" });
  }
  const conflict = await reply(a, `/callback/im/${SINGLE}?command=${GROUP}`, body);
  t.match(conflict.json, { nextCode: 0, errCode: 1001 });
  t.match(conflict.json["errMsg"], /^invalid command/);
  const twice = await reply(a, `/callback/im?command=${SINGLE}&command=${SINGLE}`, `${JSON.stringify(singleText("hello there"))}\n`);
  t.equal(twice.text, ALLOWED_TEXT, "the same command repeated in the query is one command");
  const two = await reply(a, `/callback/im?command=${SINGLE}&command=${GROUP}&command=${SINGLE}`, body);
  t.match(two.json, { nextCode: 0, errCode: 1001, errMsg: "invalid command: more than one in the query", errDlt: `${SINGLE},${GROUP}` });
  const none = await reply(a, "/callback/im", JSON.stringify({ hello: 1 }));
  t.match(none.json, { errCode: 1001, errDlt: "" });
});

t.test("a URL without the command falls back to the body's callbackCommand", async (t) => {
  const r = await reply(a, "/callback/im", `${JSON.stringify(singleText("buy cheap now"))}\n`);
  t.match(r.json, { nextCode: 1, errCode: 20016 });
});

t.test("body not JSON, or fields of the wrong type: 1001 with the parse/validation error and the field path", async (t) => {
  const notJson = await reply(a, `/callback/im/${SINGLE}`, "{not json\n");
  t.match(notJson.json, { nextCode: 0, errCode: 1001, errDlt: "body" });
  t.match(notJson.json["errMsg"], /JSON/);
  const empty = await reply(a, `/callback/im/${SINGLE}`, "");
  t.match(empty.json, { errCode: 1001, errDlt: "body" });
  const array = await reply(a, `/callback/im/${SINGLE}`, "[1,2]\n");
  t.match(array.json, { errCode: 1001, errDlt: "body" });
  const wrongType = await reply(a, `/callback/im/${SINGLE}`, JSON.stringify(singleText("x", { contentType: "101" })));
  t.match(wrongType.json, { nextCode: 0, errCode: 1001, errDlt: "contentType" });
  const missing = singleText("x");
  delete missing["sendID"];
  const missingField = await reply(a, `/callback/im/${SINGLE}`, JSON.stringify(missing));
  t.match(missingField.json, { errCode: 1001, errDlt: "sendID" });
  const friendWrong = await reply(a, `/callback/im/${ADD_FRIEND}`, JSON.stringify(addFriend("u", { toUserID: 5 })));
  t.match(friendWrong.json, { errCode: 1001, errDlt: "toUserID" });
  const stop = await reply(b, `/callback/im/${SINGLE}`, "{not json\n");
  t.match(stop.json, { nextCode: 1, errCode: 1001, errDlt: "body" });
});

t.test("body over CALLBACK_BODY_LIMIT: 1001 'body too large' with the size", async (t) => {
  const big = JSON.stringify(singleText("x".repeat(1024 * 1024 + 10)));
  const r = await reply(a, `/callback/im/${SINGLE}`, big);
  t.match(r.json, { nextCode: 0, errCode: 1001, errMsg: "body too large" });
  t.match(r.json["errDlt"], new RegExp(`^${Buffer.byteLength(big)} bytes`));
  const small = await reply(b, `/callback/im/${SINGLE}`, JSON.stringify(singleText("y".repeat(3000))));
  t.match(small.json, { nextCode: 1, errCode: 1001, errMsg: "body too large" });
  t.match(small.json["errDlt"], /^\d+ bytes, limit 2048$/);
  // Chunked (no Content-Length): the limit is found while reading.
  const chunked = await reply(b, `/callback/im/${SINGLE}`, JSON.stringify(singleText("z".repeat(3000))), {
    ...JSON_HEADERS,
    "transfer-encoding": "chunked",
  });
  t.match(chunked.json, { errCode: 1001, errMsg: "body too large", errDlt: "more than 2048 bytes, limit 2048" });
});

/** Raw HTTP/1.1 exchanges on one socket: each request is written whole, each reply read by its Content-Length. */
function rawExchanges(port: number, requests: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const replies: string[] = [];
    let buffer = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(requests[0]!));
    const done = () => {
      socket.destroy();
      resolve(replies);
    };
    socket.on("data", (chunk) => {
      buffer += chunk.toString();
      for (;;) {
        const end = buffer.indexOf("\r\n\r\n");
        const length = Number(/content-length: *(\d+)/i.exec(buffer.slice(0, end))?.[1] ?? -1);
        if (end < 0 || length < 0 || buffer.length < end + 4 + length) return;
        replies.push(buffer.slice(0, end + 4 + length));
        buffer = buffer.slice(end + 4 + length);
        if (replies.length === requests.length) return done();
        socket.write(requests[replies.length]!);
      }
    });
    socket.on("end", done);
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" || error.code === "EPIPE" ? done() : reject(error)));
  });
}

t.test("a body over the limit is read to its end and dropped, so the reply always arrives; far over it, the connection closes", async (t) => {
  const post = (body: string, declared = Buffer.byteLength(body)) =>
    `POST /callback/im/${SINGLE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n${body}`;
  const over = JSON.stringify(singleText("o".repeat(6000))); // limit 2048: within 4x, drained
  const fine = JSON.stringify(singleText("hello"));
  const kept = await rawExchanges(b.port, [post(over), post(fine)]);
  t.equal(kept.length, 2, "the connection took a second request after the over-limit one");
  t.match(kept[0], /"errMsg":"body too large"/);
  t.notMatch(kept[0], /connection: close/i);
  t.match(kept[1], /"nextCode":0/);
  // Declared far over the limit (the body need not even be sent): answered at once, and the connection closes.
  const far = await rawExchanges(b.port, [post("{}", 100_000)]);
  t.equal(far.length, 1);
  t.match(far[0], /"errMsg":"body too large"/);
  t.match(far[0], /connection: close/i);
});

t.test("other method or unknown path under /callback: 1001 'invalid route' with the path", async (t) => {
  const get = await reply(a, "/callback/im", "", {}, "GET");
  t.match(get.json, { nextCode: 0, errCode: 1001, errMsg: "invalid route", errDlt: "GET /callback/im" });
  const put = await reply(a, `/callback/im/${SINGLE}`, "{}", JSON_HEADERS, "PUT");
  t.match(put.json, { errCode: 1001, errMsg: "invalid route", errDlt: `PUT /callback/im/${SINGLE}` });
  const unknown = await reply(a, "/callback/other/thing?x=1", "{}");
  t.match(unknown.json, { errCode: 1001, errMsg: "invalid route", errDlt: "POST /callback/other/thing" });
  const deep = await reply(a, `/callback/im/${SINGLE}/extra`, "{}");
  t.match(deep.json, { errCode: 1001, errMsg: "invalid route" });
  const stop = await reply(b, "/callback/nope", "{}");
  t.match(stop.json, { nextCode: 1, errCode: 1001, errMsg: "invalid route" });
  // Outside /callback, non-POST requests get plain HTTP answers.
  const plain = await a.postRaw("/favicon.ico", "", {}, "GET");
  t.equal(plain.status, 404);
});

t.test("a webhook URL with a trailing or doubled slash still reaches the route", async (t) => {
  const body = `${JSON.stringify(singleText("hello"))}\n`;
  t.equal((await reply(a, `/callback/im//${SINGLE}`, body)).text, ALLOWED_TEXT);
  t.equal((await reply(a, `/callback/im/?command=${SINGLE}`, body)).text, ALLOWED_TEXT);
});

t.test("malformed HTTP is answered in the callback shape too", async (t) => {
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(a.port, "127.0.0.1", () => socket.write("THIS IS NOT HTTP\r\n\r\n"));
    let data = "";
    socket.on("data", (c) => (data += c.toString()));
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
  t.match(text, /^HTTP\/1\.1 200 OK\r\n/);
  const json = JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)) as Record<string, unknown>;
  t.ok(isCallbackShape(json));
  t.match(json, { nextCode: 0, errCode: 1001, errMsg: "bad request" });
});

t.test("add-friend target refuses: nextCode 1, REFUSE_FRIEND_CODE, RefuseFriend", async (t) => {
  await a.setFriendPermission("refuser", -1);
  await a.setFriendPermission("acceptor", 1);
  const r = await reply(a, `/callback/im/${ADD_FRIEND}`, `${JSON.stringify(addFriend("refuser"))}\n`, { ...JSON_HEADERS, operationid: "op-f1" });
  t.match(r.json, { nextCode: 1, errCode: 20014, errMsg: "RefuseFriend" });
  t.match(r.json["errDlt"], /refuser/);
  const s = await reply(b, `/callback/im/${ADD_FRIEND}`, `${JSON.stringify(addFriend("refuser"))}\n`);
  t.match(s.json, { nextCode: 1, errCode: 20013, errMsg: "RefuseFriend" });
  const ok = await reply(a, `/callback/im/${ADD_FRIEND}`, `${JSON.stringify(addFriend("acceptor"))}\n`);
  t.equal(ok.text, ALLOWED_TEXT);
});

t.test("add-friend target unknown: nextCode 1, 1004 RecordNotFoundError with the user id; allowed with FRIEND_UNKNOWN_USER=allow", async (t) => {
  const r = await reply(a, `/callback/im/${ADD_FRIEND}`, `${JSON.stringify(addFriend("nobody-123"))}\n`);
  t.same(r.json, { actionCode: 0, nextCode: 1, errCode: 1004, errMsg: "RecordNotFoundError", errDlt: "nobody-123" });
  const s = await reply(b, `/callback/im/${ADD_FRIEND}`, `${JSON.stringify(addFriend("nobody-123"))}\n`);
  t.equal(s.text, ALLOWED_TEXT);
});

t.test("prohibited word with action block: nextCode 1, SENSITIVE_WORD_BLOCKED_CODE, the reject message, errDlt without the word", async (t) => {
  const r = await reply(a, `/callback/im/${SINGLE}`, `${JSON.stringify(singleText("buy CHEAP stuff"))}\n`, { ...JSON_HEADERS, operationid: "op-block-1" });
  t.same(r.json, {
    actionCode: 0,
    nextCode: 1,
    errCode: 20016,
    errMsg: "sensitive word detected",
    errDlt: "operationID=op-block-1; categories=ads; level=2",
  });
  const s = await reply(b, `/callback/im/${SINGLE}`, `${JSON.stringify(singleText("buy cheap stuff"))}\n`);
  t.match(s.json, { nextCode: 1, errCode: 20012, errMsg: "sensitive word detected" });
  t.notMatch(s.json["errDlt"], /cheap/);
  const version = await a.setPolicy("single", { rejectMessage: "watch your words", revealWords: true });
  t.ok(await a.waitForVersion(version));
  const custom = await reply(a, `/callback/im/${SINGLE}`, `${JSON.stringify(singleText("so cheap"))}\n`, { ...JSON_HEADERS, operationid: "op-block-2" });
  t.match(custom.json, { nextCode: 1, errMsg: "watch your words", errDlt: "operationID=op-block-2; categories=ads; level=2; words=cheap" });
  await a.setPolicy("single", { rejectMessage: "sensitive word detected", revealWords: false });
});

t.test("internal failure (database away during add-friend): 500 ServerInternalError, nextCode per CALLBACK_ON_ERROR", async (t) => {
  await a.pg!.stop();
  await b.pg!.stop();
  try {
    const r = await reply(a, `/callback/im/${ADD_FRIEND}`, `${JSON.stringify(addFriend("acceptor"))}\n`);
    t.match(r.json, { nextCode: 0, errCode: 500, errMsg: "ServerInternalError" });
    t.ok((r.json["errDlt"] as string).length > 0, "a short reason");
    const s = await reply(b, `/callback/im/${ADD_FRIEND}`, `${JSON.stringify(addFriend("acceptor"))}\n`);
    t.match(s.json, { nextCode: 1, errCode: 500, errMsg: "ServerInternalError" });
    // Message checks need no database: still decided.
    const m = await reply(a, `/callback/im/${SINGLE}`, `${JSON.stringify(singleText("hello"))}\n`);
    t.equal(m.text, ALLOWED_TEXT);
  } finally {
    await a.pg!.start();
    await b.pg!.start();
  }
  const back = await reply(a, `/callback/im/${ADD_FRIEND}`, `${JSON.stringify(addFriend("acceptor"))}\n`);
  t.equal(back.text, ALLOWED_TEXT, "answers again once the database is back");
});

t.test("health, readiness and metrics", async (t) => {
  const health = await a.postRaw("/healthz", "", {}, "GET");
  t.equal(health.status, 200);
  const ready = await a.postRaw("/readyz", "", {}, "GET");
  t.equal(ready.status, 200);
  t.match(ready.json(), { status: "ready", version: Number });
  const metrics = await a.postRaw("/metrics", "", {}, "GET");
  t.equal(metrics.status, 200);
  t.match(metrics.text, /wordguard_callback_requests_total\{command="callbackBeforeSendSingleMsgCommand"\} [1-9]/);
  t.match(metrics.text, /wordguard_callback_request_duration_seconds_bucket\{le="0\.001",command="callbackBeforeSendSingleMsgCommand"\}/);
  t.match(metrics.text, /wordguard_callback_decisions_total\{command="callbackBeforeSendSingleMsgCommand",outcome="blocked"\} [1-9]/);
  t.match(metrics.text, /wordguard_callback_decisions_total\{command="other",outcome="invalid"\} [1-9]/);
  t.match(metrics.text, /wordguard_callback_snapshot_version [1-9]/);
  t.match(metrics.text, /wordguard_callback_snapshot_age_seconds \d/);
  t.match(metrics.text, /wordguard_callback_reload_duration_seconds_count\{mode="inline",result="ok"\} [1-9]/);
  t.match(metrics.text, /wordguard_callback_hit_log_queue_depth \d/);
  t.match(metrics.text, /wordguard_callback_hit_log_dropped_total 0/);
  t.match(metrics.text, /wordguard_callback_hit_log_flush_failures_total \d/);
});
