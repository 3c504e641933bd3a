// Entry of the hit-log insert worker: runs the batch inserts over its own connection so that building and sending
// them (Prisma's query planning and parameter encoding, a few milliseconds per batch) never holds up the event loop
// that answers callbacks. At the lowest CPU priority: the queue in front of it absorbs any delay.
import { parentPort, workerData } from "node:worker_threads";
import { createPrisma, insertHitLogs } from "@wordguard/db";
import { lowerThreadPriority } from "../../thread-priority.ts";
import type { InsertReply, InsertRequest, InsertWorkerInput } from "./protocol.ts";

lowerThreadPriority();
const { databaseUrl } = workerData as InsertWorkerInput;
const prisma = createPrisma({ databaseUrl, poolSize: 2, connectionTimeoutMs: 2000 });
const port = parentPort!;

port.on("message", (request: InsertRequest) => {
  if ("close" in request) {
    void prisma.$disconnect().finally(() => {
      port.postMessage({ id: request.id, ok: true, count: 0 } satisfies InsertReply);
      port.close();
    });
    return;
  }
  insertHitLogs(prisma, request.rows).then(
    (count) => port.postMessage({ id: request.id, ok: true, count } satisfies InsertReply),
    (error: unknown) =>
      port.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) } satisfies InsertReply),
  );
});
