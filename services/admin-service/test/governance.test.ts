// Whitelist and scene policies (CONTRACT.md §2.3): their changes commit with a version bump, an audit row and an
// event, like dictionary changes.
import t from "tap";
import type { Policies, Whitelist } from "@wordguard/contracts";
import { readVersion } from "@wordguard/db";
import { setup } from "./helper.ts";

const env = await setup(t);
const token = await env.adminToken(80);

t.test("whitelist add: per-entry invalid and duplicates on the normalised form", async (t) => {
  const from = await env.mark();
  const reply = await env.post<Whitelist.AddWhitelistReply>(
    "/adminx/sensitive_word/whitelist/add",
    { words: [{ word: "反赌博", remark: "anti-gambling" }, { word: "Classic", scenes: ["group"] }, { word: "ＣＬＡＳＳＩＣ" }, { word: "" }, { word: "@@@" }] },
    token,
  );
  t.equal(reply.errCode, 0);
  t.same(reply.data.added.map((w) => w.word), ["反赌博", "Classic"]);
  t.match(reply.data.added[0], { id: /^\d+$/, scenes: ["single", "group"], remark: "anti-gambling", createBy: String, createTime: Number });
  t.same(reply.data.added[1]?.scenes, ["group"]);
  t.same(reply.data.duplicates, ["ＣＬＡＳＳＩＣ"]);
  t.same(reply.data.invalid.map((i) => i.word), ["", "@@@"]);
  const again = await env.post<Whitelist.AddWhitelistReply>("/adminx/sensitive_word/whitelist/add", { words: [{ word: "classic" }] }, token);
  t.same([again.data.added.length, again.data.duplicates], [0, ["classic"]]);
  const events = await env.settleEvents(from);
  t.same(events.map((e) => e.kind), ["whitelist"], "one event; the all-duplicate call announced nothing");
  t.equal(events[0]?.version, await readVersion(env.db.prisma));
  t.equal(await env.db.prisma.auditLog.count({ where: { action: "whitelist.add" } }), 2);
  const wrong = await env.post("/adminx/sensitive_word/whitelist/add", { words: [{ word: "x", scenes: ["all"] }] }, token);
  t.same([wrong.errCode, wrong.errDlt.split(": ")[0]], [1001, "words[0].scenes[0]"]);
  const tooMany = await env.post("/adminx/sensitive_word/whitelist/add", { words: Array.from({ length: 10_001 }, () => ({ word: "w" })) }, token);
  t.same([tooMany.errCode, tooMany.errDlt.split(": ")[0]], [1001, "words"]);
});

t.test("whitelist search and del", async (t) => {
  const all = await env.post<Whitelist.SearchWhitelistReply>("/adminx/sensitive_word/whitelist/search", { pagination: { pageNumber: 1, showNumber: 10 } }, token);
  t.same([all.data.total, all.data.whitelist.map((w) => w.word)], [2, ["Classic", "反赌博"]], "newest first");
  const single = await env.post<Whitelist.SearchWhitelistReply>("/adminx/sensitive_word/whitelist/search", { scene: "single", pagination: { pageNumber: 1, showNumber: 10 } }, token);
  t.same(single.data.whitelist.map((w) => w.word), ["反赌博"], "group-only entry excluded from single");
  const keyword = await env.post<Whitelist.SearchWhitelistReply>("/adminx/sensitive_word/whitelist/search", { keyword: "GAMBLING", pagination: { pageNumber: 1, showNumber: 10 } }, token);
  t.same(keyword.data.whitelist.map((w) => w.word), ["反赌博"]);
  const paged = await env.post<Whitelist.SearchWhitelistReply>("/adminx/sensitive_word/whitelist/search", { pagination: { pageNumber: 2, showNumber: 1 } }, token);
  t.same([paged.data.total, paged.data.whitelist.map((w) => w.word)], [2, ["反赌博"]]);
  const badPage = await env.post("/adminx/sensitive_word/whitelist/search", { pagination: { pageNumber: 1, showNumber: 5000 } }, token);
  t.same([badPage.errCode, badPage.errDlt.split(": ")[0]], [1001, "pagination.showNumber"]);

  const from = await env.mark();
  const id = all.data.whitelist[0]?.id as string;
  const del = await env.post<{ deleted: number }>("/adminx/sensitive_word/whitelist/del", { ids: [id, "424242"] }, token);
  t.same([del.errCode, del.data.deleted], [0, 1]);
  const unknown = await env.post<{ deleted: number }>("/adminx/sensitive_word/whitelist/del", { ids: ["424242"] }, token);
  t.equal(unknown.data.deleted, 0);
  t.same((await env.settleEvents(from)).map((e) => e.kind), ["whitelist"]);
  t.match(await env.db.prisma.auditLog.findFirst({ where: { action: "whitelist.del", targetID: id } }), { before: { word: "Classic" } });
  t.equal((await env.post("/adminx/sensitive_word/whitelist/del", { ids: ["x1"] }, token)).errDlt, "ids[0]: not a valid id");
});

