// The worker's plain-pg hit-log insert keeps the db package's row rules: a retried batch stores nothing twice, and
// text PostgreSQL cannot store (NUL, lone surrogates) does not fail the batch.
import { randomUUID } from "node:crypto";
import t from "tap";
import type { NewHitLog } from "@wordguard/db";
import { WorkerInserter } from "../src/hitlog/worker/worker-inserter.ts";
import { hitRow } from "./helpers/hit-rows.ts";
import { pgInserterOnFreshDatabase } from "./helpers/pg-inserter.ts";

/** A row whose hit carries a NUL in its word (unstorable as it is). */
function row(i: number, text: string, dedupeKey?: string): NewHitLog {
  return hitRow(i, {
    hits: [{ wordID: "1", word: "w\u0000", category: "ads", level: 2, start: 0, end: 1 }],
    text,
    ...(dedupeKey === undefined ? {} : { dedupeKey }),
  });
}

t.test("retried batches are stored once and unstorable text is replaced", async (t) => {
  const { db, inserter } = await pgInserterOnFreshDatabase(t, "wg_cb_pgins");
  const keyed = Array.from({ length: 10 }, (_, i) => row(i, `text ${i}`, randomUUID()));
  t.equal(await inserter.insert(keyed.slice(0, 6)), 6);
  t.equal(await inserter.insert(keyed), 4, "only rows not yet stored");
  t.equal(await inserter.insert([row(20, "nul \u0000 and lone \uD800 here")]), 1, "NUL and a lone surrogate do not fail the batch");
  t.equal(await inserter.insert([row(21, "text 21", "not-a-uuid")]), 1, "a malformed key is ignored, not an error");
  t.equal(await db.prisma.hitLog.count(), 12);
  const stored = await db.prisma.hitLog.findFirst({ where: { operationID: "op-20" } });
  t.equal(stored?.text, "nul \uFFFD and lone \uFFFD here", "one replacement character per unstorable unit");
});

t.test("word ids the index cannot hold are left out of word_ids, not fatal to the batch", async (t) => {
  const { db, inserter } = await pgInserterOnFreshDatabase(t, "wg_cb_pgins");
  const hit = (wordID: string) => ({ wordID, word: "w", category: "ads", level: 2 as const, start: 0, end: 1 });
  // 19 digits: past bigint's range (9223372036854775807), which would fail the cast of the whole batch.
  const odd = { ...row(30, "text 30"), hits: [hit("42"), hit("42"), hit("9999999999999999999"), hit("x")] };
  t.equal(await inserter.insert([odd, row(31, "text 31")]), 2);
  const stored = await db.prisma.hitLog.findFirstOrThrow({ where: { operationID: "op-30" } });
  t.same(stored.wordIDs, [42n], "decimal ids only, each once");
  t.same(
    (stored.hits as { wordID: string }[]).map((h) => h.wordID),
    ["42", "42", "9999999999999999999", "x"],
    "the hits themselves are kept whole",
  );
});

t.test("a batch sent through the insert worker is stored field for field as the direct insert stores it", async (t) => {
  const { db, inserter: direct } = await pgInserterOnFreshDatabase(t, "wg_cb_pgins");
  const worker = new WorkerInserter({ databaseUrl: db.url });
  t.teardown(() => worker.close());
  // What the batch's crossing to the worker thread must carry whole: astral characters, NUL and a lone surrogate,
  // several hits, a creation time to the millisecond, a dedupe key, empty ids.
  const sample = (i: number): NewHitLog =>
    hitRow(i, {
      scene: "group",
      recvID: "",
      groupID: "g-7",
      contentType: 106,
      action: "masked",
      hits: [
        { wordID: "11", word: "坏词", category: "politics", level: 3, start: 2, end: 4 },
        { wordID: "12", word: "bad\u0000", category: "ads", level: 1, start: 6, end: 10 },
      ],
      text: `😀 坏词 bad\u0000 lone \uDC00 ${i}`,
      dictVersion: 41,
      createTime: 1_764_000_000_123,
      dedupeKey: randomUUID(),
    });
  const viaWorker = sample(1);
  const viaDirect = sample(2);
  t.equal(await worker.insert([viaWorker]), 1);
  t.equal(await direct.insert([viaDirect]), 1);
  const stored = await db.prisma.hitLog.findMany({ orderBy: { operationID: "asc" } });
  t.equal(stored.length, 2);
  const [a, b] = stored.map(({ id: _id, operationID: _op, clientMsgID: _c, serverMsgID: _s, dedupeKey, text, ...rest }) => ({
    ...rest,
    dedupeKeyGiven: dedupeKey !== null,
    text: text.replace(/ \d+$/, ""),
  }));
  t.same(a, b, "every column alike");
  t.equal(stored[0]?.dedupeKey, viaWorker.dedupeKey, "the worker's row keeps its dedupe key");
  t.equal(stored[0]?.createTime.getTime(), 1_764_000_000_123, "and its creation time");
  t.equal(stored[0]?.text, "😀 坏词 bad\uFFFD lone \uFFFD 1", "and its text, with the same replacements");
});
