// The operator extensions: test a text against the committed dictionary, import (text, CSV, dry run), export,
// and the audit search.
import t from "tap";
import type { Audit, Words, WordTest, WordTransfer } from "@wordguard/contracts";
import { readVersion } from "@wordguard/db";
import { setup } from "./helper.ts";

const env = await setup(t);
const token = await env.adminToken(80);

async function test(body: Record<string, unknown>, operationID = "op-test") {
  const reply = await env.post<WordTest.TestTextReply>("/adminx/sensitive_word/test", body, token, { operationID });
  if (reply.errCode !== 0) throw new Error(`${reply.errCode} ${reply.errDlt}`);
  return reply.data;
}

t.test("test: the callback's decision, explained", async (t) => {
  const added = await env.post<Words.AddWordsReply>(
    "/adminx/sensitive_word/add",
    { words: [{ word: "赌博", category: "fraud" }, { word: "ass", matchType: "word", level: 1, category: "abuse" }, { word: "毒品", level: 3, category: "drugs" }] },
    token,
  );
  const [gamble, ass] = added.data.added;
  const wl = await env.post<{ added: Array<{ id: string }> }>("/adminx/sensitive_word/whitelist/add", { words: [{ word: "反赌博" }] }, token);

  const blocked = await test({ text: "一起去赌博吧", scene: "single" }, "op-42");
  t.match(blocked, { decision: "blocked", reason: "action block", action: "block", errMsg: "sensitive word detected", logged: true });
  t.equal(blocked.errDlt, "operationID=op-42; categories=fraud; level=2", "no words revealed by default");
  t.same(blocked.hits, [{ wordID: gamble?.id, word: "赌博", category: "fraud", level: 2, matchType: "contains", start: 3, end: 5, matched: "赌博", actionable: true }]);
  t.equal(blocked.dictVersion, await readVersion(env.db.prisma));

  const cancelled = await test({ text: "支持反赌博宣传", scene: "single" });
  t.match(cancelled, { decision: "allowed", reason: "every hit whitelisted", hits: [] });
  t.match(cancelled.cancelled, [{ wordID: gamble?.id, word: "赌博", start: 3, end: 5, whitelistID: wl.data.added[0]?.id, whitelistWord: "反赌博", whitelistStart: 2, whitelistEnd: 5 }]);

  const wide = await test({ text: "you ＡＳＳ!", scene: "single" });
  t.equal(wide.normalized.includes("ass"), true, `normalised text shown (${wide.normalized})`);
  t.match(wide.hits, [{ wordID: ass?.id, start: 4, end: 7, matched: "ＡＳＳ" }]);
  t.match(await test({ text: "first class", scene: "single" }), { decision: "allowed", reason: "no hits", hits: [] }, "word match: not inside a word");

  await env.post("/adminx/sensitive_word/policy/set", { scene: "single", minLevel: 2, revealWords: true, exemptUserIDs: ["vip"] }, token);
  t.match(await test({ text: "you ass", scene: "single" }), { decision: "logged", reason: "hits below minLevel 2", hits: [{ actionable: false }] });
  const revealed = await test({ text: "赌博和毒品", scene: "single" }, "op-9");
  t.equal(revealed.errDlt, "operationID=op-9; categories=fraud,drugs; level=3; words=赌博,毒品");
  t.match(await test({ text: "赌博", scene: "single", sendID: "vip" }), { decision: "allowed", reason: "sender exempt" });
  t.match(await test({ text: "赌博", scene: "single", contentType: 102 }), { decision: "allowed", reason: /content type 102/ });

  await env.post("/adminx/sensitive_word/policy/set", { scene: "group", action: "mask", maskChar: "#" }, token);
  const masked = await test({ text: "去赌博吗", scene: "group" });
  t.match(masked, { decision: "masked", maskedText: "去##吗", errMsg: "", errDlt: "" });
  await env.post("/adminx/sensitive_word/policy/set", { scene: "group", enabled: false }, token);
  t.match(await test({ text: "去赌博吗", scene: "group" }), { decision: "allowed", reason: "policy disabled" });

  const bad = await env.post("/adminx/sensitive_word/test", { text: "x" }, token);
  t.same([bad.errCode, bad.errDlt.split(": ")[0]], [1001, "scene"]);
  const long = await env.post("/adminx/sensitive_word/test", { text: "x".repeat(10_001), scene: "single" }, token);
  t.same([long.errCode, long.errDlt.split(": ")[0]], [1001, "text"]);
});

