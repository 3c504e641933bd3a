// Every sample body exactly as open-im-server v3.8.x sends it — trailing newline, `Operationid` header, JSON
// content type — by path and by query, over real sockets.
import t from "tap";
import { startHarness, until, type Harness } from "./helpers/harness.ts";
import { sampleBody } from "./helpers/samples.ts";
import { ALLOWED_TEXT, isCallbackShape } from "./helpers/bodies.ts";

let h: Harness;

t.before(async () => {
  h = await startHarness(t, { env: { HIT_LOG_FLUSH_MS: "20" } });
  // "entrant" occurs inside the group notification's content: it must still pass, notifications are never checked.
  const { version } = await h.addWords([
    { word: "cheap", category: "ads", level: 2 },
    { word: "heck", category: "abuse", level: 1 },
    { word: "entrant", category: "ads", level: 3 },
  ]);
  t.ok(await h.waitForVersion(version));
});

const COMMAND_OF: Record<string, string> = {
  "before-add-friend": "callbackBeforeAddFriendCommand",
  "before-msg-modify": "callbackBeforeMsgModifyCommand",
  "before-send-group-attext": "callbackBeforeSendGroupMsgCommand",
  "before-send-group-notification": "callbackBeforeSendGroupMsgCommand",
  "before-send-single": "callbackBeforeSendSingleMsgCommand",
};

async function send(name: string, form: "path" | "query", trace: string) {
  const command = COMMAND_OF[name]!;
  const path = form === "path" ? `/callback/im/${command}` : `/callback/im?command=${command}`;
  const body = sampleBody(name);
  t.equal(body.at(-1), "\n", "the body ends with a newline");
  const res = await h.postRaw(path, body, { "Content-Type": "application/json; charset=utf-8", Operationid: trace });
  t.equal(res.status, 200);
  const json = res.json() as Record<string, unknown>;
  t.ok(isCallbackShape(json, true), `${name} by ${form}: ${res.text}`);
  return { json, text: res.text };
}

for (const form of ["path", "query"] as const) {
  t.test(`samples by ${form}`, async (t) => {
    // before-send-single says "buy cheap stuff": blocked with the default policy (block).
    const single = await send("before-send-single", form, `trace-single-${form}`);
    t.same(single.json, {
      actionCode: 0,
      nextCode: 1,
      errCode: 20016,
      errMsg: "sensitive word detected",
      errDlt: `operationID=trace-single-${form}; categories=ads; level=2`,
    });
    t.equal((await send("before-send-group-attext", form, `trace-group-${form}`)).text, ALLOWED_TEXT);
    t.equal((await send("before-send-group-notification", form, `trace-note-${form}`)).text, ALLOWED_TEXT, "notification allowed");
    // The modify command only masks; the single policy blocks, so it has nothing to say.
    t.equal((await send("before-msg-modify", form, `trace-modify-${form}`)).text, ALLOWED_TEXT);
    // The add-friend target has no friend-permission row: 1004.
    t.same((await send("before-add-friend", form, `trace-friend-${form}`)).json, {
      actionCode: 0,
      nextCode: 1,
      errCode: 1004,
      errMsg: "RecordNotFoundError",
      errDlt: "6960562805",
    });

    // The header's trace id (not the body's operationID) is stored with the hit and labels the log line.
    t.ok(await until(async () => (await h.prisma.hitLog.count({ where: { operationID: `trace-single-${form}` } })) === 1));
    const row = await h.prisma.hitLog.findFirstOrThrow({ where: { operationID: `trace-single-${form}` } });
    t.match(row, {
      command: "callbackBeforeSendSingleMsgCommand",
      scene: "single",
      sendID: "4086502943",
      recvID: "6960562805",
      groupID: "",
      clientMsgID: "e076b0b51e0ff49040a0fb1110443ae2",
      serverMsgID: "3314df86c67cdb1e6b776c9ee50f61ea",
      contentType: 101,
      action: "blocked",
      text: "hello, buy cheap stuff at example.com",
    });
    t.match(row.hits, [{ word: "cheap", category: "ads", level: 2, start: 11, end: 16 }]);
    const line = h.logs.find((l) => l["operationID"] === `trace-single-${form}` && l["msg"] === "callback refused the action");
    t.ok(line, "the blocked decision is logged with the trace id");
  });
}

t.test("with the policies set to mask and the target accepting, the same samples pass and the modify masks", async (t) => {
  await h.setFriendPermission("6960562805", 1);
  const version = await h.setPolicy("single", { action: "mask" });
  t.ok(await h.waitForVersion(version));
  for (const form of ["path", "query"] as const) {
    t.equal((await send("before-send-single", form, `trace-mask-${form}`)).text, ALLOWED_TEXT, "allowed: the modify masks");
    const modify = await send("before-msg-modify", form, `trace-mask-modify-${form}`);
    t.same(modify.json, { actionCode: 0, nextCode: 0, errCode: 0, errMsg: "", errDlt: "", content: '{"content":"what the ****"}' });
    t.equal((await send("before-add-friend", form, `trace-friend-ok-${form}`)).text, ALLOWED_TEXT);
  }
  t.ok(await until(async () => (await h.prisma.hitLog.count({ where: { operationID: "trace-mask-path" } })) === 1));
  const row = await h.prisma.hitLog.findFirstOrThrow({ where: { operationID: "trace-mask-path" } });
  t.equal(row.action, "masked");
  t.equal(await h.prisma.hitLog.count({ where: { operationID: "trace-mask-modify-path" } }), 0, "the modify command does not log twice");
});

t.test("without the header, the body's operationID is the trace id; without either, one is generated", async (t) => {
  // The single policy masks at this point: the hit is logged (debug) and stored under the body's operationID.
  const res = await h.postRaw("/callback/im/callbackBeforeSendSingleMsgCommand", sampleBody("before-send-single"), {
    "Content-Type": "application/json; charset=utf-8",
  });
  t.equal(res.text, ALLOWED_TEXT);
  t.ok(await until(async () => (await h.prisma.hitLog.count({ where: { operationID: "1719800000123-web-8a2f" } })) >= 1));
  t.ok(h.logs.some((l) => l["operationID"] === "1719800000123-web-8a2f" && l["msg"] === "hits found; action allowed"));
  // The add-friend body carries no operationID.
  const friend = await h.postRaw(
    "/callback/im/callbackBeforeAddFriendCommand",
    sampleBody("before-add-friend").replace("6960562805", "unknown-target"),
    { "Content-Type": "application/json; charset=utf-8" },
  );
  t.match(friend.json(), { errCode: 1004, errDlt: "unknown-target" });
  const line = h.logs.find((l) => l["msg"] === "callback refused the action" && l["toUserID"] === "unknown-target");
  t.match(line?.["operationID"], /^cb-[0-9a-f]{8}-[0-9a-z]+$/, "a generated trace id labels the line");
});
