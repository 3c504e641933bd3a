// A minimal HTTP/1.1 client over node:http with a caller-owned keep-alive agent: the load generator needs control
// over sockets (one agent per target, bounded sockets) and the raw reply (status, headers, body text) to check the
// wire shape, which fetch hides behind its own pool.
import { Agent, request } from "node:http";

export interface RawRequest {
  method?: string;
  /** Full URL (http://127.0.0.1:port/path?query). */
  url: string;
  headers?: Record<string, string>;
  /** A string is sent as UTF-8; a Buffer as is (lets a test send invalid UTF-8). Absent: no body. */
  body?: string | Buffer;
  timeoutMs?: number;
  /** Called once the whole request (headers and body) has been handed to the socket. */
  onWritten?: () => void;
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function keepAliveAgent(maxSockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, scheduling: "fifo" });
}

/** Sends one request; rejects on a transport failure (refused, reset, timeout) with the error's code. */
export function send(agent: Agent, req: RawRequest): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : typeof req.body === "string" ? Buffer.from(req.body, "utf8") : req.body;
    const headers: Record<string, string> = { ...req.headers };
    if (body !== undefined) headers["content-length"] = String(body.length);
    const outgoing = request(req.url, { method: req.method ?? "POST", agent, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", reject);
      incoming.on("end", () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    outgoing.setTimeout(req.timeoutMs ?? 15_000, () => outgoing.destroy(Object.assign(new Error("request timed out"), { code: "ETIMEDOUT" })));
    outgoing.on("error", reject);
    if (req.onWritten) outgoing.once("finish", req.onWritten);
    outgoing.end(body);
  });
}

/** The error code of a transport failure (ECONNREFUSED, ECONNRESET, ETIMEDOUT, ...), for reports. */
export function errorCode(error: unknown): string {
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string") return error.code;
  return error instanceof Error ? error.message : String(error);
}

/** The first checks every reply gets, callback or admin: HTTP 200 and a JSON body. */
export function parseJsonReply(raw: RawReply): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (raw.status !== 200) return { ok: false, problem: `HTTP ${raw.status}: ${raw.body.slice(0, 200)}` };
  try {
    return { ok: true, value: JSON.parse(raw.body) as unknown };
  } catch {
    return { ok: false, problem: `not JSON: ${JSON.stringify(raw.body.slice(0, 200))}` };
  }
}
