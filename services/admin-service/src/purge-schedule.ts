// The hit-log retention: a purge of rows older than HIT_LOG_RETENTION_DAYS soon after start and then every
// interval. Several replicas purging at once is harmless (they delete disjoint batches or nothing).
import type { FastifyBaseLogger } from "fastify";
import { purgeHits } from "./governance/hits.ts";
import type { AdminDeps } from "./types.ts";

export interface PurgeSchedule {
  stop(): Promise<void>;
}

export const SYSTEM_OPERATOR = "system";

export function schedulePurge(deps: AdminDeps, log: FastifyBaseLogger, intervalMs: number, firstDelayMs: number): PurgeSchedule {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = purgeHits({ prisma: deps.prisma, bus: deps.bus, log }, { operatorID: SYSTEM_OPERATOR, operationID: `purge-${Date.now()}` }, deps.settings.HIT_LOG_RETENTION_DAYS).catch(
      (error: unknown) => log.error({ err: error }, "scheduled hit-log purge failed"),
    );
  };
  const first = setTimeout(run, firstDelayMs);
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
