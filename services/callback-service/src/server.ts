// The standalone callback service: read the settings, open the connections, listen, and shut down in order on
// SIGTERM/SIGINT (close-with-grace bounds the whole shutdown by SHUTDOWN_TIMEOUT_MS).
import closeWithGrace from "close-with-grace";
import { pino } from "pino";
import { SettingsError } from "@wordguard/contracts";
import { createMemoryBus, createRedisBus } from "@wordguard/bus";
import { createPrisma } from "@wordguard/db";
import { readCallbackSettings } from "./config.ts";
import { startCallbackService } from "./start.ts";
import { setThreadSlice } from "./scheduler-slice.ts";

let settings;
try {
  settings = readCallbackSettings(process.env, { requireDatabase: true });
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  process.stderr.write(`callback-service: ${error.message}\n`);
  process.exit(1);
}

// Synchronous writes: the last lines before an exit (shutdown steps, a crash) arrive complete and in order. The hot
// path logs only refusals, so the cost is small.
const logger = pino(
  { level: settings.LOG_LEVEL, base: { service: "callback", pid: process.pid } },
  pino.destination({ dest: 1, sync: true }),
);
const prisma = createPrisma({
  databaseUrl: settings.DATABASE_URL!,
  poolSize: settings.DB_POOL_SIZE,
  // Fail fast when PostgreSQL is away: hit logs retry, add-friend answers per CALLBACK_ON_ERROR.
  connectionTimeoutMs: 2000,
  onPoolError: (err) => logger.warn({ err }, "idle database connection failed"),
});
const bus = settings.REDIS_URL ? createRedisBus({ url: settings.REDIS_URL, prefix: settings.REDIS_PREFIX }) : createMemoryBus();
if (!settings.REDIS_URL) logger.warn("REDIS_URL is not set: no change events; changes arrive by polling every RELOAD_POLL_MS");

const service = await startCallbackService({ settings, prisma, bus, logger });
// The event loop's short slice (scheduler-slice.ts), set once the service's worker threads are running: they keep the
// kernel's default slice (threads started later inherit the loop's), so that a waking loop preempts them at once.
if (settings.CALLBACK_LOOP_SLICE_US > 0) {
  const slice = await setThreadSlice(settings.CALLBACK_LOOP_SLICE_US);
  if (slice.applied) logger.info({ sliceUs: slice.sliceUs }, "event loop scheduler slice set");
  else logger.warn({ reason: slice.reason }, "event loop scheduler slice left at the kernel's default");
}

closeWithGrace({ delay: settings.SHUTDOWN_TIMEOUT_MS, logger }, async ({ signal, err }) => {
  if (err) logger.error({ err }, "shutting down after an error");
  else logger.info({ signal }, "shutting down");
  await service.close();
  const started = Date.now();
  await bus.close();
  await prisma.$disconnect();
  logger.info({ step: "close bus and database", ms: Date.now() - started }, "shutdown step done");
});

try {
  const address = await service.listen();
  logger.info({ address }, "callback service listening");
} catch (err) {
  logger.fatal({ err }, "cannot listen");
  await service.close();
  await bus.close();
  await prisma.$disconnect();
  process.exit(1);
}