t.test("test follows committed changes", async (t) => {
  t.match(await test({ text: "a brand-new-term here", scene: "single" }), { decision: "allowed" });
  await env.post("/adminx/sensitive_word/add", { words: [{ word: "brand-new-term", level: 3 }] }, token);
  t.match(await test({ text: "a brand-new-term here", scene: "single" }), { decision: "blocked", hits: [{ word: "brand-new-term" }] });
});

t.test("import: text lines with a dry run first", async (t) => {
  const content = ["# comment", "import-one", "", "IMPORT-ONE", "import-two", "  ", "赌博", "!!!", "import-three"].join("\n");
  const from = await env.mark();
  const version = await readVersion(env.db.prisma);
  const count = await env.db.prisma.sensitiveWord.count();
  const dry = await env.post<WordTransfer.ImportWordsReply>("/adminx/sensitive_word/import", { content, dryRun: true, defaults: { category: "imported" } }, token);
  t.equal(dry.errCode, 0);
  t.match(dry.data, { dryRun: true, lines: 6, added: 3, duplicates: 2, invalid: 1, truncated: false, version });
  t.same(dry.data.problems, [
    { line: 4, word: "IMPORT-ONE", problem: "duplicate" },
    { line: 7, word: "赌博", problem: "duplicate" },
    { line: 8, word: "!!!", problem: dry.data.problems[2]?.problem },
  ]);
  t.match(dry.data.problems[2]?.problem, /normalises to nothing/);
  t.equal(await env.db.prisma.sensitiveWord.count(), count, "a dry run writes nothing");
  t.same(await env.settleEvents(from), [], "and announces nothing");

  const real = await env.post<WordTransfer.ImportWordsReply>("/adminx/sensitive_word/import", { content, defaults: { category: "imported", level: 3 } }, token);
  t.match(real.data, { dryRun: false, lines: 6, added: 3, duplicates: 2, invalid: 1, version: version + 1 });
  const rows = await env.db.prisma.sensitiveWord.findMany({ where: { category: "imported" }, orderBy: { id: "asc" } });
  t.same(rows.map((r) => [r.word, r.level]), [["import-one", 3], ["import-two", 3], ["import-three", 3]]);
  t.same((await env.settleEvents(from)).map((e) => e.version), [version + 1], "one event for the import");
  t.equal(await env.db.prisma.auditLog.count({ where: { action: "sensitive_word.import" } }), 3);
  const limited = await env.post<WordTransfer.ImportWordsReply>("/adminx/sensitive_word/import", { content, dryRun: true, reportLimit: 1 }, token);
  t.match(limited.data, { added: 0, duplicates: 5, invalid: 1, truncated: true });
  t.equal(limited.data.problems.length, 1);
});

t.test("import: CSV with header, quotes, per-line errors", async (t) => {
  const content = [
    "word,category,level,matchType,scenes,enabled,remark",
    'csv-one,fraud,high,word,group,false,"a remark, with comma"',
    '"csv ""two""",,1,,single|group,,',
    "csv-three,porn,9,,,,",
    "csv-four,,,regex,,,",
    "csv-five,,,,channel,,",
    "csv-six,,,,,maybe,",
    "csv-seven",
  ].join("\r\n");
  const reply = await env.post<WordTransfer.ImportWordsReply>("/adminx/sensitive_word/import", { format: "csv", content }, token);
  t.equal(reply.errCode, 0);
  t.match(reply.data, { lines: 7, added: 3, duplicates: 0, invalid: 4 });
  t.same(reply.data.problems.map((p) => [p.line, p.word]), [[4, "csv-three"], [5, "csv-four"], [6, "csv-five"], [7, "csv-six"]]);
  t.match(reply.data.problems[0]?.problem, /level "9"/);
  const one = await env.db.prisma.sensitiveWord.findFirstOrThrow({ where: { word: "csv-one" } });
  t.match(one, { category: "fraud", level: 3, matchType: "word", scenes: ["group"], enabled: false, remark: "a remark, with comma" });
  const two = await env.db.prisma.sensitiveWord.findFirstOrThrow({ where: { word: 'csv "two"' } });
  t.match(two, { category: "custom", level: 1, scenes: ["single", "group"], enabled: true });
  const bad = await env.post("/adminx/sensitive_word/import", { format: "xlsx", content: "a" }, token);
  t.same([bad.errCode, bad.errDlt.split(": ")[0]], [1001, "format"]);
});

