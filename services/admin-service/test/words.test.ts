// The dictionary endpoints (CONTRACT.md §2.3): add with per-entry reports on the normalised form, batch limits,
// search with every filter, delete, update; the version event after each committed change and audit rows.
import t from "tap";
import type { Words } from "@wordguard/contracts";
import { readVersion } from "@wordguard/db";
import { setup } from "./helper.ts";

const env = await setup(t);
const token = await env.adminToken(80);
type AddReply = Words.AddWordsReply;

async function add(words: unknown[]) {
  return env.post<AddReply>("/adminx/sensitive_word/add", { words }, token);
}
async function search(filter: Record<string, unknown>, pageNumber = 1, showNumber = 100) {
  const reply = await env.post<Words.SearchWordsReply>("/adminx/sensitive_word/search", { ...filter, pagination: { pageNumber, showNumber } }, token);
  if (reply.errCode !== 0) throw new Error(reply.errDlt);
  return reply.data;
}

t.test("add: defaults, per-entry invalid and duplicates on the normalised form, the rest lands", async (t) => {
  const from = await env.mark();
  const before = await readVersion(env.db.prisma);
  const reply = await add([
    { word: "  赌博  " },
    { word: "fuck", category: "abuse", level: 3, matchType: "word", scenes: ["group"], enabled: false, remark: "english" },
    { word: "ＦＵＣＫ", matchType: "word" }, // width + case fold to the same key: a repeat inside the batch
    { word: "f.u.c.k", matchType: "contains" }, // same key, other match type: a different rule
    { word: "   " },
    { word: "x".repeat(65) },
    { word: "✓✓✓" },
    { word: "长".repeat(64) },
  ]);
  t.equal(reply.errCode, 0);
  t.same(reply.data.added.map((e) => e.word), ["赌博", "fuck", "f.u.c.k", "长".repeat(64)]);
  const [gamble, fuck] = reply.data.added;
  t.match(gamble, { category: "custom", level: 2, matchType: "contains", scenes: ["single", "group"], enabled: true, remark: "", id: /^\d+$/ });
  t.match(fuck, { category: "abuse", level: 3, matchType: "word", scenes: ["group"], enabled: false, remark: "english" });
  t.equal(gamble?.createBy, (await env.post<{ adminUserID: string }>("/adminx/account/info", {}, token)).data.adminUserID);
  t.ok(typeof gamble?.createTime === "number" && gamble.createTime > Date.now() - 60_000, "times in ms");
  t.same(reply.data.duplicates, ["ＦＵＣＫ"]);
  t.same(reply.data.invalid.map((i) => i.word), ["   ", "x".repeat(65), "✓✓✓"]);
  t.match(reply.data.invalid.map((i) => i.reason), [/empty/, /longer than 64/, /normalises to nothing/]);

  const again = await add([{ word: "赌 博" }, { word: "FUCK", matchType: "word" }, { word: "new-one" }]);
  t.same(again.data.duplicates, ["赌 博", "FUCK"], "duplicates of existing entries on the normalised form");
  t.same(again.data.added.map((e) => e.word), ["new-one"]);

  const events = await env.settleEvents(from);
  t.same(events.map((e) => [e.version, e.kind]), [[before + 1, "word"], [before + 2, "word"]], "one event per committed change");
  t.equal(await readVersion(env.db.prisma), before + 2);
  const stored = await env.db.prisma.sensitiveWord.findFirstOrThrow({ where: { word: "赌博" } });
  t.equal(stored.normalized, "赌博");
  t.equal((await env.db.prisma.sensitiveWord.findFirstOrThrow({ where: { word: "fuck" } })).normalized, "fuck");
  const audits = await env.db.prisma.auditLog.findMany({ where: { action: "sensitive_word.add" } });
  t.equal(audits.length, 5, "an audit row per added entry");
  const audit = audits.find((a) => a.targetID === gamble?.id);
  t.match(audit, { operatorID: gamble?.createBy, targetType: "word", before: null });
  t.match(audit?.after, { word: "赌博", id: gamble?.id });
  t.ok(audit?.operationID, "with the operationID");
});

t.test("a batch with nothing new changes nothing and announces nothing", async (t) => {
  const from = await env.mark();
  const version = await readVersion(env.db.prisma);
  const reply = await add([{ word: "赌博" }, { word: "" }]);
  t.same([reply.data.added.length, reply.data.duplicates, reply.data.invalid.length], [0, ["赌博"], 1]);
  t.same(await env.settleEvents(from), []);
  t.equal(await readVersion(env.db.prisma), version);
});

