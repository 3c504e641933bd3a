// Accounts and tokens (CONTRACT.md §2.2): login with md5 hex or plain passwords, every way a token can be refused,
// logout revocation in Redis, levels, add/del admin, OpenIM-compatible tokens, the production guard.
import t from "tap";
import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { AdminSettingsSchema, DEV_ADMIN_PASSWORD, loadSettings } from "@wordguard/contracts";
import { adminClaims, signToken } from "../src/auth/jwt.ts";
import { hashPassword, verifyPassword } from "../src/auth/password.ts";
import { unsafeSettings } from "../src/production-guard.ts";
import { startAdminService } from "../src/start.ts";
import { createMemoryBus } from "@wordguard/bus";
import { pino } from "pino";
import { REDIS_URL, setup } from "./helper.ts";

const env = await setup(t, { ADMIN_JWT_SECRET: "test-secret-0123456789", LOGIN_RATE_LIMIT: "1000" });
const secret = env.settings.ADMIN_JWT_SECRET;
const now = () => Math.floor(Date.now() / 1000);
const md5 = (s: string) => createHash("md5").update(s).digest("hex");
const INFO = "/adminx/account/info";

t.test("login takes the md5 hex (console) or the plain password (scripts)", async (t) => {
  const plain = await env.post<{ adminToken: string; adminUserID: string; level: number; expireTimeSeconds: number }>(
    "/adminx/account/login",
    { account: "chatAdmin", password: DEV_ADMIN_PASSWORD },
  );
  t.equal(plain.errCode, 0);
  t.equal(plain.data.level, 100);
  t.equal(plain.data.expireTimeSeconds, env.settings.ADMIN_TOKEN_TTL);
  const hex = await env.post<{ adminToken: string }>("/adminx/account/login", { account: "chatAdmin", password: md5(DEV_ADMIN_PASSWORD) });
  t.equal(hex.errCode, 0);
  const upper = await env.post("/adminx/account/login", { account: "chatAdmin", password: md5(DEV_ADMIN_PASSWORD).toUpperCase() });
  t.equal(upper.errCode, 0, "md5 hex in capitals too");
  t.not(plain.data.adminToken, hex.data.adminToken, "every token is unique");
  const info = await env.post<{ account: string; level: number }>(INFO, {}, hex.data.adminToken);
  t.same([info.errCode, info.data.account, info.data.level], [0, "chatAdmin", 100]);
});

t.test("the token is an HS256 JWT with OpenIM chat's claims", async (t) => {
  const token = await env.login("chatAdmin", DEV_ADMIN_PASSWORD);
  const [header, payload] = token.split(".").slice(0, 2).map((p) => JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as Record<string, unknown>);
  t.match(header, { alg: "HS256", typ: "JWT" });
  t.match(payload, { UserID: String, UserType: 2, PlatformID: 0, exp: Number, nbf: Number, iat: Number });
  t.equal((payload?.["exp"] as number) - (payload?.["iat"] as number), env.settings.ADMIN_TOKEN_TTL);
});

t.test("a wrong password and an unknown account", async (t) => {
  const wrong = await env.post("/adminx/account/login", { account: "chatAdmin", password: "nope" });
  t.same([wrong.errCode, wrong.errMsg], [20001, "PasswordError"]);
  t.notOk("data" in wrong);
  const unknown = await env.post("/adminx/account/login", { account: "ghost", password: "nope" });
  t.same([unknown.errCode, unknown.errMsg], [20002, "AccountNotFound"]);
  const missing = await env.post("/adminx/account/login", { account: "chatAdmin" });
  t.same([missing.errCode, missing.errDlt.split(":")[0]], [1001, "password"]);
});

