// One callback service per test file on its own fresh database and Redis prefix, listening on a real port, plus the
// writes an operator would make through the admin service (rows + version bump in one transaction, then an event).
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { pino } from "pino";
import { CHANNELS, type ChangeKind, type Level, type MatchType, type Policies, type Scene } from "@wordguard/contracts";
import { createRedisBus, type EventBus } from "@wordguard/bus";
import { bumpVersion, createPrisma, ensureDefaults, type PrismaClient } from "@wordguard/db";
import { createTestDatabase, type TestDatabase } from "@wordguard/db/testing";
import { normalizeWord } from "@wordguard/matcher";
import { readCallbackSettings, startCallbackService, type CallbackService, type CallbackTuning } from "../../src/index.ts";
import { createTcpProxy, type TcpProxy } from "./tcp-proxy.ts";
import { post, type RawResponse } from "./http.ts";

export const REDIS_PORT = 6379;
export const PG_PORT = 5432;

interface Tap {
  teardown(fn: () => unknown): void;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  tuning?: Partial<CallbackTuning>;
  /** route the service's PostgreSQL connections through a proxy the test can stop */
  pgProxy?: boolean;
  /** route the service's Redis connections through a proxy the test can stop */
  redisProxy?: boolean;
  /** reuse another harness's database and prefix (a second replica, or other settings) */
  share?: Harness;
  /** start with the database proxy stopped and do not wait for the first snapshot */
  pgDownAtStart?: boolean;
}

export interface WordInput {
  word: string;
  level?: Level;
  category?: string;
  matchType?: MatchType;
  scenes?: Scene[];
  enabled?: boolean;
}

export interface Harness {
  service: CallbackService;
  port: number;
  db: TestDatabase;
  /** direct client (never through the proxy): what the test itself reads and writes with */
  prisma: PrismaClient;
  /** a bus on the same prefix, for publishing like the admin service */
  bus: EventBus;
  prefix: string;
  pg?: TcpProxy;
  redis?: TcpProxy;
  logs: Record<string, unknown>[];
  call(command: string, body: unknown, headers?: Record<string, string>): Promise<Record<string, unknown>>;
  postRaw(path: string, body: string, headers?: Record<string, string>, method?: string): Promise<RawResponse>;
  addWords(words: WordInput[], options?: { publish?: boolean }): Promise<{ ids: string[]; version: number }>;
  addWhitelist(words: { word: string; scenes?: Scene[] }[], options?: { publish?: boolean }): Promise<number>;
  setPolicy(scene: Scene, patch: Partial<Policies.PolicySettings>, options?: { publish?: boolean }): Promise<number>;
  setFriendPermission(userID: string, allowAddFriend: number): Promise<void>;
  waitForVersion(version: number, ms?: number): Promise<boolean>;
  close(): Promise<void>;
}

const redisUrl = (port: number) => `redis://127.0.0.1:${port}`;

export async function until(predicate: () => boolean | Promise<boolean>, ms = 10_000, step = 20): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await predicate()) return true;
    if (Date.now() > deadline) return false;
    await sleep(step);
  }
}