t.test("a request of the wrong shape is refused whole: 1001 with the field path, nothing written, no event", async (t) => {
  const from = await env.mark();
  const count = await env.db.prisma.sensitiveWord.count();
  const version = await readVersion(env.db.prisma);
  const cases: Array<[unknown, string]> = [
    [{ words: "fuck" }, "words"],
    [{}, "words"],
    [{ words: [] }, "words"],
    [{ words: [{ word: "ok1" }, { word: "ok2", level: "high" }] }, "words[1].level"],
    [{ words: [{ word: "ok1", scenes: ["both"] }] }, "words[0].scenes[0]"],
    [{ words: [{ word: "ok1", scenes: [] }] }, "words[0].scenes"],
    [{ words: [{ word: "ok1", matchType: "regex" }] }, "words[0].matchType"],
    [{ words: [{ word: "ok1", enabled: "yes" }] }, "words[0].enabled"],
    [{ words: [{ word: "ok1", category: "c".repeat(33) }] }, "words[0].category"],
    [{ words: [{ category: "x" }] }, "words[0].word"],
    [{ words: Array.from({ length: 10_001 }, (_, i) => ({ word: `w${i}` })) }, "words"],
  ];
  for (const [body, path] of cases) {
    const reply = await env.post("/adminx/sensitive_word/add", body, token);
    t.same([reply.errCode, reply.errMsg], [1001, "ArgsError"], path);
    t.equal(reply.errDlt.split(": ")[0], path, `errDlt names ${path}`);
  }
  t.equal(await env.db.prisma.sensitiveWord.count(), count, "no row written");
  t.equal(await readVersion(env.db.prisma), version);
  t.same(await env.settleEvents(from), []);
});

t.test("10,000 entries in one call", async (t) => {
  const from = await env.mark();
  const words = Array.from({ length: 10_000 }, (_, i) => ({ word: `bulk${i}`, category: "ads" }));
  const reply = await add(words);
  t.equal(reply.errCode, 0);
  t.equal(reply.data.added.length, 10_000);
  t.equal(reply.data.added[9_999]?.word, "bulk9999", "input order");
  t.equal((await env.settleEvents(from)).length, 1, "one event for the whole batch");
  t.equal(await env.db.prisma.auditLog.count({ where: { action: "sensitive_word.add", after: { path: ["category"], equals: "ads" } } }), 10_000);
  const deleted = await env.db.prisma.sensitiveWord.deleteMany({ where: { category: "ads" } });
  t.equal(deleted.count, 10_000);
});

t.test("search: every filter, newest first, totals and pages", async (t) => {
  await add([
    { word: "alpha", category: "fraud", level: 1, scenes: ["single"], remark: "first of search set" },
    { word: "beta", category: "fraud", level: 3, scenes: ["group"], matchType: "word" },
    { word: "gamma", category: "porn", level: 3, enabled: false, remark: "100% off" },
  ]);
  const delta = await add([{ word: "delta_x", category: "fraud" }]);
  const all = await search({});
  t.equal(all.total, all.words.length);
  t.equal(all.words[0]?.word, "delta_x", "newest first");
  t.same(all.words.slice(1, 4).map((w) => w.word), ["gamma", "beta", "alpha"], "same batch: higher id first");

  t.same((await search({ category: "fraud" })).words.map((w) => w.word), ["delta_x", "beta", "alpha"]);
  t.same((await search({ category: "fraud", level: 3 })).words.map((w) => w.word), ["beta"]);
  t.same((await search({ matchType: "word", category: "fraud" })).words.map((w) => w.word), ["beta"]);
  t.same((await search({ enabled: false, category: "porn" })).words.map((w) => w.word), ["gamma"]);
  const group = (await search({ scene: "group", category: "fraud" })).words.map((w) => w.word);
  t.same(group, ["delta_x", "beta"], "scene includes entries for both scenes, not single-only ones");
  t.same((await search({ scene: "single", category: "fraud" })).words.map((w) => w.word), ["delta_x", "alpha"]);
  t.same((await search({ keyword: "ETA" })).words.map((w) => w.word), ["beta"], "substring, case-insensitive");
  t.same((await search({ keyword: "search set" })).words.map((w) => w.word), ["alpha"], "matches the remark too");
  t.same((await search({ keyword: "100%" })).words.map((w) => w.word), ["gamma"], "% is literal");
  t.same((await search({ keyword: "a_x" })).words.map((w) => w.word), ["delta_x"], "_ is literal");
  t.same((await search({ keyword: "_" })).words.map((w) => w.word), ["delta_x"]);
  t.equal((await search({ keyword: "zzz-none" })).total, 0);

  const page1 = await search({ category: "fraud" }, 1, 2);
  const page2 = await search({ category: "fraud" }, 2, 2);
  t.same([page1.total, page2.total], [3, 3]);
  t.same([...page1.words, ...page2.words].map((w) => w.word), ["delta_x", "beta", "alpha"]);
  t.same((await search({ category: "fraud" }, 5, 2)).words, [], "past the end: empty page, same total");
  t.equal(delta.data.added.length, 1);

  for (const [pageNumber, showNumber, path] of [
    [0, 10, "pagination.pageNumber"],
    [1, 0, "pagination.showNumber"],
    [1, 1001, "pagination.showNumber"],
    [1.5, 10, "pagination.pageNumber"],
  ] as const) {
    const reply = await env.post("/adminx/sensitive_word/search", { pagination: { pageNumber, showNumber } }, token);
    t.same([reply.errCode, reply.errDlt.split(": ")[0]], [1001, path]);
  }
  const badLevel = await env.post("/adminx/sensitive_word/search", { level: 4, pagination: { pageNumber: 1, showNumber: 1 } }, token);
  t.same([badLevel.errCode, badLevel.errDlt.split(": ")[0]], [1001, "level"]);
});

