// The admin service as its own process: settings from the environment (validated once), dependencies, listen,
// and an ordered, logged shutdown under a deadline on SIGINT/SIGTERM.
import closeWithGrace from "close-with-grace";
import { pino } from "pino";
import { AdminSettingsSchema, loadSettings, SettingsError } from "@wordguard/contracts";
import { createPrisma, ensureDatabase, migrateDeploy, pgMigrationFactory } from "@wordguard/db";
import { createMemoryBus, createRedisBus } from "@wordguard/bus";
import { createRedisRevocations } from "./auth/redis-revocations.ts";
import { createMemoryRevocations } from "./auth/revocations.ts";
import { UnsafeSettingsError, unsafeSettings } from "./production-guard.ts";
import { startAdminService } from "./start.ts";

async function main(): Promise<void> {
  let settings;
  try {
    settings = loadSettings(AdminSettingsSchema, process.env);
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: settings.LOG_LEVEL, base: { service: "admin" } });
  // Before anything touches the database: production with development secrets never gets that far.
  const unsafe = unsafeSettings(settings);
  if (unsafe.length > 0) {
    logger.fatal({ problems: unsafe }, "refusing to start in production with development or empty secrets");
    process.exit(1);
  }
  if (settings.DATABASE_URL === undefined) {
    logger.fatal("DATABASE_URL is required (the embedded database is offered only by `pnpm start` at the repository root)");
    process.exit(1);
  }
  const databaseUrl = settings.DATABASE_URL;
  if (await ensureDatabase(databaseUrl)) logger.info("database created");
  const applied = await migrateDeploy(pgMigrationFactory(databaseUrl));
  logger.info({ applied }, "migrations applied");

  const prisma = createPrisma({
    databaseUrl,
    poolSize: settings.DB_POOL_SIZE,
    onPoolError: (error) => logger.warn({ err: error }, "idle database connection failed"),
  });
  const redisUrl = settings.REDIS_URL;
  if (redisUrl === undefined) logger.warn("REDIS_URL unset: change events stay in this process and logouts are remembered in memory only");
  const bus = redisUrl ? createRedisBus({ url: redisUrl, prefix: settings.REDIS_PREFIX }) : createMemoryBus();
  const revocations = redisUrl ? createRedisRevocations({ url: redisUrl, prefix: settings.REDIS_PREFIX }) : createMemoryRevocations();

  let service;
  try {
    service = await startAdminService({ settings, prisma, bus, revocations, logger });
  } catch (error) {
    logger.fatal({ err: error }, error instanceof UnsafeSettingsError ? error.message : "admin service failed to start");
    await Promise.allSettled([bus.close(), revocations.close(), prisma.$disconnect()]);
    process.exit(1);
  }
  logger.info({ url: service.url }, "admin service listening");

  closeWithGrace({ delay: settings.SHUTDOWN_TIMEOUT_MS }, async ({ signal, err }) => {
    if (err) logger.error({ err }, "shutting down after an error");
    else logger.info({ signal }, "shutting down");
    await service.close();
    logger.info("1/3 http server closed");
    await Promise.allSettled([bus.close(), revocations.close()]);
    logger.info("2/3 redis closed");
    await prisma.$disconnect();
    logger.info("3/3 database closed");
  });
}

await main();
