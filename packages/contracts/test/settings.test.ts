import t from "tap";
import { AdminSettingsSchema, CallbackSettingsSchema, SettingsError, loadSettings } from "../src/index.ts";

t.test("defaults follow CONTRACT.md §3", async (t) => {
  const s = loadSettings(CallbackSettingsSchema, {});
  t.equal(s.CALLBACK_PORT, 10008);
  t.equal(s.CALLBACK_ON_ERROR, "continue");
  t.equal(s.SENSITIVE_WORD_BLOCKED_CODE, 20016);
  t.equal(s.REFUSE_FRIEND_CODE, 20014);
  t.equal(s.RELOAD_POLL_MS, 10_000);
  t.equal(s.CALLBACK_BODY_LIMIT, 1024 * 1024);
  t.equal(s.FRIEND_UNKNOWN_USER, "reject");
  t.equal(s.REDIS_PREFIX, "");
  t.equal(s.DATABASE_URL, undefined);
  const a = loadSettings(AdminSettingsSchema, {});
  t.equal(a.ADMIN_PORT, 10009);
  t.equal(a.HIT_LOG_RETENTION_DAYS, 90);
  t.equal(a.ADMIN_TOKEN_TTL, 7 * 86_400);
});

t.test("strings are converted and empty means default", async (t) => {
  const s = loadSettings(CallbackSettingsSchema, {
    CALLBACK_PORT: "18008",
    SENSITIVE_WORD_BLOCKED_CODE: "20012",
    CALLBACK_ON_ERROR: "stop",
    REDIS_PREFIX: "",
    DATABASE_URL: "postgresql://u@h:5432/db",
  });
  t.equal(s.CALLBACK_PORT, 18008);
  t.equal(s.SENSITIVE_WORD_BLOCKED_CODE, 20012);
  t.equal(s.CALLBACK_ON_ERROR, "stop");
  t.equal(s.DATABASE_URL, "postgresql://u@h:5432/db");
});

t.test("every bad value is named with what was given", async (t) => {
  const error = t.throws(() =>
    loadSettings(CallbackSettingsSchema, { CALLBACK_PORT: "abc", CALLBACK_ON_ERROR: "maybe", DATABASE_URL: "mysql://x" }),
  ) as SettingsError;
  t.type(error, SettingsError);
  const text = error.problems.join("\n");
  t.match(text, /CALLBACK_PORT: .*"abc"/);
  t.match(text, /CALLBACK_ON_ERROR: .*continue, stop.*"maybe"/);
  t.match(text, /DATABASE_URL: .*"mysql:\/\/x"/);
  t.equal(error.problems.length, 3, "one line per bad setting, even for unions");
  t.throws(() => loadSettings(CallbackSettingsSchema, { CALLBACK_PORT: "70000" }), SettingsError);
  t.throws(() => loadSettings(CallbackSettingsSchema, { RELOAD_POLL_MS: "1.5" }), SettingsError);
});