export async function startHarness(t: Tap, options: HarnessOptions = {}): Promise<Harness> {
  const owner = options.share === undefined;
  const db = options.share?.db ?? (await createTestDatabase("wg_cb"));
  if (owner) await ensureDefaults(db.prisma);
  const prefix = options.share?.prefix ?? `wgtest:cb:${randomBytes(6).toString("hex")}:`;
  const pg = options.pgProxy ? await createTcpProxy(PG_PORT) : undefined;
  const redis = options.redisProxy ? await createTcpProxy(REDIS_PORT) : undefined;

  const serviceDbUrl = new URL(db.url);
  if (pg) serviceDbUrl.port = String(pg.port);
  const env = {
    DATABASE_URL: serviceDbUrl.toString(),
    REDIS_URL: redisUrl(redis?.port ?? REDIS_PORT),
    REDIS_PREFIX: prefix,
    HOST: "127.0.0.1",
    CALLBACK_PORT: "1", // replaced by an ephemeral port at listen
    LOG_LEVEL: "debug",
    RELOAD_POLL_MS: "60000",
    ...options.env,
  };
  const settings = readCallbackSettings(env, { requireDatabase: true });
  const logs: Record<string, unknown>[] = [];
  const logger = pino(
    { level: settings.LOG_LEVEL },
    {
      write(line: string) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (process.env["TEST_LOG"]) process.stderr.write(line);
      },
    },
  );
  if (options.pgDownAtStart) await pg?.stop();
  const servicePrisma = pg ? createPrisma({ databaseUrl: serviceDbUrl.toString(), poolSize: 4, connectionTimeoutMs: 1000 }) : db.prisma;
  const serviceBus = createRedisBus({ url: env.REDIS_URL, prefix, maxRetryDelayMs: 200 });
  const service = await startCallbackService({ settings, prisma: servicePrisma, bus: serviceBus, logger, tuning: options.tuning });
  await service.listen({ port: 0, host: "127.0.0.1" });
  const port = (service.app.server.address() as { port: number }).port;
  if (!options.pgDownAtStart) await service.snapshots.loaded;
  await service.snapshots.subscribed;
  const bus = createRedisBus({ url: redisUrl(REDIS_PORT), prefix });

  const publish = async (version: number, kind: ChangeKind, yes: boolean | undefined) => {
    if (yes === false) return;
    // A lost hint would leave the change to the 60 s poll and the test waiting on it: fail here, saying why.
    if (!(await bus.publish(CHANNELS.dictionaryChanged, { version, kind, at: Date.now() }))) throw new Error(`publishing version ${version} failed`);
  };

  let closed = false;
  const harness: Harness = {
    service,
    port,
    db,
    prisma: db.prisma,
    bus,
    prefix,
    ...(pg ? { pg } : {}),
    ...(redis ? { redis } : {}),
    logs,
    async call(command, body, headers = {}) {
      const res = await post(port, `/callback/im/${command}`, typeof body === "string" ? body : `${JSON.stringify(body)}\n`, {
        "content-type": "application/json; charset=utf-8",
        ...headers,
      });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.text}`);
      return res.json() as Record<string, unknown>;
    },
    postRaw: (path, body, headers = {}, method = "POST") => post(port, path, body, headers, method),
    async addWords(words, opts = {}) {
      const result = await db.prisma.$transaction(async (tx) => {
        const rows = await tx.sensitiveWord.createManyAndReturn({
          data: words.map((w) => ({
            word: w.word,
            normalized: normalizeWord(w.word),
            matchType: w.matchType ?? "contains",
            category: w.category ?? "custom",
            level: w.level ?? 2,
            scenes: w.scenes ?? ["single", "group"],
            enabled: w.enabled ?? true,
          })),
          select: { id: true },
        });
        return { ids: rows.map((r) => r.id.toString()), version: await bumpVersion(tx) };
      });
      await publish(result.version, "word", opts.publish);
      return result;
    },
    async addWhitelist(words, opts = {}) {
      const version = await db.prisma.$transaction(async (tx) => {
        await tx.whitelistEntry.createMany({
          data: words.map((w) => ({ word: w.word, normalized: normalizeWord(w.word), scenes: w.scenes ?? ["single", "group"] })),
        });
        return bumpVersion(tx);
      });
      await publish(version, "whitelist", opts.publish);
      return version;
    },
    async setPolicy(scene, patch, opts = {}) {
      const version = await db.prisma.$transaction(async (tx) => {
        const v = await bumpVersion(tx);
        await tx.scenePolicy.update({ where: { scene }, data: { ...patch, version: v } });
        return v;
      });
      await publish(version, "policy", opts.publish);
      return version;
    },
    async setFriendPermission(userID, allowAddFriend) {
      await db.prisma.userAttribute.upsert({ where: { userID }, create: { userID, allowAddFriend }, update: { allowAddFriend } });
    },
    waitForVersion: (version, ms = 10_000) => until(() => (service.snapshots.current?.version ?? -1) >= version, ms),
    async close() {
      if (closed) return;
      closed = true;
      await service.close();
      await serviceBus.close();
      await bus.close();
      if (servicePrisma !== db.prisma) await servicePrisma.$disconnect();
      await pg?.stop();
      await redis?.stop();
      if (owner) await db.drop();
    },
  };
  t.teardown(() => harness.close());
  return harness;
}