t.test("del: by id, unknown ids skipped, bad ids refused", async (t) => {
  const added = await add([{ word: "to-delete-1" }, { word: "to-delete-2" }]);
  const ids = added.data.added.map((e) => e.id);
  const from = await env.mark();
  const reply = await env.post<{ deleted: number }>("/adminx/sensitive_word/del", { ids: [...ids, "999999999"] }, token);
  t.same([reply.errCode, reply.data.deleted], [0, 2]);
  const events = await env.settleEvents(from);
  t.equal(events.length, 1);
  t.equal(events[0]?.version, await readVersion(env.db.prisma));
  const audits = await env.db.prisma.auditLog.findMany({ where: { action: "sensitive_word.del", targetID: { in: ids } } });
  t.equal(audits.length, 2);
  t.match(audits[0]?.before, { word: /^to-delete-/ });

  const unknown = await env.post<{ deleted: number }>("/adminx/sensitive_word/del", { ids: ["999999998"] }, token);
  t.same([unknown.errCode, unknown.data.deleted], [0, 0]);
  t.same(await env.settleEvents(from + 1), [], "nothing deleted, nothing announced");
  const bad = await env.post("/adminx/sensitive_word/del", { ids: ["12", "abc"] }, token);
  t.same([bad.errCode, bad.errDlt], [1001, "ids[1]: not a valid id"]);
  const huge = await env.post("/adminx/sensitive_word/del", { ids: ["99999999999999999999"] }, token);
  t.equal(huge.errCode, 1001);
  const empty = await env.post("/adminx/sensitive_word/del", { ids: [] }, token);
  t.same([empty.errCode, empty.errDlt.split(": ")[0]], [1001, "ids"]);
});

t.test("update: one entry, with its audit before/after and an event", async (t) => {
  const [entry, other] = (await add([{ word: "editme" }, { word: "taken" }])).data.added;
  const from = await env.mark();
  const reply = await env.post<Words.UpdateWordReply>("/adminx/sensitive_word/update", { id: entry?.id, level: 3, scenes: ["single"], remark: "edited" }, token);
  t.equal(reply.errCode, 0);
  t.match(reply.data.word, { id: entry?.id, word: "editme", level: 3, scenes: ["single"], remark: "edited", category: "custom" });
  t.ok((reply.data.word.updateTime ?? 0) >= (entry?.updateTime ?? 0));
  const renamed = await env.post<Words.UpdateWordReply>("/adminx/sensitive_word/update", { id: entry?.id, word: " Edited-Word " }, token);
  t.equal(renamed.data.word.word, "Edited-Word");
  t.equal((await env.db.prisma.sensitiveWord.findUniqueOrThrow({ where: { id: BigInt(entry?.id ?? 0) } })).normalized, "editedword");
  t.equal((await env.settleEvents(from)).length, 2);
  const audit = await env.db.prisma.auditLog.findFirstOrThrow({ where: { action: "sensitive_word.update", targetID: entry?.id }, orderBy: { id: "asc" } });
  t.match(audit.before, { level: 2, remark: "" });
  t.match(audit.after, { level: 3, remark: "edited" });

  const dup = await env.post("/adminx/sensitive_word/update", { id: entry?.id, word: "TAKEN" }, token);
  t.same([dup.errCode, dup.errMsg], [1003, "DuplicateKeyError"]);
  const unknown = await env.post("/adminx/sensitive_word/update", { id: "987654321", level: 1 }, token);
  t.same([unknown.errCode, unknown.errMsg], [1004, "RecordNotFoundError"]);
  const invalid = await env.post("/adminx/sensitive_word/update", { id: entry?.id, word: "  " }, token);
  t.same([invalid.errCode, invalid.errDlt.split(":")[0]], [1001, "word"]);
  const missingId = await env.post("/adminx/sensitive_word/update", { level: 1 }, token);
  t.same([missingId.errCode, missingId.errDlt.split(":")[0]], [1001, "id"]);
  t.same(await env.settleEvents(from + 2), [], "rejected updates announce nothing");
  t.equal((await env.db.prisma.sensitiveWord.findUniqueOrThrow({ where: { id: BigInt(other?.id ?? 0) } })).word, "taken");
});