t.test("export: CSV that imports back unchanged, and plain text", async (t) => {
  const csv = await env.post<WordTransfer.ExportWordsReply>("/adminx/sensitive_word/export", { category: "fraud" }, token);
  t.equal(csv.errCode, 0);
  t.equal(csv.data.format, "csv");
  const lines = csv.data.content.trimEnd().split("\n");
  t.equal(lines[0], "word,category,level,matchType,scenes,enabled,remark");
  t.equal(csv.data.count, lines.length - 1);
  t.ok(lines.includes('csv-one,fraud,3,word,group,false,"a remark, with comma"'));
  t.ok(lines.includes("赌博,fraud,2,contains,single|group,true,"), "oldest first, all columns");

  const fresh = await setup(t);
  const freshToken = await fresh.adminToken(80);
  const all = await env.post<WordTransfer.ExportWordsReply>("/adminx/sensitive_word/export", {}, token);
  const imported = await fresh.post<WordTransfer.ImportWordsReply>("/adminx/sensitive_word/import", { format: "csv", content: all.data.content }, freshToken);
  t.match(imported.data, { added: all.data.count, invalid: 0, duplicates: 0 });
  const again = await fresh.post<WordTransfer.ExportWordsReply>("/adminx/sensitive_word/export", {}, freshToken);
  t.equal(again.data.content, all.data.content, "round trip");

  const text = await env.post<WordTransfer.ExportWordsReply>("/adminx/sensitive_word/export", { format: "text", level: 3, category: "imported" }, token);
  t.equal(text.data.content, "import-one\nimport-two\nimport-three\n");
});

t.test("audit search", async (t) => {
  const operatorID = (await env.post<{ adminUserID: string }>("/adminx/account/info", {}, token)).data.adminUserID;
  const all = await env.post<{ total: number; audits: Audit.AuditEntry[] }>("/adminx/sensitive_word/audit/search", { operatorID, pagination: { pageNumber: 1, showNumber: 1000 } }, token);
  t.equal(all.errCode, 0);
  t.equal(all.data.total, await env.db.prisma.auditLog.count({ where: { operatorID } }));
  const times = all.data.audits.map((a) => a.createTime);
  t.same(times, [...times].sort((a, b) => b - a), "newest first");
  const policy = await env.post<{ total: number; audits: Audit.AuditEntry[] }>("/adminx/sensitive_word/audit/search", { targetType: "policy", targetID: "group", pagination: { pageNumber: 1, showNumber: 10 } }, token);
  t.equal(policy.data.total, 2);
  t.match(policy.data.audits[0], { action: "policy.set", targetType: "policy", targetID: "group", before: { enabled: true }, after: { enabled: false }, operatorID });
  const byOp = await env.post<{ total: number; audits: Audit.AuditEntry[] }>("/adminx/sensitive_word/audit/search", { operationID: "op-audit-x", pagination: { pageNumber: 1, showNumber: 10 } }, token);
  t.equal(byOp.data.total, 0);
  await env.post("/adminx/sensitive_word/add", { words: [{ word: "audited-word" }] }, token, { operationID: "op-audit-x" });
  const found = await env.post<{ total: number; audits: Audit.AuditEntry[] }>("/adminx/sensitive_word/audit/search", { operationID: "op-audit-x", action: "sensitive_word.add", pagination: { pageNumber: 1, showNumber: 10 } }, token);
  t.match(found.data, { total: 1, audits: [{ after: { word: "audited-word" }, operatorID }] });
  const bad = await env.post("/adminx/sensitive_word/audit/search", { targetType: "table", pagination: { pageNumber: 1, showNumber: 10 } }, token);
  t.same([bad.errCode, bad.errDlt.split(": ")[0]], [1001, "targetType"]);
});

t.test("export and attribute search refuse bad filters", async (t) => {
  const badExport = await env.post("/adminx/sensitive_word/export", { format: "xml" }, token);
  t.same([badExport.errCode, badExport.errDlt.split(": ")[0]], [1001, "format"]);
  const badLevel = await env.post("/adminx/sensitive_word/export", { level: "high" }, token);
  t.same([badLevel.errCode, badLevel.errDlt.split(": ")[0]], [1001, "level"]);
  const badSearch = await env.post("/adminx/user/attribute/search", { userIDs: "u1", pagination: { pageNumber: 1, showNumber: 10 } }, token);
  t.same([badSearch.errCode, badSearch.errDlt.split(": ")[0]], [1001, "userIDs"]);
  const noToken = await env.post("/adminx/sensitive_word/export", {});
  t.equal(noToken.errCode, 1507);
});
