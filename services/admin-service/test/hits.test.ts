// Hit-log search with every filter, newest first, correct totals; purge past the retention.
import t from "tap";
import type { Hits } from "@wordguard/contracts";
import { insertHitLogs, readVersion, type NewHitLog } from "@wordguard/db";
import { setup } from "./helper.ts";

const env = await setup(t, { HIT_LOG_RETENTION_DAYS: "30" });
const token = await env.adminToken(80);
const DAY = 86_400_000;
const now = Date.now();

function hit(over: Partial<NewHitLog>): NewHitLog {
  return {
    operationID: "op",
    command: "callbackBeforeSendSingleMsgCommand",
    scene: "single",
    sendID: "u1",
    recvID: "u2",
    groupID: "",
    clientMsgID: "c",
    serverMsgID: "s",
    contentType: 101,
    action: "blocked",
    hits: [{ wordID: "1", word: "赌博", category: "fraud", level: 2, start: 0, end: 2 }],
    text: "赌博 text",
    dictVersion: 3,
    ...over,
  };
}

await insertHitLogs(env.db.prisma, [
  hit({ operationID: "op-a", createTime: now - 40 * DAY, text: "ancient 赌博" }),
  hit({ operationID: "op-b", createTime: now - 3 * DAY, sendID: "alice", action: "logged" }),
  hit({ operationID: "op-c", createTime: now - 2 * DAY, scene: "group", recvID: "", groupID: "g9", command: "callbackBeforeSendGroupMsgCommand", action: "masked", hits: [{ wordID: "7", word: "porn", category: "porn", level: 3, start: 4, end: 8 }], text: "see porn_site 100% free" }),
  hit({ operationID: "op-d", createTime: now - DAY, sendID: "alice", recvID: "bob", hits: [{ wordID: "1", word: "赌博", category: "fraud", level: 2, start: 0, end: 2 }, { wordID: "7", word: "porn", category: "porn", level: 3, start: 3, end: 7 }], text: "赌博 porn" }),
  hit({ operationID: "op-e", createTime: now - 1000 }),
]);

async function search(filter: Record<string, unknown>, pageNumber = 1, showNumber = 50) {
  const reply = await env.post<Hits.SearchHitsReply>("/adminx/sensitive_word/hit/search", { ...filter, pagination: { pageNumber, showNumber } }, token);
  if (reply.errCode !== 0) throw new Error(`${reply.errCode} ${reply.errDlt}`);
  return reply.data;
}
const ops = (data: Hits.SearchHitsReply) => data.hits.map((h) => h.operationID);

t.test("the hit shape", async (t) => {
  const { hits } = await search({ operationID: "op-c" });
  t.same(hits, [
    {
      id: hits[0]?.id,
      operationID: "op-c",
      command: "callbackBeforeSendGroupMsgCommand",
      scene: "group",
      sendID: "u1",
      recvID: "",
      groupID: "g9",
      clientMsgID: "c",
      serverMsgID: "s",
      contentType: 101,
      action: "masked",
      hits: [{ wordID: "7", word: "porn", category: "porn", level: 3, start: 4, end: 8 }],
      text: "see porn_site 100% free",
      dictVersion: 3,
      createTime: now - 2 * DAY,
    },
  ]);
});

t.test("every filter, newest first, with totals", async (t) => {
  const all = await search({});
  t.same([all.total, ops(all)], [5, ["op-e", "op-d", "op-c", "op-b", "op-a"]]);
  t.same(ops(await search({ sendID: "alice" })), ["op-d", "op-b"]);
  t.same(ops(await search({ recvID: "bob" })), ["op-d"]);
  t.same(ops(await search({ groupID: "g9" })), ["op-c"]);
  t.same(ops(await search({ scene: "group" })), ["op-c"]);
  t.same(ops(await search({ scene: "single" })), ["op-e", "op-d", "op-b", "op-a"]);
  t.same(ops(await search({ wordID: "7" })), ["op-d", "op-c"]);
  t.same(ops(await search({ wordID: "1", sendID: "alice" })), ["op-d", "op-b"]);
  t.same(ops(await search({ action: "logged" })), ["op-b"]);
  t.same(ops(await search({ action: "masked" })), ["op-c"]);
  t.same(ops(await search({ keyword: "PORN" })), ["op-d", "op-c"], "case-insensitive substring of the text");
  t.same(ops(await search({ keyword: "100%" })), ["op-c"]);
  t.same(ops(await search({ keyword: "n_s" })), ["op-c"], "_ literal");
  t.same(ops(await search({ startTime: now - 3 * DAY })), ["op-e", "op-d", "op-c", "op-b"], "startTime inclusive");
  t.same(ops(await search({ endTime: now - 2 * DAY })), ["op-c", "op-b", "op-a"], "endTime inclusive");
  t.same(ops(await search({ startTime: now - 3 * DAY, endTime: now - DAY, sendID: "alice" })), ["op-d", "op-b"]);
  t.equal((await search({ operationID: "nope" })).total, 0);
  const page = await search({}, 2, 2);
  t.same([page.total, ops(page)], [5, ["op-c", "op-b"]]);
});

t.test("bad filters are 1001 with the field", async (t) => {
  for (const [body, path] of [
    [{ wordID: "seven" }, "wordID"],
    [{ scene: "both" }, "scene"],
    [{ action: "block" }, "action"],
    [{ startTime: -1 }, "startTime"],
    [{ startTime: "yesterday" }, "startTime"],
  ] as const) {
    const reply = await env.post("/adminx/sensitive_word/hit/search", { ...body, pagination: { pageNumber: 1, showNumber: 10 } }, token);
    t.same([reply.errCode, reply.errDlt.split(": ")[0]], [1001, path]);
  }
  const noPage = await env.post("/adminx/sensitive_word/hit/search", {}, token);
  t.same([noPage.errCode, noPage.errDlt.split(": ")[0]], [1001, "pagination"]);
});

t.test("purge deletes rows past the retention, audits it, bumps nothing", async (t) => {
  const version = await readVersion(env.db.prisma);
  const reply = await env.post<{ deleted: number; before: number }>("/adminx/sensitive_word/hit/purge", {}, env.superToken);
  t.equal(reply.errCode, 0);
  t.equal(reply.data.deleted, 1, "HIT_LOG_RETENTION_DAYS=30 removes the 40-day-old row");
  t.ok(Math.abs(reply.data.before - (Date.now() - 30 * DAY)) < 60_000);
  t.same(ops(await search({})), ["op-e", "op-d", "op-c", "op-b"]);
  const custom = await env.post<{ deleted: number }>("/adminx/sensitive_word/hit/purge", { olderThanDays: 2 }, env.superToken);
  t.equal(custom.data.deleted, 2);
  t.equal((await env.post("/adminx/sensitive_word/hit/purge", { olderThanDays: 0 }, env.superToken)).errCode, 1001);
  t.equal(await readVersion(env.db.prisma), version, "hit logs are not the dictionary");
  const audits = await env.db.prisma.auditLog.findMany({ where: { action: "hit_log.purge" } });
  t.equal(audits.length, 2);
  t.match(audits[0]?.after, { deleted: 1, olderThanDays: 30 });
});