t.test("no token, a malformed, a badly signed, a not-yet-valid, an expired and a revoked token", async (t) => {
  const none = await env.post(INFO, {});
  t.same([none.errCode, none.errMsg], [1507, "TokenNotExist"]);
  const malformed = await env.post(INFO, {}, "not-a-jwt");
  t.same([malformed.errCode, malformed.errMsg], [1503, "TokenMalformed"]);
  const garbage = await env.post(INFO, {}, "a.b.c");
  t.equal(garbage.errCode, 1503, "three segments that do not decode");

  const userID = (await env.db.prisma.adminAccount.findFirstOrThrow({ where: { account: "chatAdmin" } })).id;
  const otherSecret = signToken(adminClaims(userID, now(), 3600), "another-secret");
  t.same((await env.post(INFO, {}, otherSecret)).errCode, 1502, "bad signature: TokenInvalid");
  const userType = signToken({ ...adminClaims(userID, now(), 3600), UserType: 1 }, secret);
  t.same((await env.post(INFO, {}, userType)).errCode, 1502, "a user token is not an admin token");
  const notYet = signToken({ ...adminClaims(userID, now(), 3600), nbf: now() + 600 }, secret);
  t.same((await env.post(INFO, {}, notYet)).errMsg, "TokenNotValidYet");
  t.same((await env.post(INFO, {}, notYet)).errCode, 1504);
  const expired = signToken(adminClaims(userID, now() - 7200, 3600), secret);
  t.same((await env.post(INFO, {}, expired)).errCode, 1501);

  const token = await env.login("chatAdmin", DEV_ADMIN_PASSWORD);
  const spare = await env.login("chatAdmin", DEV_ADMIN_PASSWORD);
  t.equal((await env.post("/adminx/account/logout", {}, token)).errCode, 0);
  const revoked = await env.post(INFO, {}, token);
  t.same([revoked.errCode, revoked.errMsg], [1501, "TokenExpired"]);
  t.equal((await env.post(INFO, {}, spare)).errCode, 0, "another session of the same admin still works");

  const redis = new Redis(REDIS_URL);
  t.teardown(() => redis.disconnect());
  const keys = await redis.keys(`${env.prefix}admin:revoked:*`);
  t.equal(keys.length, 1, "revocation stored in Redis under the prefix");
  const ttl = await redis.ttl(keys[0] as string);
  t.ok(ttl > env.settings.ADMIN_TOKEN_TTL - 120 && ttl <= env.settings.ADMIN_TOKEN_TTL, `TTL is the remaining lifetime (${ttl})`);
});

t.test("a token of an OpenIM chat deployment sharing the secret (no PlatformID, no jti, unknown UserID)", async (t) => {
  const claims = { UserID: "openIMAdmin", UserType: 2, exp: now() + 3600, nbf: now() - 300, iat: now() };
  const token = signToken(claims as unknown as Parameters<typeof signToken>[0], secret);
  const info = await env.post<{ adminUserID: string; level: number }>(INFO, {}, token);
  t.same([info.errCode, info.data.adminUserID, info.data.level], [0, "openIMAdmin", 80], "governance rights only");
  t.equal((await env.post("/adminx/sensitive_word/policy/get", {}, token)).errCode, 0);
  t.equal((await env.post("/adminx/account/add_admin", { account: "x", password: "y" }, token)).errCode, 1002);
  t.equal((await env.post("/adminx/account/logout", {}, token)).errCode, 0);
  t.equal((await env.post(INFO, {}, token)).errCode, 1501, "revoked by its hash");
});

t.test("levels: 80 governs, only 100 manages accounts", async (t) => {
  const admin = await env.adminToken(80);
  const info = await env.post<{ level: number }>(INFO, {}, admin);
  t.equal(info.data.level, 80);
  t.equal((await env.post("/adminx/sensitive_word/add", { words: [{ word: "levelword" }] }, admin)).errCode, 0);
  const denied = await env.post("/adminx/account/add_admin", { account: "sneaky", password: "p" }, admin);
  t.same([denied.errCode, denied.errMsg], [1002, "NoPermissionError"]);
  t.equal((await env.post("/adminx/account/del_admin", { userIDs: ["x"] }, admin)).errCode, 1002);
  t.equal((await env.post("/adminx/sensitive_word/hit/purge", {}, admin)).errCode, 1002);
  t.equal(await env.db.prisma.adminAccount.count({ where: { account: "sneaky" } }), 0, "nothing created");
});