t.test("policies exist with the contract's defaults from the first start", async (t) => {
  const reply = await env.post<Policies.GetPolicyReply>("/adminx/sensitive_word/policy/get", {}, token);
  t.same(reply.data.policies.map((p) => p.scene), ["single", "group"]);
  t.match(reply.data.policies[0], {
    enabled: true,
    action: "block",
    minLevel: 1,
    contentTypes: [101, 106, 114, 117, 118],
    normalize: { ignoreCase: true, ignoreWidth: true, ignoreSymbols: true, traditionalToSimplified: true, confusables: true, ignoreRepeat: false, leet: false },
    rejectMessage: "sensitive word detected",
    revealWords: false,
    logHits: true,
    maskChar: "*",
    exemptUserIDs: [],
    exemptGroupIDs: [],
  });
  const one = await env.post<Policies.GetPolicyReply>("/adminx/sensitive_word/policy/get", { scene: "group" }, token);
  t.same(one.data.policies.map((p) => p.scene), ["group"]);
  t.equal((await env.post("/adminx/sensitive_word/policy/get", { scene: "channel" }, token)).errDlt.split(": ")[0], "scene");
});

t.test("policy set: only the given fields change; version, audit and event", async (t) => {
  const from = await env.mark();
  const reply = await env.post<Policies.SetPolicyReply>(
    "/adminx/sensitive_word/policy/set",
    { scene: "group", action: "mask", minLevel: 2, maskChar: "🙈", normalize: { leet: true }, exemptGroupIDs: ["g1"] },
    token,
  );
  t.equal(reply.errCode, 0);
  const version = await readVersion(env.db.prisma);
  t.match(reply.data.policy, { scene: "group", action: "mask", minLevel: 2, maskChar: "🙈", exemptGroupIDs: ["g1"], enabled: true, version });
  t.match(reply.data.policy.normalize, { leet: true, ignoreCase: true, ignoreRepeat: false }, "other switches kept");
  t.ok(reply.data.policy.updateBy.length > 0);
  const second = await env.post<Policies.SetPolicyReply>("/adminx/sensitive_word/policy/set", { scene: "group", enabled: false }, token);
  t.match(second.data.policy, { enabled: false, action: "mask", maskChar: "🙈", normalize: { leet: true } });
  const events = await env.settleEvents(from);
  t.same(events.map((e) => [e.version, e.kind]), [[version, "policy"], [version + 1, "policy"]]);
  const single = await env.post<Policies.GetPolicyReply>("/adminx/sensitive_word/policy/get", { scene: "single" }, token);
  t.equal(single.data.policies[0]?.action, "block", "the other scene is untouched");
  const audits = await env.db.prisma.auditLog.findMany({ where: { action: "policy.set" }, orderBy: { id: "asc" } });
  t.equal(audits.length, 2);
  t.match(audits[0], { targetType: "policy", targetID: "group", before: { action: "block" }, after: { action: "mask" } });

  const mark = await env.mark();
  for (const [body, path] of [
    [{ scene: "group", maskChar: "**" }, "maskChar"],
    [{ scene: "group", maskChar: "" }, "maskChar"],
    [{ scene: "group", action: "drop" }, "action"],
    [{ scene: "group", minLevel: 0 }, "minLevel"],
    [{ scene: "group", normalize: { leet: "yes" } }, "normalize.leet"],
    [{ action: "log" }, "scene"],
    [{ scene: "group", contentTypes: [101, 101] }, "contentTypes"],
  ] as const) {
    const bad = await env.post("/adminx/sensitive_word/policy/set", body, token);
    t.same([bad.errCode, bad.errDlt.split(": ")[0]], [1001, path]);
  }
  t.same(await env.settleEvents(mark), [], "rejected sets announce nothing");
  t.equal(await readVersion(env.db.prisma), version + 1);
});

t.test("a failed publish never fails the request", async (t) => {
  const broken = await setup(t);
  const adminToken = await broken.adminToken(80);
  await broken.bus.close(); // the publisher connection is gone: publish resolves false
  const reply = await broken.post("/adminx/sensitive_word/add", { words: [{ word: "still-lands" }] }, adminToken);
  t.equal(reply.errCode, 0);
  t.equal(await broken.db.prisma.sensitiveWord.count({ where: { word: "still-lands" } }), 1);
  t.equal(await readVersion(broken.db.prisma), 2, "the version moved: replicas catch up by polling");
});
