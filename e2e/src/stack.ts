// The whole system on loopback, as separate processes: a fresh migrated PostgreSQL database (wg_e2e_*) reached
// through our TCP proxy, our own redis-server, the admin service and N callback replicas. `close()` stops
// everything it started and drops the database.
import { randomBytes } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "@wordguard/db/testing";
import { AdminClient } from "./admin-client.ts";
import { freePort } from "./free-port.ts";
import { createLogDir, type LogDir } from "./log-dir.ts";
import { RedisServer } from "./redis-server.ts";
import { serviceEnv } from "./service-env.ts";
import { ServiceProcess } from "./service-process.ts";
import { TcpProxy } from "./tcp-proxy.ts";

export interface StackOptions {
  /** Names the log directory. */
  label: string;
  replicas?: number;
  /** Extra callback settings, per replica index. */
  callbackEnv?: (index: number) => Record<string, string | number>;
  adminEnv?: Record<string, string | number>;
  /** LOG_LEVEL of the services (default warn: a request line per callback would cost more than the callback). */
  logLevel?: string;
  /** RELOAD_POLL_MS of the replicas (default 1000, so a missed change event is repaired within a second). */
  reloadPollMs?: number;
  /** Database name prefix (default wg_e2e). */
  databasePrefix?: string;
  /** Route the services' database connections through the proxy (default true). */
  viaProxy?: boolean;
  /** Runs after the admin service is up and before the replicas start (e.g. to load a dictionary). */
  beforeReplicas?: (stack: Pick<Stack, "db" | "admin" | "adminClient">) => Promise<void>;
}

export interface Stack {
  logs: LogDir;
  db: TestDatabase;
  redis: RedisServer;
  pgProxy: TcpProxy;
  admin: ServiceProcess;
  adminClient: AdminClient;
  replicas: ServiceProcess[];
  account: string;
  password: string;
  /** The admin service's ADMIN_JWT_SECRET (lets a test forge expired or not-yet-valid tokens). */
  jwtSecret: string;
  /** How long each start step took (ms), for the test's comments. */
  timings: Record<string, number>;
  /** The dictionary version in the database. */
  databaseVersion(): Promise<number>;
  /** Services that exited although nobody stopped them. */
  crashed(): ServiceProcess[];
  /** Stops everything; returns the log directory when kept (failures, or E2E_KEEP_LOGS=1). */
  close(keepLogs?: boolean): Promise<string | undefined>;
}

async function startReplica(
  logs: LogDir,
  index: number,
  settings: Record<string, string | number>,
): Promise<ServiceProcess> {
  const port = await freePort();
  const name = `callback-${String.fromCharCode(97 + index)}`;
  const replica = new ServiceProcess({
    service: "callback-service",
    name,
    env: serviceEnv({ ...settings, CALLBACK_PORT: port }),
    logFile: logs.file(`${name}.log`),
    baseUrl: `http://127.0.0.1:${port}`,
    readyPath: "/readyz",
  });
  await replica.start();
  return replica;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const logs = createLogDir(options.label);
  const timings: Record<string, number> = {};
  let mark = Date.now();
  const step = (name: string): void => {
    timings[name] = Date.now() - mark;
    mark = Date.now();
  };
  const db = await createTestDatabase(options.databasePrefix ?? "wg_e2e", { poolSize: 4 });
  // The first query of a Prisma client compiles its query machinery (hundreds of ms of CPU). Pay for it now: done
  // later, in the middle of a load run, it would stall this process and show up as service latency.
  await db.prisma.dictVersion.findUnique({ where: { id: 1 } });
  step("database");
  const started: { stop(): Promise<unknown> }[] = [];
  const redis = new RedisServer({ port: await freePort(), dir: logs.path, logFile: logs.file("redis.log") });
  const pgProxy = new TcpProxy({ targetHost: new URL(db.url).hostname, targetPort: Number(new URL(db.url).port || 5432) });
  try {
    await redis.start();
    started.push(redis);
    await pgProxy.up();
    started.push({ stop: () => pgProxy.close() });
    step("redis and proxy");
    const databaseUrl = options.viaProxy === false ? db.url : pgProxy.rewriteUrl(db.url);
    const common = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      REDIS_PREFIX: "wg_e2e:",
      HOST: "127.0.0.1",
      LOG_LEVEL: options.logLevel ?? "warn",
      NODE_ENV: "test",
    };

    const account = "e2eAdmin";
    const password = `pw-${randomBytes(8).toString("hex")}`;
    const jwtSecret = randomBytes(24).toString("hex");
    const adminPort = await freePort();
    const admin = new ServiceProcess({
      service: "admin-service",
      name: "admin",
      env: serviceEnv({
        ...common,
        ADMIN_PORT: adminPort,
        ADMIN_ACCOUNT: account,
        ADMIN_PASSWORD: password,
        ADMIN_JWT_SECRET: jwtSecret,
        LOGIN_RATE_LIMIT: 10_000,
        ...options.adminEnv,
      }),
      logFile: logs.file("admin.log"),
      baseUrl: `http://127.0.0.1:${adminPort}`,
      readyPath: "/healthz",
    });
    await admin.start();
    started.push(admin);
    const adminClient = new AdminClient(admin.baseUrl);
    await adminClient.login(account, password);
    step("admin");
    await options.beforeReplicas?.({ db, admin, adminClient });
    step("before replicas");

    const replicas = await Promise.all(
      Array.from({ length: options.replicas ?? 2 }, (_, index) =>
        startReplica(logs, index, { ...common, RELOAD_POLL_MS: options.reloadPollMs ?? 1000, ...options.callbackEnv?.(index) }),
      ),
    );
    started.push(...replicas);
    step("replicas");

    const stopAll = async (): Promise<void> => {
      await Promise.all(replicas.map((replica) => replica.stop()));
      await admin.stop();
      await redis.stop();
      await pgProxy.close();
    };

    return {
      logs,
      db,
      redis,
      pgProxy,
      admin,
      adminClient,
      replicas,
      account,
      password,
      jwtSecret,
      timings,
      async databaseVersion() {
        const row = await db.prisma.dictVersion.findUnique({ where: { id: 1 } });
        return row?.version ?? 0;
      },
      crashed() {
        return [admin, ...replicas].filter((service) => service.crashed);
      },
      async close(keepLogs = false) {
        adminClient.close();
        await stopAll();
        await db.drop();
        return logs.cleanup(keepLogs);
      },
    };
  } catch (error) {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
    await db.drop().catch(() => undefined);
    const kept = logs.cleanup(true);
    throw new Error(`stack did not start (logs in ${kept}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

