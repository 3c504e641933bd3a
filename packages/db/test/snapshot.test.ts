// The snapshot loader: what it returns, and that a writer committing meanwhile never shows a mixed state.
import t from "tap";
import { bumpVersion, ensureDefaults, loadSnapshot } from "../src/index.ts";
import { createTestDatabase } from "../src/testing.ts";

t.test("returns enabled entries, the whitelist, the policies and the version, with string ids", async (t) => {
  const db = await createTestDatabase("wg_db_snap", { poolSize: 2 });
  t.teardown(db.drop);
  await ensureDefaults(db.prisma);
  const { prisma } = db;
  const [on] = await prisma.$transaction([
    prisma.sensitiveWord.create({
      data: { word: "赌博", normalized: "赌博", category: "fraud", level: 3, scenes: ["group"], createBy: "admin" },
    }),
    prisma.sensitiveWord.create({ data: { word: "Ass", normalized: "ass", matchType: "word" } }),
    prisma.sensitiveWord.create({ data: { word: "off", normalized: "off", enabled: false } }),
    prisma.whitelistEntry.create({ data: { word: "反赌博", normalized: "反赌博", scenes: ["single"] } }),
  ]);
  const snapshot = await loadSnapshot(prisma);
  t.equal(snapshot.version, 1);
  t.same(snapshot.entries.map((e) => e.word), ["赌博", "Ass"], "disabled entries are not loaded; ordered by id");
  t.same(snapshot.entries[0], {
    id: on.id.toString(),
    word: "赌博",
    matchType: "contains",
    level: 3,
    category: "fraud",
    scenes: ["group"],
    enabled: true,
  });
  t.same(snapshot.entries[1], {
    id: (on.id + 1n).toString(),
    word: "Ass",
    matchType: "word",
    level: 2,
    category: "custom",
    scenes: ["single", "group"],
    enabled: true,
  }, "schema defaults: level 2, category custom, both scenes");
  t.equal(typeof snapshot.whitelist[0]?.id, "string");
  t.same(snapshot.whitelist.map(({ id: _id, ...w }) => w), [{ word: "反赌博", scenes: ["single"] }]);
  t.same(snapshot.policies.map((p) => p.scene).sort(), ["group", "single"]);
});

t.test("any text survives the load: separators, quotes, backslashes, emoji; NULL and empty scene lists", async (t) => {
  const db = await createTestDatabase("wg_db_snap", { poolSize: 2 });
  t.teardown(db.drop);
  const odd = ["a\u001eb", "c\u001fd", 'q"uo\\te', "line\nbreak", "👨‍👩‍👧 fam", "comma,word", "bell\u0007tab\t"];
  for (const [i, word] of odd.entries()) {
    await db.prisma.sensitiveWord.create({ data: { word, normalized: `n${i}`, category: `cat,${word}` } });
  }
  await db.prisma.whitelistEntry.create({ data: { word: "w\u001e\u001f\"", normalized: "w1", scenes: [] } });
  await db.prisma.$executeRawUnsafe(`UPDATE "sensitive_word" SET "scenes" = NULL WHERE "normalized" = 'n0'`);
  const snapshot = await loadSnapshot(db.prisma);
  t.same(snapshot.entries.map((e) => e.word), odd);
  t.same(snapshot.entries.map((e) => e.category), odd.map((w) => `cat,${w}`));
  t.same(snapshot.entries[0]?.scenes, [], "a NULL scene list applies nowhere");
  t.same(snapshot.entries[1]?.scenes, ["single", "group"]);
  t.same(snapshot.whitelist.map(({ word, scenes }) => ({ word, scenes })), [{ word: "w\u001e\u001f\"", scenes: [] }]);
});

t.test("a normalize setting stored partially falls back to the contract defaults", async (t) => {
  const db = await createTestDatabase("wg_db_snap", { poolSize: 2 });
  t.teardown(db.drop);
  await ensureDefaults(db.prisma);
  await db.prisma.scenePolicy.update({ where: { scene: "single" }, data: { normalize: { leet: true, ignoreCase: "x" } } });
  const single = (await loadSnapshot(db.prisma)).policies.find((p) => p.scene === "single");
  t.equal(single?.normalize.leet, true, "stored switch kept");
  t.equal(single?.normalize.ignoreCase, true, "non-boolean: default");
  t.equal(single?.normalize.ignoreRepeat, false, "missing: default");
});

t.test("concurrent writer: every loaded snapshot matches its version exactly", async (t) => {
  const db = await createTestDatabase("wg_db_snap", { poolSize: 6 });
  t.teardown(db.drop);
  const { prisma } = db;
  const base = (await ensureDefaults(prisma)).version;
  // Write i adds entry i (disabled when i % 5 == 0), a whitelist entry when i % 3 == 0, touches the group policy when
  // i % 4 == 0, and bumps the version to base + i — all in one transaction, with pauses between the statements so
  // a loader's reads interleave with it.
  const WRITES = 120;
  const expectedEntries = (i: number) => i - Math.floor(i / 5);
  const expectedWhitelist = (i: number) => Math.floor(i / 3);
  let writing = true;
  const writer = (async () => {
    for (let i = 1; i <= WRITES; i++) {
      await prisma.$transaction(async (tx) => {
        await tx.sensitiveWord.create({ data: { word: `w${i}`, normalized: `w${i}`, enabled: i % 5 !== 0 } });
        await tx.$executeRaw`SELECT pg_sleep(0.001)`;
        if (i % 3 === 0) await tx.whitelistEntry.create({ data: { word: `ok${i}`, normalized: `ok${i}` } });
        const version = await bumpVersion(tx);
        if (i % 4 === 0) await tx.scenePolicy.update({ where: { scene: "group" }, data: { rejectMessage: `m${i}`, version } });
      });
    }
    writing = false;
  })();
  const seen = new Set<number>();
  let loads = 0;
  const mismatches: string[] = [];
  const loader = async () => {
    while (writing) {
      const s = await loadSnapshot(prisma);
      loads++;
      seen.add(s.version);
      const i = s.version - base;
      const group = s.policies.find((p) => p.scene === "group");
      const lastPolicyWrite = Math.floor(i / 4) * 4;
      const words = s.entries.map((e) => e.word);
      const expectedWords = Array.from({ length: i }, (_, k) => k + 1).filter((k) => k % 5 !== 0).map((k) => `w${k}`);
      if (
        s.entries.length !== expectedEntries(i) ||
        JSON.stringify(words) !== JSON.stringify(expectedWords) ||
        s.whitelist.length !== expectedWhitelist(i) ||
        (lastPolicyWrite > 0 && group?.rejectMessage !== `m${lastPolicyWrite}`) ||
        (group?.version ?? 0) > s.version
      ) {
        mismatches.push(`v${s.version}: ${s.entries.length} entries, ${s.whitelist.length} whitelist, ${group?.rejectMessage}`);
      }
    }
  };
  await Promise.all([writer, loader(), loader()]);
  t.same(mismatches, [], `no mixed snapshot in ${loads} loads`);
  t.ok(seen.size >= 5, `loads saw ${seen.size} distinct versions while the writer ran`);
  const final = await loadSnapshot(prisma);
  t.equal(final.version, base + WRITES);
  t.equal(final.entries.length, expectedEntries(WRITES));
  t.equal(final.whitelist.length, expectedWhitelist(WRITES));
});
