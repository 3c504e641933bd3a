// startAdminService: prepare the database (default policies, first super admin), build the app, listen, and
// schedule the hit-log purge. Used by server.ts and by the one-process launcher (embedded PGlite + memory bus).
import type { FastifyBaseLogger } from "fastify";
import type { AdminSettings } from "@wordguard/contracts";
import { ensureDefaults, type PrismaClient } from "@wordguard/db";
import type { EventBus } from "@wordguard/bus";
import { ensureSuperAdmin } from "./accounts/bootstrap.ts";
import { buildApp } from "./app.ts";
import { createMemoryRevocations, type RevocationStore } from "./auth/revocations.ts";
import { assertSafeSettings } from "./production-guard.ts";
import { schedulePurge } from "./purge-schedule.ts";
import type { AdminApp } from "./types.ts";

export interface StartAdminOptions {
  settings: AdminSettings;
  prisma: PrismaClient;
  bus: EventBus;
  /** Token revocations; absent = in memory (one process, e.g. the embedded mode without Redis). */
  revocations?: RevocationStore;
  logger: FastifyBaseLogger;
  /** Hit-log purge interval in ms (default one day; 0 = never). */
  purgeIntervalMs?: number;
  /** false: build and prepare but do not listen (default true). */
  listen?: boolean;
}

export interface AdminService {
  app: AdminApp;
  /** e.g. http://127.0.0.1:10009 (empty when not listening) */
  url: string;
  /** Stops the purge timer and closes the server (in-flight requests finish). Deps are the caller's to close. */
  close(): Promise<void>;
}

const DAY_MS = 86_400_000;

export async function startAdminService(options: StartAdminOptions): Promise<AdminService> {
  const { settings, prisma, bus, logger } = options;
  assertSafeSettings(settings);
  const revocations = options.revocations ?? createMemoryRevocations();
  const defaults = await ensureDefaults(prisma);
  if (defaults.created.length > 0) logger.info({ scenes: defaults.created, version: defaults.version }, "default policies created");
  await ensureSuperAdmin(prisma, settings, logger);
  const app = await buildApp({ settings, prisma, bus, revocations, logger });
  let url = "";
  if (options.listen !== false) url = await app.listen({ host: settings.HOST, port: settings.ADMIN_PORT });
  else await app.ready();
  const interval = options.purgeIntervalMs ?? DAY_MS;
  const purge = interval > 0 ? schedulePurge({ settings, prisma, bus, revocations }, logger, interval, 60_000) : undefined;
  return {
    app,
    url,
    async close() {
      await purge?.stop();
      await app.close();
      if (options.revocations === undefined) await revocations.close();
    },
  };
}
