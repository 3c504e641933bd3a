// Optional hardening (CONTRACT.md §1.1), off by default: a shared secret in `x-callback-secret` and/or a source-IP
// allowlist. Installed only when configured, so the default hot path pays nothing.
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { ERRORS } from "@wordguard/contracts";
import type { CallbackMetrics } from "../metrics/metrics.ts";
import { failure, type OnError } from "../reply/callback-reply.ts";
import { isCallbackRequest } from "../routes/fallbacks.ts";
import { secondsSinceArrival } from "../routes/request-state.ts";

export interface CallerCheckOptions {
  secret: string;
  /** comma-separated IPs; empty = any */
  allowedIps: string;
  onError: OnError;
  metrics: CallbackMetrics;
}

export const SECRET_HEADER = "x-callback-secret";

export function installCallerCheck(app: FastifyInstance, options: CallerCheckOptions): void {
  const secret = Buffer.from(options.secret);
  const allowed = new Set(
    options.allowedIps
      .split(",")
      .map((ip) => normalizeIp(ip.trim()))
      .filter((ip) => ip !== ""),
  );
  if (secret.length === 0 && allowed.size === 0) return;
  app.addHook("onRequest", async (request, reply) => {
    if (!isCallbackRequest(request)) return;
    let reason: string | undefined;
    if (allowed.size > 0 && !allowed.has(normalizeIp(request.socket.remoteAddress ?? ""))) reason = "source address not allowed";
    else if (secret.length > 0) {
      const given = request.headers[SECRET_HEADER];
      const value = Buffer.from(typeof given === "string" ? given : "");
      if (value.length !== secret.length || !timingSafeEqual(value, secret)) reason = "missing or wrong callback secret";
    }
    if (reason === undefined) return;
    request.log.warn({ ip: request.socket.remoteAddress, reason }, "callback caller refused");
    options.metrics.replied(request.callbackCommand, "unauthorized", secondsSinceArrival(request));
    return reply.code(200).send(failure(options.onError, ERRORS.NoPermissionError.code, "NoPermissionError", reason));
  });
}

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) is `10.0.0.1`. */
function normalizeIp(ip: string): string {
  return ip.startsWith("::ffff:") ? ip.slice(7) : ip;
}
