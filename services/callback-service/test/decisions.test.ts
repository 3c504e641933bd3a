// A prohibited-word decision (CONTRACT.md §1.3–1.4): text extraction per content type, notifications, whitelist,
// exemptions, minLevel, the three actions, the modify command's masking and the stored hit rows.
import t from "tap";
import { startHarness, until, type Harness } from "./helpers/harness.ts";
import { ALLOWED_TEXT, GROUP, MODIFY, SINGLE, groupMessage, isCallbackShape, modifyText, singleText } from "./helpers/bodies.ts";

let h: Harness;
const ids: Record<string, string> = {};
let trace = 0;

t.before(async () => {
  h = await startHarness(t, { env: { HIT_LOG_FLUSH_MS: "20" } });
  const words = [
    { word: "cheap", category: "ads", level: 2 as const },
    { word: "heck", category: "abuse", level: 1 as const },
    { word: "赌博", category: "fraud", level: 3 as const },
    { word: "groupbad", category: "abuse", level: 2 as const, scenes: ["group" as const] },
    { word: "dormant", category: "ads", level: 3 as const, enabled: false },
  ];
  const added = await h.addWords(words);
  words.forEach((w, i) => (ids[w.word] = added.ids[i]!));
  await h.addWhitelist([{ word: "反赌博" }, { word: "cheapskate", scenes: ["group"] }]);
  const version = await h.setPolicy("group", {});
  t.ok(await h.waitForVersion(version));
});

/** Sends and returns [reply text, reply json, trace id]. */
async function check(command: string, body: Record<string, unknown>): Promise<{ text: string; json: Record<string, unknown>; op: string }> {
  const op = `op-decide-${++trace}`;
  const res = await h.postRaw(`/callback/im/${command}`, `${JSON.stringify(body)}\n`, { "content-type": "application/json", operationid: op });
  t.equal(res.status, 200);
  const json = res.json() as Record<string, unknown>;
  t.ok(isCallbackShape(json, command === MODIFY), res.text);
  return { text: res.text, json, op };
}

const blocked = (r: { json: Record<string, unknown> }) => r.json["nextCode"] === 1 && r.json["errCode"] === 20016;

async function hitRow(op: string) {
  t.ok(await until(async () => (await h.prisma.hitLog.count({ where: { operationID: op } })) > 0), `hit row for ${op}`);
  return h.prisma.hitLog.findFirstOrThrow({ where: { operationID: op } });
}

async function noHitRow(op: string) {
  await h.service.hitLogs.flushNow();
  t.equal(await h.prisma.hitLog.count({ where: { operationID: op } }), 0, `no hit row for ${op}`);
}

t.test("text extraction per content type", async (t) => {
  t.ok(blocked(await check(GROUP, groupMessage(101, { content: "so cheap" }))), "101 Text: content");
  t.ok(blocked(await check(GROUP, groupMessage(106, { text: "@Bob so cheap", atUserList: ["b"], atUsersInfo: [], quoteMessage: null }))), "106 AtText: text");
  t.ok(blocked(await check(GROUP, groupMessage(114, { text: "cheap!", quoteMessage: { content: "fine" } }))), "114 Quote: text");
  t.equal((await check(GROUP, groupMessage(114, { text: "fine", quoteMessage: { content: "cheap" } }))).text, ALLOWED_TEXT, "114: only text is checked");
  t.ok(blocked(await check(GROUP, groupMessage(117, { text: "cheap", messageEntityList: [] }))), "117 AdvancedText: text");
  t.ok(blocked(await check(GROUP, groupMessage(118, { content: "**cheap**" }))), "118 Markdown: content");
  t.equal((await check(GROUP, groupMessage(106, { content: "cheap", text: "hello" }))).text, ALLOWED_TEXT, "106 reads text, not content");
  // Not the element JSON its type promises: the raw content string is checked.
  t.ok(blocked(await check(GROUP, groupMessage(101, "cheap, not json"))), "raw string when content is not JSON");
  t.ok(blocked(await check(GROUP, groupMessage(101, { text: "cheap" }))), "raw string when the text field is missing");
  // Types the policy does not list are not looked at; notifications never are.
  t.equal((await check(GROUP, groupMessage(110, { data: "", description: "cheap", extension: "" }))).text, ALLOWED_TEXT, "110 not listed");
  t.equal((await check(GROUP, groupMessage(102, { sourcePicture: { url: "cheap.png" } }))).text, ALLOWED_TEXT, "102 not listed");
  t.equal((await check(GROUP, groupMessage(1501, { detail: "cheap" }))).text, ALLOWED_TEXT, "notification");
  t.equal((await check(GROUP, groupMessage(5000, { detail: "cheap" }))).text, ALLOWED_TEXT, "notification upper bound");

  const version = await h.setPolicy("group", { contentTypes: [101, 106, 114, 117, 118, 110, 1501] });
  t.ok(await h.waitForVersion(version));
  t.ok(blocked(await check(GROUP, groupMessage(110, { data: "", description: "cheap", extension: "" }))), "110 listed: description");
  t.ok(blocked(await check(GROUP, groupMessage(110, { data: "so cheap", description: "", extension: "" }))), "110 listed: data as text");
  t.equal(
    (await check(GROUP, groupMessage(110, { data: '{"type":"card","title":"cheap"}', description: "", extension: "" }))).text,
    ALLOWED_TEXT,
    "110: data holding JSON is a payload, not text",
  );
  t.equal((await check(GROUP, groupMessage(1501, { detail: "cheap" }))).text, ALLOWED_TEXT, "a notification is never checked, even if listed");
});

