// buildApp: the callback service as one Fastify instance, used by the server and by the tests. Every dependency is
// injected (snapshot holder, hit-log writer, friend lookup, metrics, logger): nothing here opens a connection, so
// the one-process launcher can run this service beside the admin service on one embedded database and bus.
import Fastify, { LogController, type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { CallbackSettings } from "@wordguard/contracts";
import type { NewHitLog } from "@wordguard/db";
import type { CallbackMetrics } from "./metrics/metrics.ts";
import type { CompiledSnapshot } from "./snapshot/compiled-snapshot.ts";
import type { FriendLookup } from "./friends/friend-lookup.ts";
import { headerTraceId, traceIdGenerator } from "./trace/trace-id.ts";
import { lazyChildLoggerFactory } from "./logging/lazy-child-logger.ts";
import { callbackRoutes } from "./routes/callback.ts";
import type { ReplyCoalescerOptions } from "./reply/reply-coalescer.ts";
import { callbackClientErrorHandler, callbackFrameworkErrors, installFallbacks } from "./routes/fallbacks.ts";
import { healthRoutes } from "./routes/health.ts";
import { metricsRoute } from "./routes/metrics.ts";
import { installCallerCheck } from "./hooks/caller-check.ts";
import { closeConnectionWhenClosing } from "./routes/closing-connection.ts";
import "./routes/request-state.ts";

const RAW_CONTENT_TYPE = "application/octet-stream";

export interface AppOptions {
  settings: CallbackSettings;
  logger: Logger;
  snapshots: { readonly current: CompiledSnapshot | undefined };
  hitLogs: { enqueue(row: NewHitLog): void };
  friendLookup: FriendLookup;
  metrics: CallbackMetrics;
  /** true once shutdown began: /readyz turns 503 */
  isClosing(): boolean;
  /** when the callback route coalesces its replies (default: under saturation; see reply/reply-coalescer.ts) */
  replyCoalescing?: ReplyCoalescerOptions;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { settings, logger, metrics } = options;
  const nextTraceId = traceIdGenerator();
  const app = Fastify({
    // No loggerInstance: request.log comes from the factory below, a child of `logger` labelled with the trace id,
    // and Fastify then spares every response its logging listeners (see lazyChildLoggerFactory). Per-request
    // "incoming/completed" lines would double the log volume of every message for nothing: decisions worth reading
    // are logged by the routes; latency goes to the metrics.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "operationID" }),
    childLoggerFactory: lazyChildLoggerFactory(logger),
    genReqId: (req) => headerTraceId(req.headers) ?? nextTraceId(),
    bodyLimit: settings.CALLBACK_BODY_LIMIT,
    // A webhook URL configured with a trailing slash makes the server call `/callback/im//<command>`.
    // Any command, however long, must come back as `invalid command` in the callback shape, not as Fastify's 414
    // (its default limit is 100 characters); Node's 16 KiB header limit bounds the URL anyway.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 16_384 },
    // A path that does not decode (e.g. a lone surrogate as %ED%A0%80) is a framework error, answered in shape too.
    frameworkErrors: callbackFrameworkErrors(settings.CALLBACK_ON_ERROR),
    // Requests still arriving on open connections during shutdown are answered normally rather than with a 503
    // that is not in the callback shape; the server stops accepting connections and closes idle ones.
    return503OnClosing: false,
    forceCloseConnections: "idle",
    clientErrorHandler: callbackClientErrorHandler(settings.CALLBACK_ON_ERROR),
  });

  app.decorateRequest("callbackCommand", "");
  app.decorateRequest("receivedAt", 0);
  // Raw body for every content type (or none): the messaging server's Content-Type is not a promise about the body.
  app.removeAllContentTypeParsers();
  const rawBody = { parseAs: "string" as const, bodyLimit: settings.CALLBACK_BODY_LIMIT };
  const keepRaw = (_request: unknown, body: string | Buffer, done: (err: null, body: string | Buffer) => void): void => done(null, body);
  // The hook below rewrites every Content-Type to this one: registered by name, its parser is found in Fastify's cache;
  // reached only through the catch-all, every request would parse the header anew (~1.5 µs of the hot path).
  app.addContentTypeParser(RAW_CONTENT_TYPE, rawBody, keepRaw);
  app.addContentTypeParser("*", rawBody, keepRaw);
  // The body is read raw whatever the Content-Type says (CONTRACT.md §1.1), including headers that are not media
  // types at all ("garbage"), which Fastify would otherwise refuse before any parser runs.
  // The same hook stamps the arrival for the latency metric (Fastify keeps no start time without a logger), and
  // during shutdown marks the reply to close its keep-alive connection (see closeConnectionWhenClosing).
  app.addHook("onRequest", (request, reply, done) => {
    request.receivedAt = performance.now();
    if (request.headers["content-type"] !== undefined) request.raw.headers["content-type"] = RAW_CONTENT_TYPE;
    closeConnectionWhenClosing(reply, options.isClosing);
    done();
  });
  installFallbacks(app, { onError: settings.CALLBACK_ON_ERROR, bodyLimit: settings.CALLBACK_BODY_LIMIT, metrics });
  installCallerCheck(app, {
    secret: settings.CALLBACK_SECRET,
    allowedIps: settings.CALLBACK_ALLOWED_IPS,
    onError: settings.CALLBACK_ON_ERROR,
    metrics,
  });
  await app.register(callbackRoutes, {
    settings,
    logger,
    snapshots: options.snapshots,
    hitLogs: options.hitLogs,
    friendLookup: options.friendLookup,
    metrics,
    isClosing: options.isClosing,
    ...(options.replyCoalescing ? { replyCoalescing: options.replyCoalescing } : {}),
  });
  await app.register(healthRoutes, { snapshots: options.snapshots, isClosing: options.isClosing });
  await app.register(metricsRoute, { metrics });
  return app;
}
