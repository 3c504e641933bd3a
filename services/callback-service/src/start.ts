// startCallbackService: wires the service around injected connections (a Prisma client on PostgreSQL or PGlite, an
// event bus on Redis or in memory, a pino logger) and owns an ordered shutdown. `src/server.ts` uses it for the
// standalone service; the root launcher uses it to run this service and the admin service in one process.
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { CallbackSettings } from "@wordguard/contracts";
import type { EventBus } from "@wordguard/bus";
import { insertHitLogs, type PrismaClient } from "@wordguard/db";
import { buildApp } from "./app.ts";
import { createFriendLookup } from "./friends/friend-lookup.ts";
import { HitLogWriter } from "./hitlog/writer.ts";
import { WorkerInserter } from "./hitlog/worker/worker-inserter.ts";
import { createMetrics, type CallbackMetrics } from "./metrics/metrics.ts";
import { DEFAULT_WORKER_BUILD_TIMEOUT_MS, SnapshotHolder } from "./snapshot/holder.ts";
import { DEFAULT_COALESCING, type ReplyCoalescerOptions } from "./reply/reply-coalescer.ts";

export interface CallbackServiceDeps {
  settings: CallbackSettings;
  prisma: PrismaClient;
  bus: EventBus;
  logger: Logger;
  /** Knobs that are not settings of CONTRACT.md §3 (tests shorten them). */
  tuning?: Partial<CallbackTuning>;
}

export interface CallbackTuning {
  /** Upper bound of the add-friend lookup before answering ServerInternalError (the server waits 5 s by default). */
  friendLookupTimeoutMs: number;
  hitLogRetryBaseMs: number;
  hitLogRetryMaxMs: number;
  initialLoadRetryMs: number;
  /** Insert hit logs from a worker thread with its own connection (default: whenever DATABASE_URL is set). */
  hitLogInWorker: boolean;
  /** Bound of one snapshot build in the build worker; past it the worker is terminated and replaced (default 180 s). */
  workerBuildTimeoutMs: number;
  /** First delay before a failed reload is tried again (doubles per failure up to 60 s). */
  reloadRetryMs: number;
  /** When the callback route coalesces its replies (see reply/reply-coalescer.ts). */
  replyCoalescing: ReplyCoalescerOptions;
}

const SHUTDOWN_ACCEPT_PAUSE_MS = 300;

const DEFAULT_TUNING: CallbackTuning = {
  friendLookupTimeoutMs: 3000,
  hitLogRetryBaseMs: 250,
  hitLogRetryMaxMs: 5000,
  initialLoadRetryMs: 500,
  hitLogInWorker: true,
  workerBuildTimeoutMs: DEFAULT_WORKER_BUILD_TIMEOUT_MS,
  reloadRetryMs: 5000,
  replyCoalescing: DEFAULT_COALESCING,
};

export interface CallbackService {
  app: FastifyInstance;
  snapshots: SnapshotHolder;
  hitLogs: HitLogWriter;
  metrics: CallbackMetrics;
  /** Listens on CALLBACK_PORT/HOST unless given; returns the address. */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  /**
   * Ordered shutdown within SHUTDOWN_TIMEOUT_MS: readiness off and reloads stopped, stop accepting and finish
   * in-flight requests, flush hit logs. The injected connections stay open: their owner closes them afterwards.
   */
  close(): Promise<void>;
}

export async function startCallbackService(deps: CallbackServiceDeps): Promise<CallbackService> {
  const { settings, prisma, bus } = deps;
  const logger = deps.logger;
  const tuning = { ...DEFAULT_TUNING, ...deps.tuning };
  const metrics = createMetrics();
  // With a database URL the inserts run in a worker thread (their planning and encoding cost milliseconds per batch,
  // which on the event loop would surface as p99 latency); on an injected embedded client they run here.
  const inserter =
    settings.DATABASE_URL !== undefined && tuning.hitLogInWorker ? new WorkerInserter({ databaseUrl: settings.DATABASE_URL }) : undefined;
  inserter?.start();
  let closing = false;
  const hitLogs = new HitLogWriter({
    // At shutdown the last batches go through the injected client: the event loop has nothing left to answer, and the
    // flush must not depend on a worker thread.
    insert: inserter ? (rows) => (closing ? insertHitLogs(prisma, rows) : inserter.insert(rows)) : (rows) => insertHitLogs(prisma, rows),
    logger,
    metrics,
    flushMs: settings.HIT_LOG_FLUSH_MS,
    batchSize: settings.HIT_LOG_BATCH_SIZE,
    queueLimit: settings.HIT_LOG_QUEUE_LIMIT,
    retryBaseMs: tuning.hitLogRetryBaseMs,
    retryMaxMs: tuning.hitLogRetryMaxMs,
  });
  metrics.bindHitLogDepth(() => hitLogs.depth);
  hitLogs.start();
  const snapshots = new SnapshotHolder({
    prisma,
    bus,
    logger,
    metrics,
    pollMs: settings.RELOAD_POLL_MS,
    workerThreshold: settings.WORKER_COMPILE_THRESHOLD,
    databaseUrl: settings.DATABASE_URL,
    initialRetryMs: tuning.initialLoadRetryMs,
    workerBuildTimeoutMs: tuning.workerBuildTimeoutMs,
    reloadRetryMs: tuning.reloadRetryMs,
  });
  snapshots.start();

  const app = await buildApp({
    settings,
    logger,
    snapshots,
    hitLogs,
    friendLookup: createFriendLookup(prisma, tuning.friendLookupTimeoutMs),
    metrics,
    isClosing: () => closing,
    replyCoalescing: tuning.replyCoalescing,
  });

  let closed: Promise<void> | undefined;
  const close = async (): Promise<void> => {
    closing = true;
    const deadline = Date.now() + settings.SHUTDOWN_TIMEOUT_MS;
    const step = async (name: string, run: () => Promise<unknown>): Promise<void> => {
      const started = Date.now();
      try {
        await run();
        logger.info({ step: name, ms: Date.now() - started }, "shutdown step done");
      } catch (err) {
        logger.error({ step: name, err }, "shutdown step failed");
      }
    };
    await step("stop reloads", () => snapshots.close());
    // Readiness is already off; connections the messaging server opened a moment ago may still wait in the kernel's
    // accept queue, and closing the listener now would reset them. A short pause lets them be accepted and served.
    await step("accept connections already on the wire", () => sleep(Math.min(SHUTDOWN_ACCEPT_PAUSE_MS, settings.SHUTDOWN_TIMEOUT_MS / 10)));
    await step("stop accepting and finish in-flight requests", () => app.close());
    // Leave a little of the budget for the owner to close the connections after this.
    await step("flush hit logs", () => hitLogs.close(Math.max(0, deadline - Date.now() - 250)));
    if (inserter) await step("stop the hit-log worker", () => inserter.close());
  };

  return {
    app,
    snapshots,
    hitLogs,
    metrics,
    listen: (options = {}) => app.listen({ port: options.port ?? settings.CALLBACK_PORT, host: options.host ?? settings.HOST }),
    close: () => (closed ??= close()),
  };
}
