// `pnpm start`: both services in one process. With no DATABASE_URL it runs on an embedded PostgreSQL (PGlite, data
// under .data/) and with no REDIS_URL on an in-process event bus: a laptop needs no servers to try wordguard out.
// With the URLs set it uses the real servers. To scale out, run the services on their own:
// `pnpm start:callback` (many replicas) and `pnpm start:admin`.
import { fileURLToPath } from "node:url";
import closeWithGrace from "close-with-grace";
import { pino } from "pino";
import { AdminSettingsSchema, loadSettings, SettingsError, type AdminSettings, type CallbackSettings } from "@wordguard/contracts";
import { createPrisma, createEmbeddedPrisma, ensureDatabase, migrateDeploy, pgMigrationFactory, type PrismaClient } from "@wordguard/db";
import { createMemoryBus, createRedisBus, type EventBus } from "@wordguard/bus";
import { readCallbackSettings, startCallbackService } from "@wordguard/callback-service";
import { createMemoryRevocations, createRedisRevocations, startAdminService, type RevocationStore } from "@wordguard/admin-service";

// The launcher's one setting of its own: where the embedded database lives (tests point it at a temporary folder).
const DATA_DIR = process.env.EMBEDDED_DATA_DIR || fileURLToPath(new URL("../.data/pglite", import.meta.url));

let callbackSettings: CallbackSettings;
let adminSettings: AdminSettings;
try {
  callbackSettings = readCallbackSettings(process.env);
  adminSettings = loadSettings(AdminSettingsSchema, process.env);
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const logger = pino({ level: callbackSettings.LOG_LEVEL, base: { pid: process.pid } });
const databaseUrl = callbackSettings.DATABASE_URL;
const redisUrl = callbackSettings.REDIS_URL;
logger.info(
  {
    database: databaseUrl ? "postgresql (DATABASE_URL)" : `embedded PGlite at ${DATA_DIR}`,
    bus: redisUrl ? "redis (REDIS_URL)" : "in-process event bus",
  },
  databaseUrl && redisUrl
    ? "wordguard starting on the configured PostgreSQL and Redis"
    : "wordguard starting in embedded mode: set DATABASE_URL and REDIS_URL to use real servers",
);

const closers: Array<[string, () => Promise<unknown>]> = [];

async function openDatabase(): Promise<PrismaClient> {
  if (databaseUrl === undefined) {
    const started = Date.now();
    const embedded = await createEmbeddedPrisma({ dataDir: DATA_DIR });
    logger.info({ applied: embedded.applied, ms: Date.now() - started }, "embedded database ready");
    closers.push(["embedded database", () => embedded.close()]);
    return embedded.prisma;
  }
  if (await ensureDatabase(databaseUrl)) logger.info("database created");
  const applied = await migrateDeploy(pgMigrationFactory(databaseUrl));
  logger.info({ applied }, "migrations applied");
  const prisma = createPrisma({
    databaseUrl,
    poolSize: callbackSettings.DB_POOL_SIZE,
    connectionTimeoutMs: 2000,
    onPoolError: (err) => logger.warn({ err }, "idle database connection failed"),
  });
  closers.push(["database", () => prisma.$disconnect()]);
  return prisma;
}

function openBus(): { bus: EventBus; revocations: RevocationStore } {
  if (redisUrl === undefined) {
    const bus = createMemoryBus();
    const revocations = createMemoryRevocations();
    closers.push(["event bus", () => Promise.all([bus.close(), revocations.close()])]);
    return { bus, revocations };
  }
  const prefix = callbackSettings.REDIS_PREFIX;
  const bus = createRedisBus({ url: redisUrl, prefix });
  const revocations = createRedisRevocations({ url: redisUrl, prefix });
  closers.push(["redis", () => Promise.all([bus.close(), revocations.close()])]);
  return { bus, revocations };
}

async function closeAll(): Promise<void> {
  // Services first (in reverse start order: they flush into the connections), then the connections.
  for (const [name, close] of closers.reverse()) {
    const started = Date.now();
    await close().catch((err: unknown) => logger.error({ err, step: name }, "shutdown step failed"));
    logger.info({ step: name, ms: Date.now() - started }, "shutdown step done");
  }
}

try {
  const prisma = await openDatabase();
  const { bus, revocations } = openBus();
  const admin = await startAdminService({
    settings: adminSettings,
    prisma,
    bus,
    revocations,
    logger: logger.child({ service: "admin" }),
  });
  closers.push(["admin service", () => admin.close()]);
  const callback = await startCallbackService({ settings: callbackSettings, prisma, bus, logger: logger.child({ service: "callback" }) });
  closers.push(["callback service", () => callback.close()]);
  const callbackUrl = await callback.listen();
  logger.info({ callback: `${callbackUrl}/callback/im`, admin: `${admin.url}/adminx/`, docs: `${admin.url}/adminx/docs` }, "wordguard ready");
} catch (err) {
  logger.fatal({ err }, "wordguard failed to start");
  await closeAll();
  process.exit(1);
}

closeWithGrace({ delay: Math.max(callbackSettings.SHUTDOWN_TIMEOUT_MS, adminSettings.SHUTDOWN_TIMEOUT_MS) }, async ({ signal, err }) => {
  if (err) logger.error({ err }, "shutting down after an error");
  else logger.info({ signal }, "shutting down");
  await closeAll();
});
