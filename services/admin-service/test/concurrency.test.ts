// Concurrent governance writes: the unique key decides duplicates, versions stay one per committed change.
import t from "tap";
import type { Policies, Words } from "@wordguard/contracts";
import { readVersion } from "@wordguard/db";
import { setup } from "./helper.ts";

const env = await setup(t);
const token = await env.adminToken(80);

t.test("20 concurrent adds of the same word leave exactly one row", async (t) => {
  const from = await env.mark();
  const version = await readVersion(env.db.prisma);
  const replies = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      env.post<Words.AddWordsReply>("/adminx/sensitive_word/add", { words: [{ word: i % 2 ? "RACE" : "race" }] }, token),
    ),
  );
  t.same(replies.map((r) => r.errCode), Array(20).fill(0), "no request failed");
  t.equal(replies.filter((r) => r.data.added.length === 1).length, 1, "one added it");
  t.equal(replies.filter((r) => r.data.duplicates.length === 1).length, 19, "19 were told it is a duplicate");
  t.equal(await env.db.prisma.sensitiveWord.count({ where: { normalized: "race" } }), 1);
  t.equal(await readVersion(env.db.prisma), version + 1, "one version bump");
  const events = await env.settleEvents(from);
  t.same(events.map((e) => e.version), [version + 1], "one event");
  t.equal(await env.db.prisma.auditLog.count({ where: { action: "sensitive_word.add" } }), 1);
});

t.test("overlapping batches in opposite orders all land exactly once", async (t) => {
  const words = Array.from({ length: 200 }, (_, i) => ({ word: `overlap${i}` }));
  const batches = Array.from({ length: 6 }, (_, i) => (i % 2 ? [...words].reverse() : words));
  const replies = await Promise.all(batches.map((batch) => env.post<Words.AddWordsReply>("/adminx/sensitive_word/add", { words: batch }, token)));
  t.same(replies.map((r) => r.errCode), Array(6).fill(0));
  t.equal(replies.reduce((n, r) => n + r.data.added.length, 0), 200, "each word added once across all batches");
  t.equal(replies.reduce((n, r) => n + r.data.duplicates.length, 0), 1000);
  t.equal(await env.db.prisma.sensitiveWord.count({ where: { word: { startsWith: "overlap" } } }), 200);
});

t.test("concurrent partial policy sets of one scene keep each other's fields", async (t) => {
  const replies = await Promise.all([
    env.post("/adminx/sensitive_word/policy/set", { scene: "single", rejectMessage: "no" }, token),
    env.post("/adminx/sensitive_word/policy/set", { scene: "single", revealWords: true }, token),
    env.post("/adminx/sensitive_word/policy/set", { scene: "single", minLevel: 3 }, token),
  ]);
  t.same(replies.map((r) => r.errCode), [0, 0, 0]);
  const policy = await env.post<Policies.GetPolicyReply>("/adminx/sensitive_word/policy/get", { scene: "single" }, token);
  t.match(policy.data.policies[0], { rejectMessage: "no", revealWords: true, minLevel: 3 });
});