t.test("add_admin and del_admin", async (t) => {
  const added = await env.post<{ adminUserID: string }>("/adminx/account/add_admin", { account: "ops", password: md5("ops-pass"), nickname: "Ops" }, env.superToken);
  t.equal(added.errCode, 0);
  const opsToken = await env.login("ops", "ops-pass");
  const dup = await env.post("/adminx/account/add_admin", { account: "ops", password: "other" }, env.superToken);
  t.same([dup.errCode, dup.errMsg], [1003, "DuplicateKeyError"]);
  const badLevel = await env.post("/adminx/account/add_admin", { account: "lvl", password: "p", level: 90 }, env.superToken);
  t.same([badLevel.errCode, badLevel.errDlt.split(":")[0]], [1001, "level"]);

  const stored = await env.db.prisma.adminAccount.findUniqueOrThrow({ where: { account: "ops" } });
  t.match(stored.passwordHash, /^scrypt\$16384\$8\$1\$/, "scrypt hash with its parameters");
  t.notMatch(stored.passwordHash, md5("ops-pass"));

  const superInfo = await env.post<{ adminUserID: string }>(INFO, {}, env.superToken);
  const self = await env.post("/adminx/account/del_admin", { userIDs: [superInfo.data.adminUserID] }, env.superToken);
  t.same([self.errCode, self.errDlt], [1001, "userIDs[0]: cannot delete your own account"]);

  const del = await env.post<{ deleted: number }>("/adminx/account/del_admin", { userIDs: [added.data.adminUserID, "unknown-id"] }, env.superToken);
  t.same([del.errCode, del.data.deleted], [0, 1]);
  t.equal((await env.post(INFO, {}, opsToken)).errCode, 1501, "the deleted admin's tokens stop working");
  t.equal((await env.post("/adminx/account/login", { account: "ops", password: "ops-pass" })).errCode, 20002);

  const audits = await env.db.prisma.auditLog.findMany({ where: { targetType: "admin", targetID: added.data.adminUserID }, orderBy: { id: "asc" } });
  t.same(audits.map((a) => a.action), ["admin.add", "admin.del"]);
  t.notMatch(JSON.stringify(audits.map((a) => [a.before, a.after])), "scrypt", "no password hash in the audit trail");
});

t.test("login is rate-limited per client", async (t) => {
  const limited = await setup(t, { LOGIN_RATE_LIMIT: "3" });
  const codes: number[] = [];
  for (let i = 0; i < 5; i++) codes.push((await limited.post("/adminx/account/login", { account: "chatAdmin", password: "wrong" })).errCode);
  // setup() itself logged in once.
  t.same(codes, [20001, 20001, 1509, 1509, 1509]);
  const reply = await limited.post("/adminx/account/login", { account: "chatAdmin", password: DEV_ADMIN_PASSWORD });
  t.same([reply.status, reply.errMsg], [200, "TooManyRequests"]);
  t.match(reply.errDlt, /retry in \d+ s/);
});

t.test("passwords: scrypt of the md5 hex, per-account salt, constant-time check", async (t) => {
  const a = await hashPassword("pw");
  const b = await hashPassword("pw");
  t.not(a, b, "salted");
  t.ok(await verifyPassword("pw", a));
  t.ok(await verifyPassword(md5("pw"), a));
  t.notOk(await verifyPassword("pw2", a));
  t.notOk(await verifyPassword("pw", "garbage"));
});

t.test("production mode refuses the default or an empty password or secret", async (t) => {
  const base = { NODE_ENV: "production", ADMIN_JWT_SECRET: "a-real-secret-value", ADMIN_PASSWORD: "a-real-password" };
  t.same(unsafeSettings(loadSettings(AdminSettingsSchema, base)), []);
  t.equal(unsafeSettings(loadSettings(AdminSettingsSchema, { ...base, ADMIN_JWT_SECRET: "" })).length, 1, "empty secret = the default");
  t.equal(unsafeSettings(loadSettings(AdminSettingsSchema, { ...base, ADMIN_PASSWORD: "chatAdmin" })).length, 1);
  t.equal(unsafeSettings({ ...loadSettings(AdminSettingsSchema, base), ADMIN_PASSWORD: " " }).length, 1);
  t.same(unsafeSettings(loadSettings(AdminSettingsSchema, { NODE_ENV: "development" })), [], "development allows them");
  await t.rejects(
    startAdminService({
      settings: loadSettings(AdminSettingsSchema, { NODE_ENV: "production" }),
      prisma: env.db.prisma,
      bus: createMemoryBus(),
      logger: pino({ level: "silent" }),
      listen: false,
    }),
    { name: "UnsafeSettingsError", message: /ADMIN_JWT_SECRET[\s\S]*ADMIN_PASSWORD/ },
  );
});
