// Friend permission (CONTRACT.md §2.5): upsert up to 10,000 a call, search, audit; no dictionary version.
import t from "tap";
import type { UserAttributes } from "@wordguard/contracts";
import { readVersion } from "@wordguard/db";
import { setup } from "./helper.ts";

const env = await setup(t);
const token = await env.adminToken(80);
type SearchReply = { total: number; attributes: UserAttributes.UserAttribute[] };

t.test("set upserts, the last entry for a user wins, audit rows carry before/after", async (t) => {
  const version = await readVersion(env.db.prisma);
  const first = await env.post<{ updated: number }>("/adminx/user/attribute/set", { attributes: [{ userID: "u1", allowAddFriend: 1 }, { userID: "u2", allowAddFriend: -1 }] }, token);
  t.same([first.errCode, first.data.updated], [0, 2]);
  const second = await env.post<{ updated: number }>(
    "/adminx/user/attribute/set",
    { attributes: [{ userID: "u1", allowAddFriend: 1 }, { userID: "u1", allowAddFriend: -1 }, { userID: "u3", allowAddFriend: 1 }] },
    token,
  );
  t.same([second.errCode, second.data.updated], [0, 2]);
  const rows = await env.db.prisma.userAttribute.findMany({ orderBy: { userID: "asc" } });
  t.same(rows.map((r) => [r.userID, r.allowAddFriend]), [["u1", -1], ["u2", -1], ["u3", 1]]);
  const audits = await env.db.prisma.auditLog.findMany({ where: { targetType: "userAttribute", targetID: "u1" }, orderBy: { id: "asc" } });
  t.equal(audits.length, 2);
  t.same(audits[0]?.before, null);
  t.match(audits[1], { before: { allowAddFriend: 1 }, after: { allowAddFriend: -1 } });
  t.equal(await readVersion(env.db.prisma), version, "not part of the dictionary snapshot");
});

t.test("search by ids and value, paged, most recent first", async (t) => {
  const all = await env.post<SearchReply>("/adminx/user/attribute/search", { pagination: { pageNumber: 1, showNumber: 10 } }, token);
  t.equal(all.data.total, 3);
  t.same(all.data.attributes.slice(0, 2).map((a) => a.userID).sort(), ["u1", "u3"], "the latest call's users first");
  const refused = await env.post<SearchReply>("/adminx/user/attribute/search", { allowAddFriend: -1, pagination: { pageNumber: 1, showNumber: 10 } }, token);
  t.same(refused.data.attributes.map((a) => a.userID).sort(), ["u1", "u2"]);
  const byId = await env.post<SearchReply>("/adminx/user/attribute/search", { userIDs: ["u2", "nobody"], pagination: { pageNumber: 1, showNumber: 10 } }, token);
  t.same([byId.data.total, byId.data.attributes[0]], [1, { userID: "u2", allowAddFriend: -1, updateTime: byId.data.attributes[0]?.updateTime }]);
  const page = await env.post<SearchReply>("/adminx/user/attribute/search", { pagination: { pageNumber: 3, showNumber: 1 } }, token);
  t.same([page.data.total, page.data.attributes.length], [3, 1]);
});

t.test("bad input", async (t) => {
  for (const [body, path] of [
    [{ attributes: [{ userID: "u1", allowAddFriend: 0 }] }, "attributes[0].allowAddFriend"],
    [{ attributes: [{ userID: "", allowAddFriend: 1 }] }, "attributes[0].userID"],
    [{ attributes: [] }, "attributes"],
    [{ attributes: Array.from({ length: 10_001 }, (_, i) => ({ userID: `u${i}`, allowAddFriend: 1 })) }, "attributes"],
  ] as const) {
    const reply = await env.post("/adminx/user/attribute/set", body, token);
    t.same([reply.errCode, reply.errDlt.split(": ")[0]], [1001, path]);
  }
  t.equal(await env.db.prisma.userAttribute.count(), 3, "nothing written");
  const full = await env.post<{ updated: number }>("/adminx/user/attribute/set", { attributes: Array.from({ length: 10_000 }, (_, i) => ({ userID: `bulk${i}`, allowAddFriend: 1 })) }, token);
  t.same([full.errCode, full.data.updated], [0, 10_000], "10,000 in one call");
});
