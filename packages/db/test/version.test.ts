// The dictionary version under concurrent governance writers: no lost and no duplicate versions.
import t from "tap";
import { bumpVersion, readVersion } from "../src/index.ts";
import { createTestDatabase } from "../src/testing.ts";

t.test("a fresh database starts at version 0", async (t) => {
  const db = await createTestDatabase("wg_db_ver", { poolSize: 2 });
  t.teardown(db.drop);
  t.equal(await readVersion(db.prisma), 0);
});

t.test("50 parallel transactions bump to exactly 1..50", async (t) => {
  const db = await createTestDatabase("wg_db_ver", { poolSize: 20 });
  t.teardown(db.drop);
  const writers = Array.from({ length: 50 }, (_, i) =>
    db.prisma.$transaction(
      async (tx) => {
        // Each writer also changes data, as governance writes do, and commits it with its version.
        const version = await bumpVersion(tx);
        await tx.auditLog.create({
          data: { operatorID: `w${i}`, action: "test.bump", targetType: "word", after: { version } },
        });
        return version;
      },
      { maxWait: 30_000, timeout: 30_000 },
    ),
  );
  const versions = await Promise.all(writers);
  t.same([...versions].sort((a, b) => a - b), Array.from({ length: 50 }, (_, i) => i + 1), "distinct, no gaps");
  t.equal(await readVersion(db.prisma), 50, "final version");
  t.equal(await db.prisma.auditLog.count(), 50, "every writer committed");
});

t.test("a rolled-back writer leaves the version unchanged", async (t) => {
  const db = await createTestDatabase("wg_db_ver", { poolSize: 2 });
  t.teardown(db.drop);
  await t.rejects(
    db.prisma.$transaction(async (tx) => {
      t.equal(await bumpVersion(tx), 1, "visible inside the transaction");
      throw new Error("abort");
    }),
    /abort/,
  );
  t.equal(await readVersion(db.prisma), 0);
  t.equal(await db.prisma.$transaction((tx) => bumpVersion(tx)), 1, "the next writer gets 1, no gap");
});

t.test("the bump recreates a missing version row", async (t) => {
  const db = await createTestDatabase("wg_db_ver", { poolSize: 2 });
  t.teardown(db.drop);
  await db.prisma.dictVersion.deleteMany();
  t.equal(await readVersion(db.prisma), 0);
  t.equal(await db.prisma.$transaction((tx) => bumpVersion(tx)), 1);
  t.equal(await readVersion(db.prisma), 1);
});
