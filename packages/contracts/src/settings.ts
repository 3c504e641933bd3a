import { Type, type Static, type TObject, type TSchema } from "typebox";
import { Value } from "typebox/value";

/**
 * Settings of CONTRACT.md §3, one schema per service, read from the environment once at start.
 * Nothing else in the services reads process.env.
 */
const Port = Type.Integer({ minimum: 1, maximum: 65_535 });
const LogLevel = Type.Union(["fatal", "error", "warn", "info", "debug", "trace", "silent"].map((l) => Type.Literal(l)));

const common = {
  NODE_ENV: Type.String({ default: "development" }),
  /** Unset: the embedded default (PGlite) — only `pnpm start` offers it; a single service needs a URL. */
  DATABASE_URL: Type.Optional(Type.String({ pattern: "^postgres(ql)?://" })),
  REDIS_URL: Type.Optional(Type.String({ pattern: "^rediss?://" })),
  REDIS_PREFIX: Type.String({ default: "", maxLength: 64 }),
  HOST: Type.String({ default: "0.0.0.0", minLength: 1 }),
  LOG_LEVEL: Type.Union(LogLevel.anyOf, { default: "info" }),
  DB_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
};

export const CallbackSettingsSchema = Type.Object({
  ...common,
  CALLBACK_PORT: Type.Integer({ ...Port, default: 10008 }),
  CALLBACK_ON_ERROR: Type.Union([Type.Literal("continue"), Type.Literal("stop")], { default: "continue" }),
  SENSITIVE_WORD_BLOCKED_CODE: Type.Integer({ minimum: 1, maximum: 2_147_483_647, default: 20016 }),
  REFUSE_FRIEND_CODE: Type.Integer({ minimum: 1, maximum: 2_147_483_647, default: 20014 }),
  FRIEND_UNKNOWN_USER: Type.Union([Type.Literal("reject"), Type.Literal("allow")], { default: "reject" }),
  RELOAD_POLL_MS: Type.Integer({ minimum: 100, maximum: 3_600_000, default: 10_000 }),
  CALLBACK_BODY_LIMIT: Type.Integer({ minimum: 1024, maximum: 64 * 1024 * 1024, default: 1024 * 1024 }),
  /** Optional hardening, off when empty: a shared secret the messaging server sends in `x-callback-secret`. */
  CALLBACK_SECRET: Type.String({ default: "" }),
  /** Optional hardening, off when empty: comma-separated source IPs allowed to call. */
  CALLBACK_ALLOWED_IPS: Type.String({ default: "" }),
  HIT_LOG_FLUSH_MS: Type.Integer({ minimum: 10, maximum: 60_000, default: 200 }),
  HIT_LOG_BATCH_SIZE: Type.Integer({ minimum: 1, maximum: 10_000, default: 500 }),
  HIT_LOG_QUEUE_LIMIT: Type.Integer({ minimum: 100, maximum: 10_000_000, default: 100_000 }),
  /** Dictionaries with more entries than this are compiled in a worker thread, off the event loop. */
  WORKER_COMPILE_THRESHOLD: Type.Integer({ minimum: 0, default: 5_000 }),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 10_000 }),
  /**
   * Scheduler slice of the event loop in µs (Linux 6.12+): 0 leaves the kernel's default, else 100–100000 (the
   * kernel's bounds; checked in the service's config). Short, the loop takes its core back as soon as a request arrives.
   */
  CALLBACK_LOOP_SLICE_US: Type.Integer({ minimum: 0, maximum: 100_000, default: 100 }),
});
export type CallbackSettings = Static<typeof CallbackSettingsSchema>;

/** Development defaults: the admin service refuses them when NODE_ENV=production. */
export const DEV_ADMIN_ACCOUNT = "chatAdmin";
export const DEV_ADMIN_PASSWORD = "chatAdmin";
export const DEV_JWT_SECRET = "openIM123";

export const AdminSettingsSchema = Type.Object({
  ...common,
  ADMIN_PORT: Type.Integer({ ...Port, default: 10009 }),
  ADMIN_JWT_SECRET: Type.String({ default: DEV_JWT_SECRET }),
  /** Seconds; default 7 days. */
  ADMIN_TOKEN_TTL: Type.Integer({ minimum: 60, maximum: 365 * 86_400, default: 7 * 86_400 }),
  ADMIN_ACCOUNT: Type.String({ minLength: 1, maxLength: 64, default: DEV_ADMIN_ACCOUNT }),
  ADMIN_PASSWORD: Type.String({ default: DEV_ADMIN_PASSWORD }),
  HIT_LOG_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 36_500, default: 90 }),
  /** Origins allowed by CORS for the console; `*` for any. */
  CORS_ORIGIN: Type.String({ default: "*" }),
  /** Login attempts per minute per client IP. */
  LOGIN_RATE_LIMIT: Type.Integer({ minimum: 1, maximum: 10_000, default: 10 }),
  ADMIN_BODY_LIMIT: Type.Integer({ minimum: 1024, maximum: 64 * 1024 * 1024, default: 8 * 1024 * 1024 }),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 10_000 }),
});
export type AdminSettings = Static<typeof AdminSettingsSchema>;

export class SettingsError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid settings:\n  ${problems.join("\n  ")}`);
    this.name = "SettingsError";
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

/**
 * Read the settings a schema names from `env`: unset or empty takes the default, strings are converted to the
 * schema's types, and every bad value is reported by name with what was given, all at once.
 */
export function loadSettings<T extends TObject>(schema: T, env: Env): Static<T> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== "") raw[key] = value.trim();
  }
  const value = Value.Default(schema, Value.Convert(schema, raw));
  const problems: string[] = [];
  const reported = new Set<string>();
  for (const error of Value.Errors(schema, value)) {
    const key = error.instancePath.replace(/^\//, "") || (error.params as { requiredProperties?: string[] }).requiredProperties?.[0] || "";
    // A value failing a union is reported once per branch; one line per setting says it best.
    if (reported.has(key)) continue;
    reported.add(key);
    const given = raw[key];
    const property: TSchema | undefined = (schema.properties as Record<string, TSchema>)[key];
    const allowed = property !== undefined && "anyOf" in property ? ` (one of ${(property.anyOf as { const: unknown }[]).map((s) => s.const).join(", ")})` : "";
    problems.push(`${key}: ${error.message}${allowed}${given === undefined ? "" : `, got ${JSON.stringify(given)}`}`);
  }
  if (problems.length > 0) throw new SettingsError(problems);
  return value as Static<T>;
}
