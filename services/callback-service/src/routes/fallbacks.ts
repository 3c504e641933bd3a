// Replies for requests no route answered normally: unknown paths, wrong methods, bodies over the limit, malformed
// HTTP and anything thrown. Under /callback (and for any POST, which only the messaging server sends) they keep the
// callback shape with HTTP 200: a 404 page or Fastify's own 413/500 JSON would make the server fail the user's action
// with its own error (CONTRACT.md §1.2). Other paths get ordinary HTTP errors.
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ERRORS, type CallbackReply } from "@wordguard/contracts";
import type { CallbackMetrics } from "../metrics/metrics.ts";
import { failure, type OnError } from "../reply/callback-reply.ts";
import { secondsSinceArrival } from "./request-state.ts";

/** Over-limit bodies up to this many times the limit are drained (see the error handler), larger ones close the connection. */
const DRAIN_FACTOR = 4;

export interface FallbackOptions {
  onError: OnError;
  bodyLimit: number;
  metrics: CallbackMetrics;
}

export function isCallbackRequest(request: FastifyRequest): boolean {
  return request.method === "POST" || request.url.startsWith("/callback");
}

function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

export function installFallbacks(app: FastifyInstance, options: FallbackOptions): void {
  const { onError, bodyLimit, metrics } = options;
  const send = (request: FastifyRequest, reply: FastifyReply, body: CallbackReply, outcome: "invalid" | "error"): void => {
    metrics.replied(request.callbackCommand, outcome, secondsSinceArrival(request));
    reply.code(200).send(body);
  };

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    if (!isCallbackRequest(request)) {
      reply.code(404).send({ error: "Not Found", path });
      return;
    }
    request.log.warn({ method: request.method, path }, "invalid callback route");
    send(request, reply, failure(onError, ERRORS.ArgsError.code, "invalid route", `${request.method} ${path}`), "invalid");
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (!isCallbackRequest(request)) {
      if (status >= 500) request.log.error({ err: error }, "request failed");
      reply.code(status).send({ error: status >= 500 ? "internal error" : error.message });
      return;
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      const declared = request.headers["content-length"];
      const size = declared ? `${declared} bytes` : `more than ${bodyLimit} bytes`;
      request.log.warn({ size, limit: bodyLimit }, "callback body too large");
      // Fastify closes the connection after any body error. Closing with the rest of a large body still unread makes
      // the kernel reset the connection, and a client that is still sending can lose the reply to EPIPE/ECONNRESET
      // (seen in the e2e hostile suite). A declared body of up to DRAIN_FACTOR × the limit is read to its end and
      // dropped instead (Node does that on a keep-alive connection), so the reply always arrives; bigger or
      // undeclared bodies close the connection as Fastify does.
      if (declared !== undefined && Number(declared) <= DRAIN_FACTOR * bodyLimit) reply.removeHeader("connection");
      send(request, reply, failure(onError, ERRORS.ArgsError.code, "body too large", `${size}, limit ${bodyLimit}`), "invalid");
      return;
    }
    if (status < 500) {
      request.log.warn({ err: error }, "invalid callback request");
      send(request, reply, failure(onError, ERRORS.ArgsError.code, error.message, error.code ?? "request"), "invalid");
      return;
    }
    request.log.error({ err: error }, "callback failed internally");
    send(request, reply, failure(onError, ERRORS.ServerInternalError.code, "ServerInternalError", "internal error"), "error");
  });
}

/**
 * Malformed HTTP never reaches a route; Node would answer 400 with an empty body. Answer in the callback shape too,
 * then close the connection (its framing can no longer be trusted).
 */
export function callbackClientErrorHandler(onError: OnError) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify(failure(onError, ERRORS.ArgsError.code, "bad request", error.code ?? "malformed HTTP request"));
    socket.end(
      `HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

/**
 * Fastify's framework errors (a URL that does not decode, a failed route constraint) happen before routing; they
 * are answered in the callback shape like any other invalid route.
 */
export function callbackFrameworkErrors(onError: OnError) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    request.log.warn({ code: error.code }, "invalid callback route");
    reply.code(200).send(failure(onError, ERRORS.ArgsError.code, "invalid route", error.code ?? "url"));
  };
}
