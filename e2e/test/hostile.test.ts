// Hostile input against the running system. Admin: malformed payloads for every write route, bad tokens and a
// lower-level admin on super-admin routes — every reply in the envelope, never a 500, and no rejected write changes
// a row of the database (fingerprints of every table before and after) or publishes a change event. Callback:
// 10,500 generated malformed requests (seeded; case i is `callbackCase(SEED, i)`) — every reply in the callback
// shape with the answer the contract requires, no process crash.
import t from "tap";
import { writeFileSync } from "node:fs";
import { Redis } from "ioredis";
import { Accounts, channelName, CHANNELS, COMMANDS, ERRORS } from "@wordguard/contracts";
import {
  adminCases,
  callbackCase,
  callbackRequest,
  checkCallbackReply,
  Fingerprinter,
  fingerprintDiff,
  judgeCallbackCase,
  keepAliveAgent,
  runLoad,
  sample,
  send,
  signToken,
  startStack,
  summarize,
  describeSummary,
  toRawRequest,
  type AdminCase,
  type CallbackCase,
  type Fingerprint,
  type LoadRecord,
  AdminClient,
} from "../src/index.ts";

const SEED = 20261122;
const CALLBACK_CASES = 10_500;

const stack = await startStack({ label: "hostile" });
t.teardown(async () => {
  const kept = await stack.close(!t.passing());
  if (kept) t.comment(`logs kept in ${kept}`);
});
t.comment(`stack started: ${JSON.stringify(stack.timings)}`);
const admin = stack.adminClient;
const fingerprints = new Fingerprinter(stack.db.url);
t.teardown(() => fingerprints.close());

// Change events published on our Redis: a rejected write must not announce anything.
const events: string[] = [];
const subscriber = new Redis(stack.redis.url);
await subscriber.subscribe(channelName("wg_e2e:", CHANNELS.dictionaryChanged));
subscriber.on("message", (_channel: string, message: string) => events.push(message));
t.teardown(() => subscriber.disconnect());

const word = await admin.addWords([{ word: "hostileseed", category: "ads" }]);
const whitelist = await admin.addWhitelist([{ word: "hostileseedok" }]);
const self = await admin.call("/adminx/account/info", {}, Accounts.AdminInfoSchema);
const context = { wordId: word.added[0]!.id, whitelistId: whitelist.added[0]!.id, adminUserID: self.adminUserID };

/** Sends one admin case; returns a problem or undefined; keeps `baseline` current. */
async function runAdminCase(c: AdminCase, client: AdminClient, baseline: { fp: Fingerprint }, options: { token?: string | null } = {}): Promise<{ problem?: string; accepted: boolean }> {
  const body = "json" in c.body ? JSON.stringify(c.body.json) : c.body.raw;
  const reply = await client.raw(c.route, body, { rawBody: true, ...(options.token !== undefined ? { token: options.token } : {}) });
  const label = `${c.route} [${c.label.slice(0, 80)}]`;
  if (!reply.envelope) return { problem: `${label}: not in the envelope shape: ${reply.problem}`, accepted: false };
  const { errCode, errMsg, errDlt } = reply.envelope;
  const after = await fingerprints.take();
  const accepted = errCode === 0;
  if (accepted) {
    baseline.fp = after;
  } else {
    const diff = fingerprintDiff(baseline.fp, after);
    if (diff.length > 0) {
      baseline.fp = after;
      return { problem: `${label}: refused with ${errCode} ${errMsg} but changed the database: ${diff.join("; ")}`, accepted };
    }
  }
  if (errCode === ERRORS.ServerInternalError.code) return { problem: `${label}: 500 ServerInternalError on bad input (${errDlt.slice(0, 100)})`, accepted };
  const expect = c.expect;
  if (expect.kind === "code" && errCode !== expect.errCode) {
    return { problem: `${label}: expected ${expect.errCode}, got ${errCode} ${errMsg} ${errDlt.slice(0, 100)}`, accepted };
  }
  if (expect.kind === "refused" && accepted) return { problem: `${label}: expected a refusal, was accepted`, accepted };
  return { accepted };
}

