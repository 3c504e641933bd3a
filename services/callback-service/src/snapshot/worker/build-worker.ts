// Entry of the long-lived build worker. It starts once per snapshot holder (at the first build that needs it) and then
// answers one "build" request per reload, so each reload pays only for loading and compiling: booting the thread's
// TypeScript loader and the Prisma client costs several seconds on a small machine, more than the build itself.
import { parentPort, workerData } from "node:worker_threads";
import { createPrisma } from "@wordguard/db";
import { lowerThreadPriority } from "../../thread-priority.ts";
import { loadAndCompile } from "./load-and-compile.ts";
import type { BuildWorkerData, BuildWorkerReply, BuildWorkerRequest } from "./protocol.ts";

const { databaseUrl } = workerData as BuildWorkerData;
const port = parentPort!;
// One connection is all a build needs (one transaction). The client is created once and kept: after PostgreSQL
// restarts, the pool drops the dead connection (its idle-error handler, or the failed query) and the next build opens a
// fresh one; the pool also closes the connection after a while idle, so a quiet replica holds none between reloads.
const prisma = createPrisma({ databaseUrl, poolSize: 1, connectionTimeoutMs: 5000 });
let lowered = false;

async function build(id: number): Promise<void> {
  try {
    const { message, transfer } = await loadAndCompile(prisma);
    port.postMessage({ id, ok: true, ...message } satisfies BuildWorkerReply, transfer);
  } catch (error) {
    port.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) } satisfies BuildWorkerReply);
  }
}

port.on("message", (request: BuildWorkerRequest) => {
  if (request.type === "close") {
    // Ending the port leaves the thread without work, so it exits once the connection is closed.
    void prisma.$disconnect().finally(() => port.close());
    return;
  }
  // Lowering is one-way (raising a thread's priority back needs privileges): the first reload lowers the thread for
  // good, which is what every later build is anyway.
  if (request.lowPriority && !lowered) {
    lowered = true;
    lowerThreadPriority();
  }
  void build(request.id);
});
