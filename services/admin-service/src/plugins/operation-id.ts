// The trace id of a request (CONTRACT.md §2.1): the `operationID` header, else a generated one. It is the request
// id of Fastify (so every log line carries it) and is echoed in the reply header `operationID`.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { AdminApp } from "../types.ts";

/** Printable ASCII, bounded: a header we would rather not write into logs and audit rows is replaced. */
const ACCEPTABLE = /^[\x21-\x7e]{1,128}$/;

/** Fastify's `genReqId`: Node lower-cases header names, so `operationID` arrives as `operationid`. */
export function operationIdOf(raw: IncomingMessage): string {
  const header = raw.headers["operationid"];
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && ACCEPTABLE.test(value) ? value : randomUUID().replaceAll("-", "");
}

export function setupOperationId(app: AdminApp): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("operationID", request.id);
  });
}