t.test("malformed admin payloads on every write route: refused in the envelope, nothing changes", async (t) => {
  const cases = adminCases(SEED, context);
  const baseline = { fp: await fingerprints.take() };
  const versionBefore = await stack.databaseVersion();
  const eventsBefore = events.length;
  const problems: string[] = [];
  let accepted = 0;
  const perRoute = new Map<string, number>();
  for (const c of cases) {
    const result = await runAdminCase(c, admin, baseline);
    perRoute.set(c.route, (perRoute.get(c.route) ?? 0) + 1);
    if (result.accepted) accepted += 1;
    if (result.problem) problems.push(result.problem);
  }
  t.comment(`${cases.length} payloads: ${[...perRoute].map(([route, n]) => `${route.replace("/adminx/", "")} ${n}`).join(", ")}; accepted ${accepted}`);
  t.same(problems, [], `every malformed payload refused as the contract says, without side effects (${problems.length} problems)`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const versions = (await stack.databaseVersion()) - versionBefore;
  t.equal(events.length - eventsBefore, versions, `one change event per version bump (${versions} bumps from accepted payloads)`);
});

t.test("bad tokens and a lower-level admin: refused with the token codes, nothing changes", async (t) => {
  const valid = { json: { words: [{ word: "hostiletoken" }] } };
  const now = Math.floor(Date.now() / 1000);
  const cases: Array<{ token: string | null; errCode: number; label: string }> = [
    { token: null, errCode: ERRORS.TokenNotExist.code, label: "no token" },
    { token: "not-a-jwt", errCode: ERRORS.TokenMalformed.code, label: "malformed" },
    { token: signToken({ UserID: context.adminUserID }, "another-secret"), errCode: ERRORS.TokenInvalid.code, label: "wrong signature" },
    { token: signToken({ UserID: context.adminUserID, exp: now - 60, nbf: now - 3600, iat: now - 3600 }, stack.jwtSecret), errCode: ERRORS.TokenExpired.code, label: "expired" },
    { token: signToken({ UserID: context.adminUserID, nbf: now + 3600 }, stack.jwtSecret), errCode: ERRORS.TokenNotValidYet.code, label: "not valid yet" },
    { token: signToken({ UserID: context.adminUserID }, stack.jwtSecret, { alg: "none", typ: "JWT" }), errCode: ERRORS.TokenInvalid.code, label: "alg none header" },
  ];
  const baseline = { fp: await fingerprints.take() };
  for (const c of cases) {
    const result = await runAdminCase({ route: "/adminx/sensitive_word/add", label: c.label, body: valid, expect: { kind: "code", errCode: c.errCode } }, admin, baseline, { token: c.token });
    t.notOk(result.problem, `${c.label}: ${result.problem ?? `refused with ${c.errCode}`}`);
  }
  // A token of another user type: refused (which token code is the service's choice). A well-signed token of an
  // account this service does not know is NOT listed: CONTRACT §2.2 has deployments share the secret with their
  // chat admin-api precisely so that the console's existing tokens (for chat's admin accounts) are accepted.
  const userType1 = signToken({ UserID: context.adminUserID, UserType: 1 }, stack.jwtSecret);
  const result = await runAdminCase({ route: "/adminx/sensitive_word/add", label: "user type 1", body: valid, expect: { kind: "refused" } }, admin, baseline, { token: userType1 });
  t.notOk(result.problem, `user type 1: ${result.problem ?? "refused"}`);

  // A level-80 admin may govern words but not manage admin accounts.
  await admin.call("/adminx/account/add_admin", { account: "hostilelevel80", password: "level80pw", level: 80 }, Accounts.AddAdminReplySchema);
  const lower = new AdminClient(stack.admin.baseUrl);
  t.teardown(() => lower.close());
  await lower.login("hostilelevel80", "level80pw");
  baseline.fp = await fingerprints.take();
  for (const c of [
    { route: "/adminx/account/add_admin", json: { account: "hostileescalate", password: "pw", level: 100 } },
    { route: "/adminx/account/del_admin", json: { userIDs: [context.adminUserID] } },
  ]) {
    const result = await runAdminCase({ route: c.route, label: "level 80", body: { json: c.json }, expect: { kind: "code", errCode: ERRORS.NoPermissionError.code } }, lower, baseline);
    t.notOk(result.problem, `level-80 admin on ${c.route}: ${result.problem ?? "NoPermissionError"}`);
  }
});

/** A short name for what went wrong with a record, to group thousands of problems into a few kinds. */
function problemKind(record: LoadRecord<CallbackCase>): string | undefined {
  if (record.error) return `${record.tag.category}: transport ${record.error}`;
  if (record.problem) {
    const status = /^HTTP (\d+)/.exec(record.problem)?.[1];
    const code = /"code":"(\w+)"/.exec(record.problem)?.[1];
    return `${record.tag.category}: ${status ? `HTTP ${status}` : "bad shape"}${code ? ` ${code}` : ""}`;
  }
  if (!record.reply || !judgeCallbackCase(record.tag, record.reply)) return undefined;
  return `${record.tag.category}: errCode ${record.reply.errCode} "${record.reply.errMsg.slice(0, 40)}" where ${record.tag.expect.kind} was expected`;
}

t.test(`${CALLBACK_CASES} generated malformed callback requests: every reply in its shape and as the contract says`, async (t) => {
  const governance = await fingerprints.take({ exclude: ["hit_log"] });
  const cases: CallbackCase[] = [];
  const targets = stack.replicas;
  const load = runLoad<CallbackCase>({
    targets: targets.length,
    concurrency: 8,
    durationMs: 240_000,
    maxRequests: CALLBACK_CASES,
    plan: (seq) => {
      const c = callbackCase(SEED, seq);
      cases.push(c);
      const target = seq % targets.length;
      return { target, request: toRawRequest(targets[target]!.baseUrl, c), tag: c };
    },
  });
  const result = await load.result;
  t.equal(result.records.length, CALLBACK_CASES, "every case was sent");
  const problems: string[] = [];
  const byCategory = new Map<string, { total: number; bad: number }>();
  for (const record of result.records) {
    const c = record.tag;
    const stats = byCategory.get(c.category) ?? { total: 0, bad: 0 };
    stats.total += 1;
    const problem = record.error ?? record.problem ?? (record.reply ? judgeCallbackCase(c, record.reply) : "no reply");
    if (problem) {
      stats.bad += 1;
      problems.push(`case ${c.id} (${c.category}, ${c.method} ${c.path.slice(0, 80)}): ${problem}`);
    }
    byCategory.set(c.category, stats);
  }
  t.comment([...byCategory].map(([category, s]) => `${category} ${s.total}${s.bad ? ` (${s.bad} bad)` : ""}`).join(", "));
  if (problems.length > 0) {
    const file = stack.logs.file("hostile-callback-problems.txt");
    writeFileSync(file, `${problems.join("\n")}\n`);
    const kinds = new Map<string, number>();
    for (const record of result.records) {
      const kind = problemKind(record);
      if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    t.comment(`problems by kind: ${[...kinds].map(([k, n]) => `${n}× ${k}`).join("; ")} (all in ${file})`);
  }
  t.comment(`latency: ${describeSummary(summarize(result.records.map((r) => r.latencyMs)))}`);
  t.same(problems.slice(0, 30), [], `every reply in the callback shape and as required (${problems.length} problems; case i = callbackCase(${SEED}, i))`);

  t.same(stack.crashed().map((s) => s.name), [], "no service crashed");
  const agent = keepAliveAgent(2);
  for (const replica of stack.replicas) {
    const raw = await send(agent, callbackRequest(replica, COMMANDS.beforeSendSingleMsg, sample("single"), { operationID: "e2e-hostile-after" }));
    const checked = checkCallbackReply(raw);
    t.ok(checked.ok && checked.reply.errCode === 0, `${replica.name} still answers a normal request`);
  }
  agent.destroy();
  t.same(fingerprintDiff(governance, await fingerprints.take({ exclude: ["hit_log"] })), [], "callbacks changed no governance data");
});
