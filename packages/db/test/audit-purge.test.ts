// The audit trail writer and the hit-log retention purge.
import t from "tap";
import { insertHitLogs, purgeHitLogs, recordAudit, type NewHitLog } from "../src/index.ts";
import { createTestDatabase } from "../src/testing.ts";

t.test("recordAudit stores rows as the wire shows them, in the caller's transaction", async (t) => {
  const db = await createTestDatabase("wg_db_aud", { poolSize: 2 });
  t.teardown(db.drop);
  const word = await db.prisma.sensitiveWord.create({ data: { word: "x", normalized: "x" } });
  await db.prisma.$transaction(async (tx) => {
    t.equal(
      await recordAudit(tx, [
        { operatorID: "a1", action: "word.add", targetType: "word", targetID: word.id.toString(), after: word, operationID: "op-9" },
        { operatorID: "a1", action: "word.del", targetType: "word", targetID: "7", before: { id: 7n } },
      ]),
      2,
    );
  });
  await t.rejects(
    db.prisma.$transaction(async (tx) => {
      await recordAudit(tx, { operatorID: "a2", action: "policy.set", targetType: "policy", targetID: "single" });
      throw new Error("rolled back");
    }),
  );
  const rows = await db.prisma.auditLog.findMany({ orderBy: { id: "asc" } });
  t.equal(rows.length, 2, "the rolled-back change left no audit row");
  const [add, del] = rows;
  t.same(add?.after, { ...word, id: word.id.toString(), createTime: word.createTime.getTime(), updateTime: word.updateTime.getTime() });
  t.equal(add?.before, null);
  t.equal(add?.operationID, "op-9");
  t.same(del?.before, { id: "7" });
  t.equal(del?.after, null);
  t.equal(await recordAudit(db.prisma, []), 0);
});

t.test("purgeHitLogs deletes only rows older than the cutoff, in batches", async (t) => {
  const db = await createTestDatabase("wg_db_aud", { poolSize: 2 });
  t.teardown(db.drop);
  const day = 86_400_000;
  const now = Date.now();
  const row = (i: number, ageDays: number): NewHitLog => ({
    operationID: `op-${i}`, command: "callbackBeforeSendSingleMsgCommand", scene: "single", sendID: "u", recvID: "v",
    groupID: "", clientMsgID: "", serverMsgID: "", contentType: 101, action: "blocked", hits: [], text: "t",
    dictVersion: 1, createTime: now - ageDays * day,
  });
  await insertHitLogs(db.prisma, [
    ...Array.from({ length: 25 }, (_, i) => row(i, 100 + i)),
    ...Array.from({ length: 5 }, (_, i) => row(100 + i, i)),
  ]);
  t.equal(await purgeHitLogs(db.prisma, new Date(now - 90 * day), { batchSize: 10 }), 25);
  t.equal(await db.prisma.hitLog.count(), 5);
  t.equal(await purgeHitLogs(db.prisma, new Date(now - 90 * day)), 0, "nothing left to purge");
});
