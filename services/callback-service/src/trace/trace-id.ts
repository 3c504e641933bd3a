// The trace id of a request (CONTRACT.md §1.1): the `operationID` header (Go canonicalises it to `Operationid`; Node
// lower-cases every header name, so one lookup reads any spelling), else the body's `operationID`, else a generated
// one. It labels every log line of the request and is stored in hit logs.
import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/** Longer values are cut: the id is a log label and a hit-log column, not a payload. */
export const TRACE_ID_MAX = 128;

export function headerTraceId(headers: IncomingHttpHeaders): string | undefined {
  const value = headers["operationid"];
  const first = Array.isArray(value) ? value[0] : value;
  return first ? first.slice(0, TRACE_ID_MAX) : undefined;
}

export function bodyTraceId(body: Record<string, unknown> | undefined): string | undefined {
  const value = body?.["operationID"];
  return typeof value === "string" && value !== "" ? value.slice(0, TRACE_ID_MAX) : undefined;
}

/** `cb-<random per process>-<counter>`: unique enough to find a request in the logs, and free to make. */
export function traceIdGenerator(): () => string {
  const prefix = `cb-${randomBytes(4).toString("hex")}-`;
  let counter = 0;
  return () => prefix + (++counter).toString(36);
}
