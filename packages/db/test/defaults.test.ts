// Default policies on first start: created once with the contract's values, idempotent, safe under racing replicas.
import t from "tap";
import { Policies, SCENES } from "@wordguard/contracts";
import { ensureDefaults, loadSnapshot, readVersion } from "../src/index.ts";
import { createTestDatabase } from "../src/testing.ts";

t.test("creates both scene policies with the contract defaults, then nothing", async (t) => {
  const db = await createTestDatabase("wg_db_def", { poolSize: 2 });
  t.teardown(db.drop);
  const first = await ensureDefaults(db.prisma);
  t.same([...first.created].sort(), [...SCENES].sort());
  t.equal(first.version, 1, "creating policies bumps the version so loaded snapshots refresh");
  const snapshot = await loadSnapshot(db.prisma);
  t.equal(snapshot.version, 1);
  t.equal(snapshot.policies.length, 2);
  for (const policy of snapshot.policies) {
    const { scene, updateBy, updateTime, version, ...settings } = policy;
    t.ok(SCENES.includes(scene));
    t.same(settings, Policies.DEFAULT_POLICY, `${scene}: contract defaults`);
    t.equal(version, 1);
    t.equal(updateBy, "system");
    t.ok(Math.abs(updateTime - Date.now()) < 60_000, "updateTime in ms");
  }
  const again = await ensureDefaults(db.prisma);
  t.same(again, { created: [], version: 1 }, "second call creates nothing and does not bump");
  t.equal(await readVersion(db.prisma), 1);
});

t.test("keeps an operator's policy and recreates only a missing one", async (t) => {
  const db = await createTestDatabase("wg_db_def", { poolSize: 2 });
  t.teardown(db.drop);
  await ensureDefaults(db.prisma);
  await db.prisma.scenePolicy.update({ where: { scene: "group" }, data: { action: "mask", minLevel: 3 } });
  await db.prisma.scenePolicy.delete({ where: { scene: "single" } });
  const out = await ensureDefaults(db.prisma);
  t.same(out, { created: ["single"], version: 2 });
  const group = await db.prisma.scenePolicy.findUniqueOrThrow({ where: { scene: "group" } });
  t.equal(group.action, "mask", "existing policy untouched");
  t.equal(group.minLevel, 3);
  const single = await db.prisma.scenePolicy.findUniqueOrThrow({ where: { scene: "single" } });
  t.equal(single.version, 2, "recreated policy carries the version that created it");
});

t.test("replicas starting at once create each policy exactly once", async (t) => {
  const db = await createTestDatabase("wg_db_def", { poolSize: 10 });
  t.teardown(db.drop);
  const results = await Promise.all(Array.from({ length: 8 }, () => ensureDefaults(db.prisma)));
  const created = results.flatMap((r) => r.created).sort();
  t.same(created, [...SCENES].sort(), "each scene created by exactly one caller");
  t.equal(await db.prisma.scenePolicy.count(), 2);
  t.equal(await readVersion(db.prisma), 1, "bumped once");
  t.ok(results.every((r) => r.version === 1), "every caller reports the committed version");
});
