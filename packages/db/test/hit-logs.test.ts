// Hit-log batches: one insert, wire fields kept, text cut safely, word ids indexed for the admin search.
import { randomUUID } from "node:crypto";
import t from "tap";
import { cutHitText, insertHitLogs, type NewHitLog } from "../src/index.ts";
import { createTestDatabase } from "../src/testing.ts";

function hit(i: number, overrides: Partial<NewHitLog> = {}): NewHitLog {
  return {
    operationID: `op-${i}`,
    command: "callbackBeforeSendGroupMsgCommand",
    scene: "group",
    sendID: `u${i % 7}`,
    recvID: "",
    groupID: `g${i % 3}`,
    clientMsgID: `c${i}`,
    serverMsgID: `s${i}`,
    contentType: 101,
    action: "logged",
    hits: [
      { wordID: String(i % 5 + 1), word: "x", category: "ads", level: 1, start: 0, end: 1 },
      { wordID: String(i % 5 + 1), word: "x", category: "ads", level: 1, start: 2, end: 3 },
    ],
    text: `x x ${i}`,
    dictVersion: 7,
    ...overrides,
  };
}

t.test("cutHitText keeps at most 1000 UTF-16 units and never splits a surrogate pair", async (t) => {
  t.equal(cutHitText("abc"), "abc");
  t.equal(cutHitText("a".repeat(1500)).length, 1000);
  const emoji = "a".repeat(999) + "😀" + "b";
  t.equal(cutHitText(emoji), "a".repeat(999), "the pair straddling the cut is dropped whole");
  t.equal(cutHitText("a".repeat(998) + "😀b"), "a".repeat(998) + "😀");
});

t.test("inserts a batch in one call and keeps every field", async (t) => {
  const db = await createTestDatabase("wg_db_hit", { poolSize: 2 });
  t.teardown(db.drop);
  t.equal(await insertHitLogs(db.prisma, []), 0);
  const rows = Array.from({ length: 500 }, (_, i) => hit(i));
  rows[0] = hit(0, { text: "长".repeat(1200), createTime: Date.UTC(2026, 0, 2, 3, 4, 5, 678) });
  rows[1] = hit(1, { hits: [{ wordID: "not-a-number", word: "y", category: "c", level: 2, start: 0, end: 1 }] });
  t.equal(await insertHitLogs(db.prisma, rows), 500);
  const first = await db.prisma.hitLog.findFirstOrThrow({ where: { operationID: "op-0" } });
  t.equal(first.text.length, 1000, "text cut to 1000");
  t.equal(first.createTime.getTime(), Date.UTC(2026, 0, 2, 3, 4, 5, 678), "given createTime kept (ms)");
  t.same(first.wordIDs, [1n], "word ids deduplicated");
  t.same(first.hits, rows[0]?.hits, "hits JSON as given");
  t.equal(first.dictVersion, 7);
  t.equal(first.action, "logged");
  t.same((await db.prisma.hitLog.findFirstOrThrow({ where: { operationID: "op-1" } })).wordIDs, [], "non-numeric ids are not indexed");
  const last = await db.prisma.hitLog.findFirstOrThrow({ where: { operationID: "op-499" } });
  t.ok(Math.abs(last.createTime.getTime() - Date.now()) < 60_000, "default createTime: now");
  t.equal(await db.prisma.hitLog.count({ where: { wordIDs: { has: 3n } } }), 100, "search by wordID");
});

t.test("text PostgreSQL cannot store (NUL, lone surrogates) is replaced, not fatal to the batch", async (t) => {
  const db = await createTestDatabase("wg_db_hit", { poolSize: 1 });
  t.teardown(db.drop);
  const bad = "a\u0000b\uD800c\uDC00d😀";
  t.equal(await insertHitLogs(db.prisma, [hit(1, { text: bad, sendID: "u\uD83D" }), hit(2)]), 2);
  const row = await db.prisma.hitLog.findFirstOrThrow({ where: { operationID: "op-1" } });
  t.equal(row.text, "a\uFFFDb\uFFFDc\uFFFDd😀", "same UTF-16 length, pairs intact");
  t.equal(row.sendID, "u\uFFFD");
});

t.test("the searches the admin API runs can use the indexes", async (t) => {
  const db = await createTestDatabase("wg_db_hit", { poolSize: 1 });
  t.teardown(db.drop);
  await insertHitLogs(db.prisma, Array.from({ length: 50 }, (_, i) => hit(i)));
  await db.prisma.$executeRawUnsafe("ANALYZE hit_log");
  // Planner choice on a tiny table prefers scans: forbid them to see whether an index applies at all.
  const plan = async (sql: string) =>
    db.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      const rows = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${sql}`);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
  t.match(await plan("SELECT id FROM hit_log WHERE word_ids @> ARRAY[3]::bigint[]"), /hit_log_word_ids_idx/);
  t.match(await plan("SELECT id FROM hit_log WHERE operation_id = 'op-1'"), /hit_log_operation_id_idx/);
  t.match(await plan("SELECT id FROM hit_log WHERE send_id = 'u1' ORDER BY create_time DESC LIMIT 20"), /hit_log_send_id_create_time_idx/);
  t.match(await plan("SELECT id FROM hit_log ORDER BY create_time DESC, id DESC LIMIT 20"), /hit_log_create_time_id_idx/);
});

t.test("a retried batch whose rows carry dedupe keys stores each row once", async (t) => {
  const db = await createTestDatabase("wg_db_hit", { poolSize: 2 });
  t.teardown(db.drop);
  const keyed = Array.from({ length: 20 }, (_, i) => hit(i, { dedupeKey: randomUUID() }));
  t.equal(await insertHitLogs(db.prisma, keyed.slice(0, 12)), 12, "first attempt committed");
  // The writer could not confirm that commit and retries with more rows queued behind the batch.
  t.equal(await insertHitLogs(db.prisma, keyed), 8, "the retry adds only the new rows");
  t.equal(await db.prisma.hitLog.count(), 20);
  const unkeyed = [hit(100), hit(100)];
  t.equal(await insertHitLogs(db.prisma, unkeyed), 2, "rows without a key are appended as before");
  t.equal(await insertHitLogs(db.prisma, [hit(101, { dedupeKey: "not-a-uuid" })]), 1, "a malformed key is ignored, not an error");
});