t.test("hit rows: operationID, command, scene, ids, content type, offsets in the stored text", async (t) => {
  const single = await check(SINGLE, singleText("hello cheap and heck", { sendID: "s-1", recvID: "r-1", clientMsgID: "c-1", serverMsgID: "v-1" }));
  t.ok(blocked(single));
  t.equal(single.json["errDlt"], `operationID=${single.op}; categories=abuse,ads; level=2`);
  const row = await hitRow(single.op);
  t.match(row, {
    operationID: single.op,
    command: SINGLE,
    scene: "single",
    sendID: "s-1",
    recvID: "r-1",
    groupID: "",
    clientMsgID: "c-1",
    serverMsgID: "v-1",
    contentType: 101,
    action: "blocked",
    text: "hello cheap and heck",
    dictVersion: h.service.snapshots.current!.version,
  });
  t.same(row.hits, [
    { wordID: ids["cheap"], word: "cheap", category: "ads", level: 2, start: 6, end: 11 },
    { wordID: ids["heck"], word: "heck", category: "abuse", level: 1, start: 16, end: 20 },
  ]);
  t.same(row.wordIDs.map(String).sort(), [ids["cheap"], ids["heck"]].sort());

  const long = await check(SINGLE, singleText(`${"x".repeat(1200)} cheap ${"😀".repeat(10)}`));
  const longRow = await hitRow(long.op);
  t.equal(longRow.text.length, 1000, "the stored text is cut to 1,000 UTF-16 units");
  t.match(longRow.hits, [{ word: "cheap", start: 1201, end: 1206 }], "offsets still name where the hit was");

  const group = await check(GROUP, groupMessage(110, { data: "so cheap", description: "a heck", extension: "" }, { sendID: "s-2", groupID: "g-2" }));
  const groupRow = await hitRow(group.op);
  t.match(groupRow, { scene: "group", groupID: "g-2", recvID: "", contentType: 110, text: "a heck\nso cheap" });
  t.same(
    (groupRow.hits as { start: number; end: number; word: string }[]).map((x) => [x.word, x.start, x.end]),
    [["heck", 2, 6], ["cheap", 10, 15]],
    "offsets of the second field count from after the separator",
  );
});

t.test("scenes, disabled entries and the whitelist", async (t) => {
  t.equal((await check(SINGLE, singleText("groupbad"))).text, ALLOWED_TEXT, "a group-only entry does not apply to single");
  t.ok(blocked(await check(GROUP, groupMessage(101, { content: "groupbad" }))));
  t.equal((await check(SINGLE, singleText("dormant"))).text, ALLOWED_TEXT, "a disabled entry never hits");
  t.equal((await check(SINGLE, singleText("我们坚决反赌博"))).text, ALLOWED_TEXT, "a hit inside a whitelist match is cancelled");
  t.ok(blocked(await check(SINGLE, singleText("一起去赌博吧"))));
  const rev = await check(SINGLE, singleText("反赌博 然后 赌博"));
  t.ok(blocked(rev), "an occurrence outside the whitelist match still hits");
  t.same(((await hitRow(rev.op)).hits as { start: number }[]).map((x) => x.start), [7]);
  t.equal((await check(GROUP, groupMessage(101, { content: "a cheapskate" }))).text, ALLOWED_TEXT, "group whitelist applies to group");
  t.ok(blocked(await check(SINGLE, singleText("a cheapskate"))), "… and not to single");
});

t.test("exemptions and a disabled policy: allowed, nothing logged", async (t) => {
  const version = await h.setPolicy("single", { exemptUserIDs: ["vip"] });
  await h.setPolicy("group", { exemptGroupIDs: ["g-free"] });
  t.ok(await h.waitForVersion(version + 1));
  const vip = await check(SINGLE, singleText("cheap", { sendID: "vip" }));
  t.equal(vip.text, ALLOWED_TEXT);
  const free = await check(GROUP, groupMessage(101, { content: "cheap" }, { groupID: "g-free" }));
  t.equal(free.text, ALLOWED_TEXT);
  t.ok(blocked(await check(GROUP, groupMessage(101, { content: "cheap" }, { sendID: "vip", groupID: "g-other" }))), "user exemption is per scene");
  const off = await h.setPolicy("group", { enabled: false });
  t.ok(await h.waitForVersion(off));
  const disabled = await check(GROUP, groupMessage(101, { content: "cheap" }, { groupID: "g-x" }));
  t.equal(disabled.text, ALLOWED_TEXT);
  await noHitRow(vip.op);
  await noHitRow(free.op);
  await noHitRow(disabled.op);
  const on = await h.setPolicy("group", { enabled: true, exemptGroupIDs: [] });
  await h.setPolicy("single", { exemptUserIDs: [] });
  t.ok(await h.waitForVersion(on + 1));
});

