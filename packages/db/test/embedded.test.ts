// The embedded PGlite factory: creates and migrates a data directory, serves the same API, and reopens it with
// nothing to apply. (PGlite takes seconds and ~1 GB to start: one data directory, two opens, in this one file.)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import t from "tap";
import { bumpVersion, createEmbeddedPrisma, ensureDefaults, insertHitLogs, loadSnapshot, readVersion } from "../src/index.ts";

const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "wg-db-pglite-")), "data");
t.teardown(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

t.test("first open migrates; reads and writes work", async (t) => {
  const db = await createEmbeddedPrisma({ dataDir });
  t.teardown(db.close);
  t.match(db.applied, [/^\d{14}_init$/], "the committed migrations were applied");
  t.equal(await readVersion(db.prisma), 0);
  t.same((await ensureDefaults(db.prisma)).created.sort(), ["group", "single"]);
  const version = await db.prisma.$transaction(async (tx) => {
    await tx.sensitiveWord.create({ data: { word: "赌博", normalized: "赌博", level: 3 } });
    await tx.whitelistEntry.create({ data: { word: "反赌博", normalized: "反赌博" } });
    return bumpVersion(tx);
  });
  t.equal(version, 2);
  const snapshot = await loadSnapshot(db.prisma);
  t.equal(snapshot.version, 2);
  t.same(snapshot.entries.map((e) => [e.word, e.level]), [["赌博", 3]]);
  t.equal(snapshot.whitelist.length, 1);
  t.equal(snapshot.policies.length, 2);
  const wordID = snapshot.entries[0]?.id ?? "";
  const inserted = await insertHitLogs(db.prisma, [
    {
      operationID: "op-1", command: "callbackBeforeSendSingleMsgCommand", scene: "single", sendID: "u1", recvID: "u2",
      groupID: "", clientMsgID: "c1", serverMsgID: "s1", contentType: 101, action: "blocked",
      hits: [{ wordID, word: "赌博", category: "custom", level: 3, start: 0, end: 2 }], text: "赌博吗", dictVersion: 2,
    },
  ]);
  t.equal(inserted, 1);
  t.equal(await db.prisma.hitLog.count({ where: { wordIDs: { has: BigInt(wordID) } } }), 1, "search by wordID");
});

t.test("reopening the data directory applies nothing and keeps the data", async (t) => {
  const db = await createEmbeddedPrisma({ dataDir });
  t.teardown(db.close);
  writeFileSync(path.join(dataDir, "wordguard.pid"), String(process.ppid));
  await t.rejects(createEmbeddedPrisma({ dataDir }), /in use by process/, "a second opener is refused");
  writeFileSync(path.join(dataDir, "wordguard.pid"), String(process.pid));
  await t.rejects(createEmbeddedPrisma({ dataDir }), /in use by process/, "so is a second open in this process");
  t.same(db.applied, []);
  t.equal(await readVersion(db.prisma), 2);
  t.same((await ensureDefaults(db.prisma)).created, []);
  t.equal((await loadSnapshot(db.prisma)).entries.length, 1);
  t.equal(await db.prisma.hitLog.count(), 1);
});
