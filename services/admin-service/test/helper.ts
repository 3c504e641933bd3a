// One admin app per test file on a fresh PostgreSQL database (createTestDatabase) and its own Redis prefix, with a
// subscriber that records every change event, and small helpers to call routes and log in.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { pino } from "pino";
import { AdminSettingsSchema, CHANNELS, DEV_ADMIN_ACCOUNT, DEV_ADMIN_PASSWORD, loadSettings, type AdminSettings, type DictionaryChanged } from "@wordguard/contracts";
import { createTestDatabase, type TestDatabase } from "@wordguard/db/testing";
import { createRedisBus, type EventBus } from "@wordguard/bus";
import { startAdminService, type AdminService } from "../src/start.ts";
import { createRedisRevocations } from "../src/auth/redis-revocations.ts";
import type { RevocationStore } from "../src/auth/revocations.ts";

export const REDIS_URL = process.env["REDIS_URL"] ?? "redis://127.0.0.1:6379";

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  errCode: number;
  errMsg: string;
  errDlt: string;
  data: T;
}

export interface TestEnv {
  service: AdminService;
  db: TestDatabase;
  settings: AdminSettings;
  prefix: string;
  bus: EventBus;
  revocations: RevocationStore;
  /** every change event heard on this file's prefix, in arrival order */
  events: DictionaryChanged[];
  /** token of the first super admin (level 100) */
  superToken: string;
  post<T = Record<string, unknown>>(path: string, body?: unknown, token?: string | null, headers?: Record<string, string>): Promise<Reply<T>>;
  login(account: string, password: string): Promise<string>;
  /** creates an admin of the level and returns its token */
  adminToken(level?: 80 | 100): Promise<string>;
  /** waits until events have settled (earlier changes announced) and returns the count to pass to settleEvents */
  mark(): Promise<number>;
  /** waits until no event has arrived for `quietMs` and returns those that arrived since `from` */
  settleEvents(from: number, quietMs?: number): Promise<DictionaryChanged[]>;
  close(): Promise<void>;
}

interface Closer {
  teardown(fn: () => Promise<void> | void): void;
}

export async function setup(t: Closer, env: Record<string, string> = {}): Promise<TestEnv> {
  const db = await createTestDatabase("wg_adm", { poolSize: 25 });
  const prefix = `wgtest:adm:${randomBytes(6).toString("hex")}:`;
  const settings = loadSettings(AdminSettingsSchema, {
    REDIS_PREFIX: prefix,
    LOG_LEVEL: "silent",
    HOST: "127.0.0.1",
    LOGIN_RATE_LIMIT: "1000",
    ...env,
  });
  const bus = createRedisBus({ url: REDIS_URL, prefix });
  const listener = createRedisBus({ url: REDIS_URL, prefix });
  const events: DictionaryChanged[] = [];
  await listener.subscribe(CHANNELS.dictionaryChanged, (event) => events.push(event));
  const revocations = createRedisRevocations({ url: REDIS_URL, prefix });
  const logger = pino({ level: process.env["TEST_LOG_LEVEL"] ?? "silent" });
  const service = await startAdminService({ settings, prisma: db.prisma, bus, revocations, logger, purgeIntervalMs: 0, listen: false });

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await service.close();
    await Promise.all([bus.close(), listener.close(), revocations.close()]);
    await db.drop();
  };
  t.teardown(close);

  const post = async <T,>(path: string, body: unknown = {}, token?: string | null, headers: Record<string, string> = {}): Promise<Reply<T>> => {
    const res = await service.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/json", ...(token ? { token } : {}), ...headers },
      payload: typeof body === "string" ? body : JSON.stringify(body),
    });
    const parsed = JSON.parse(res.body) as Omit<Reply<T>, "status" | "headers">;
    return { status: res.statusCode, headers: res.headers, ...parsed };
  };
  const login = async (account: string, password: string) => {
    const reply = await post<{ adminToken: string }>("/adminx/account/login", { account, password });
    if (reply.errCode !== 0) throw new Error(`login failed: ${reply.errCode} ${reply.errMsg} ${reply.errDlt}`);
    return reply.data.adminToken;
  };
  const superToken = await login(DEV_ADMIN_ACCOUNT, DEV_ADMIN_PASSWORD);
  let made = 0;
  const adminToken = async (level: 80 | 100 = 80) => {
    const account = `admin${level}_${++made}`;
    const added = await post("/adminx/account/add_admin", { account, password: "secret-pass", level }, superToken);
    if (added.errCode !== 0) throw new Error(`add_admin failed: ${added.errDlt}`);
    return login(account, "secret-pass");
  };
  const settleEvents = async (from: number, quietMs = 150) => {
    let count = events.length;
    for (;;) {
      await sleep(quietMs);
      if (events.length === count) return events.slice(from);
      count = events.length;
    }
  };
  const mark = async () => (await settleEvents(0)).length;
  return { service, db, settings, prefix, bus, revocations, events, superToken, post, login, adminToken, mark, settleEvents, close };
}