t.test("minLevel: hits below it are only logged", async (t) => {
  const version = await h.setPolicy("single", { minLevel: 2 });
  t.ok(await h.waitForVersion(version));
  const low = await check(SINGLE, singleText("what the heck"));
  t.equal(low.text, ALLOWED_TEXT);
  t.match(await hitRow(low.op), { action: "logged", hits: [{ word: "heck", level: 1 }] });
  const both = await check(SINGLE, singleText("heck, cheap"));
  t.ok(blocked(both));
  t.equal(both.json["errDlt"], `operationID=${both.op}; categories=ads; level=2`, "errDlt speaks of the hits that acted");
  t.equal(((await hitRow(both.op)).hits as unknown[]).length, 2, "every remaining hit is logged");
  await h.setPolicy("single", { minLevel: 1 });
});

t.test("action log: allowed and logged; logHits off: nothing stored", async (t) => {
  const version = await h.setPolicy("single", { action: "log" });
  t.ok(await h.waitForVersion(version));
  const logged = await check(SINGLE, singleText("cheap"));
  t.equal(logged.text, ALLOWED_TEXT);
  t.match(await hitRow(logged.op), { action: "logged" });
  const quiet = await h.setPolicy("single", { action: "block", logHits: false });
  t.ok(await h.waitForVersion(quiet));
  const silent = await check(SINGLE, singleText("cheap"));
  t.ok(blocked(silent), "still blocked");
  await noHitRow(silent.op);
  await h.setPolicy("single", { logHits: true });
});

t.test("action mask: before-send allows and logs 'masked'; the modify command returns the element with the text masked", async (t) => {
  const version = await h.setPolicy("group", { action: "mask", maskChar: "#" });
  t.ok(await h.waitForVersion(version));
  const before = await check(GROUP, groupMessage(106, { text: "@Bob cheap stuff" }));
  t.equal(before.text, ALLOWED_TEXT);
  t.match(await hitRow(before.op), { action: "masked" });

  const element = { text: "@Bob so cheap, heck!", atUserList: ["6960562805"], atUsersInfo: [{ atUserID: "6960562805", groupNickname: "Bob" }], isAtSelf: false };
  const modify = await check(MODIFY, modifyText("", { sessionType: 3, groupID: "g-m", contentType: 106, content: JSON.stringify(element) }));
  t.same(Object.keys(modify.json).sort(), ["actionCode", "content", "errCode", "errDlt", "errMsg", "nextCode"]);
  t.same(JSON.parse(modify.json["content"] as string), { ...element, text: "@Bob so #####, ####!" }, "only the text changed");
  t.equal(modify.json["content"], JSON.stringify({ ...element, text: "@Bob so #####, ####!" }), "fields keep their order");
  await noHitRow(modify.op);

  const custom = await check(
    MODIFY,
    modifyText("", { sessionType: 3, groupID: "g-m", contentType: 110, content: JSON.stringify({ data: "cheap", description: "heck", extension: "x" }) }),
  );
  t.equal((await check(GROUP, groupMessage(110, { data: "", description: "x", extension: "" }))).text, ALLOWED_TEXT);
  t.same(JSON.parse(custom.json["content"] as string), { data: "#####", description: "####", extension: "x" });

  const raw = await check(MODIFY, modifyText("", { sessionType: 3, groupID: "g-m", contentType: 101, content: "cheap raw text" }));
  t.equal(raw.json["content"], "##### raw text", "raw content is masked as a string");

  const clean = await check(MODIFY, modifyText("nothing here", { sessionType: 3, groupID: "g-m" }));
  t.equal(clean.text, ALLOWED_TEXT, "no hit: plain allowed, no content field");
  const single = await check(MODIFY, modifyText("so cheap"));
  t.equal(single.text, ALLOWED_TEXT, "sessionType 1 follows the single policy (block): nothing to mask");
  const notification = await check(MODIFY, modifyText("so cheap", { sessionType: 4 }));
  t.equal(notification.text, ALLOWED_TEXT, "no scene for other session types");

  const minLevel = await h.setPolicy("group", { minLevel: 2 });
  t.ok(await h.waitForVersion(minLevel));
  const low = await check(MODIFY, modifyText("heck", { sessionType: 3, groupID: "g-m" }));
  t.equal(low.text, ALLOWED_TEXT, "hits below minLevel are not masked");
  const mixed = await check(MODIFY, modifyText("heck cheap", { sessionType: 3, groupID: "g-m" }));
  t.equal(mixed.json["content"], JSON.stringify({ content: "heck #####" }));
});
