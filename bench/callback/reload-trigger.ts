// The reload phase's change, made and watched by a small process of its own, started once before the first round.
// Made from the benchmark's main process, the change (a Prisma transaction) and the /readyz polling woke that process's
// heap: its collector's helper threads and its main thread took ~440 ms in 4 ms slices of the generator's core during
// each reload (perf sched, 2026-11-25), and the generator, which spins at this rate, waited behind them (send lag p99
// 3–4 ms during reloads against 0.04–0.1 ms steady), charging that to the service. This child holds one connection,
// a small heap collected on its main thread alone, and runs on the server's core at nice +20 relative to the benchmark:
// the service's event loop preempts it there as it does the build worker (same nice), so what it costs the service
// is a few ms of CPU beside a build of ~1 s, as an admin service on the same host would.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { CHANNELS } from "@wordguard/contracts";
import { createRedisBus } from "@wordguard/bus";
import { createPrisma } from "@wordguard/db";
import { addWordAndBump } from "./database.ts";
import { get } from "./processes.ts";

export interface ReloadTriggerOptions {
  core: number;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
}

/** Times on the parent's performance.now clock. */
export interface ReloadTimes {
  /** when the change was about to be committed (the transaction began) */
  triggeredAt: number;
  /** when the service first answered /readyz with the new version */
  loadedAt: number;
  version: number;
}

type ToChild = { type: "go"; port: number; before: number; clockOrigin: number };
type FromChild = { type: "ready" } | { type: "done"; times: ReloadTimes } | { type: "failed"; message: string };

const isChild = process.argv[2] === "--reload-trigger";

export interface ReloadTrigger {
  /** Makes one change and resolves once the service on `port` answers with a version after `before` (60 s at most). */
  fire(port: number, before: number): Promise<ReloadTimes>;
  stop(): Promise<void>;
}

/** Starts the trigger process and waits until its connections are open (its start-up costs ~2 s of CPU on its core). */
export async function startReloadTrigger(options: ReloadTriggerOptions): Promise<ReloadTrigger> {
  const child: ChildProcess = spawn(
    "taskset",
    ["-c", String(options.core), "nice", "-n", "20", process.execPath, "--import", "tsx", "--single-threaded-gc", fileURLToPath(import.meta.url), "--reload-trigger"],
    {
      env: { ...process.env, TRIGGER_OPTIONS: JSON.stringify(options) },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      serialization: "advanced",
    },
  );
  const messages: FromChild[] = [];
  let wake: (() => void) | undefined;
  child.on("message", (m: FromChild) => {
    messages.push(m);
    wake?.();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const next = async (): Promise<FromChild> => {
    while (messages.length === 0) {
      const arrived = new Promise<void>((resolve) => (wake = resolve));
      const lost = exited.then(() => {
        throw new Error("the reload trigger exited");
      });
      await Promise.race([arrived, lost]);
    }
    return messages.shift()!;
  };
  const first = await next();
  if (first.type !== "ready") throw new Error(`reload trigger: ${first.type === "failed" ? first.message : "unexpected message"}`);
  return {
    async fire(port, before) {
      child.send({ type: "go", port, before, clockOrigin: performance.timeOrigin } satisfies ToChild);
      const reply = await next();
      if (reply.type === "done") return reply.times;
      throw new Error(`reload trigger: ${reply.type === "failed" ? reply.message : "unexpected message"}`);
    },
    async stop() {
      if (child.exitCode === null) child.disconnect();
      await exited;
    },
  };
}

if (isChild) {
  const options = JSON.parse(process.env["TRIGGER_OPTIONS"]!) as ReloadTriggerOptions;
  const prisma = createPrisma({ databaseUrl: options.databaseUrl, poolSize: 1 });
  const bus = createRedisBus({ url: options.redisUrl, prefix: options.redisPrefix });
  const send = (m: FromChild) => process.send!(m);
  const fire = async ({ port, before, clockOrigin }: ToChild): Promise<ReloadTimes> => {
    const shift = performance.timeOrigin - clockOrigin;
    const triggeredAt = performance.now() + shift;
    const version = await addWordAndBump(prisma, `reloadword${randomBytes(4).toString("hex")}`);
    await bus.publish(CHANNELS.dictionaryChanged, { version, kind: "word", at: Date.now() });
    const deadline = performance.now() + 60_000;
    while (performance.now() < deadline) {
      const res = await get(port, "/readyz");
      if (res.status === 200 && ((JSON.parse(res.body) as { version?: number }).version ?? 0) > before) {
        return { triggeredAt, loadedAt: performance.now() + shift, version };
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the service on ${port} did not answer with a version after ${before} within 60 s`);
  };
  process.on("message", (m: ToChild) => {
    fire(m).then(
      (times) => send({ type: "done", times }),
      (error: unknown) => send({ type: "failed", message: error instanceof Error ? error.message : String(error) }),
    );
  });
  process.once("disconnect", () => {
    void Promise.all([bus.close(), prisma.$disconnect()]).finally(() => process.exit(0));
  });
  // Open the database connection before the first change, so that it pays only for the change (the bus connects at once).
  await prisma.$queryRaw`SELECT 1`;
  send({ type: "ready" });
}
