// Entry of the hit-log insert worker: runs the batch inserts over its own connection so that building and sending
// them never holds up the event loop that answers callbacks. At a lower CPU priority: the queue in front of it
// absorbs any delay.
import { parentPort, workerData } from "node:worker_threads";
import { lowerThreadPriority } from "../../thread-priority.ts";
import { createPgHitLogInserter } from "./pg-hit-log-insert.ts";
import { sqlStateOf } from "@wordguard/db/sql-state";
import type { InsertReply, InsertRequest, InsertWorkerInput } from "./protocol.ts";

lowerThreadPriority();
const { databaseUrl } = workerData as InsertWorkerInput;
const inserter = createPgHitLogInserter(databaseUrl);
const port = parentPort!;

port.on("message", (request: InsertRequest) => {
  if ("close" in request) {
    void inserter.close().finally(() => {
      port.postMessage({ id: request.id, ok: true, count: 0 } satisfies InsertReply);
      port.close();
    });
    return;
  }
  inserter.insert(request.rows).then(
    (count) => port.postMessage({ id: request.id, ok: true, count } satisfies InsertReply),
    (error: unknown) => {
      const code = sqlStateOf(error);
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ id: request.id, ok: false, message, ...(code ? { code } : {}) } satisfies InsertReply);
    },
  );
});
