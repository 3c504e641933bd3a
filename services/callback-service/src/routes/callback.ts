// POST /callback/im?command=<command> and POST /callback/im/<command> (CONTRACT.md §1.1). The body arrives as the
// raw string whatever its Content-Type; it is parsed once, checked with a compiled schema, decided from the
// in-memory snapshot and answered through the reply schema's serializer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Logger } from "pino";
import {
  AddFriendRequestSchema,
  CallbackReplySchema,
  ERRORS,
  MessageRequestSchema,
  compileChecker,
  type CallbackReply,
  isCallbackCommand,
  type CallbackSettings,
} from "@wordguard/contracts";
import type { NewHitLog } from "@wordguard/db";
import type { CallbackMetrics } from "../metrics/metrics.ts";
import type { CompiledSnapshot } from "../snapshot/compiled-snapshot.ts";
import type { FriendLookup } from "../friends/friend-lookup.ts";
import { decideAddFriend } from "../decide/add-friend.ts";
import { decideMessage } from "../decide/message.ts";
import { isMessageCommand } from "../decide/message-command.ts";
import type { Decision } from "../decide/decision.ts";
import { failure } from "../reply/callback-reply.ts";
import { DEFAULT_COALESCING, ReplyCoalescer, type ReplyCoalescerOptions } from "../reply/reply-coalescer.ts";
import { bodyTraceId } from "../trace/trace-id.ts";
import { secondsSinceArrival } from "./request-state.ts";
import { closeConnectionWhenClosing } from "./closing-connection.ts";

export interface CallbackRouteDeps {
  settings: CallbackSettings;
  logger: Logger;
  snapshots: { readonly current: CompiledSnapshot | undefined };
  hitLogs: { enqueue(row: NewHitLog): void };
  friendLookup: FriendLookup;
  metrics: CallbackMetrics;
  /** true once shutdown began */
  isClosing(): boolean;
  /** when replies are coalesced (default: DEFAULT_COALESCING) */
  replyCoalescing?: ReplyCoalescerOptions;
}

interface CallbackRoute {
  Params: { command?: string };
  Querystring: { command?: string | string[] };
  Body: string | undefined;
}

export async function callbackRoutes(app: FastifyInstance, deps: CallbackRouteDeps): Promise<void> {
  const { settings, logger, metrics } = deps;
  const checkMessage = compileChecker(MessageRequestSchema);
  const checkFriend = compileChecker(AddFriendRequestSchema);
  const onError = settings.CALLBACK_ON_ERROR;
  const replies = new ReplyCoalescer<CallbackReply>(deps.replyCoalescing ?? DEFAULT_COALESCING, (err) =>
    logger.error({ err }, "sending a held callback reply failed"),
  );
  replies.start();
  app.addHook("onClose", async () => replies.stop());
  const invalid = (errMsg: string, errDlt: string): Decision => ({
    reply: failure(onError, ERRORS.ArgsError.code, errMsg, errDlt),
    outcome: "invalid",
  });

  const finish = (request: FastifyRequest, reply: FastifyReply, decision: Decision): void => {
    metrics.replied(request.callbackCommand, decision.outcome, secondsSinceArrival(request));
    if (decision.hitLog) deps.hitLogs.enqueue(decision.hitLog);
    logDecision(request, decision);
    // The add-friend path replies after a database lookup: shutdown may have begun since the request arrived.
    closeConnectionWhenClosing(reply, deps.isClosing);
    if (replies.send(reply, decision.reply)) metrics.replyCoalesced();
  };

  // A plain (not async) handler: the message path replies synchronously and returns nothing, which spares Fastify a
  // promise per request; the add-friend path replies when its lookup settles.
  const handler = (request: FastifyRequest<CallbackRoute>, reply: FastifyReply): void => {
    const raw = typeof request.body === "string" ? request.body : "";
    let parsed: unknown;
    let parseError: string | undefined;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      parseError = (error as Error).message;
    }
    const body = typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;

    // The header names the trace id when present (genReqId made it request.id); else the body's operationID does.
    let traceId = request.id;
    if (!request.headers["operationid"]) {
      const fromBody = bodyTraceId(body);
      if (fromBody !== undefined) {
        traceId = fromBody;
        const log = logger.child({ operationID: traceId });
        request.log = log;
        reply.log = log;
      }
    }

    const pathCommand = request.params.command || undefined;
    const queryCommand = singleQueryCommand(request.query.command);
    if (queryCommand === MANY) {
      const named = [...new Set([request.query.command].flat())].join(",");
      return finish(request, reply, invalid("invalid command: more than one in the query", named));
    }
    if (pathCommand !== undefined && queryCommand !== undefined && pathCommand !== queryCommand) {
      return finish(request, reply, invalid("invalid command: the path and the query name different commands", `${pathCommand},${queryCommand}`));
    }
    // Neither form given (a webhook URL configured without the command): the body's callbackCommand says it.
    const command = pathCommand ?? queryCommand ?? (typeof body?.["callbackCommand"] === "string" ? body["callbackCommand"] : "");
    if (!isCallbackCommand(command)) return finish(request, reply, invalid(`invalid command: ${command || "(none)"}`, command));
    request.callbackCommand = command;
    if (parseError !== undefined) return finish(request, reply, invalid(`body is not JSON: ${parseError}`, "body"));

    if (!isMessageCommand(command)) {
      const checked = checkFriend(parsed);
      if (!checked.ok) return finish(request, reply, invalid(checked.message, checked.path));
      decideAddFriend(deps.friendLookup, checked.value, settings).then(
        (decision) => finish(request, reply, decision),
        (error: unknown) => finish(request, reply, internal(error)),
      );
      return;
    }

    const checked = checkMessage(parsed);
    if (!checked.ok) return finish(request, reply, invalid(checked.message, checked.path));
    const snapshot = deps.snapshots.current;
    if (!snapshot) return finish(request, reply, internal(new Error("dictionary not loaded yet"), "dictionary not loaded yet"));
    let decision: Decision;
    try {
      decision = decideMessage(snapshot, command, checked.value, traceId, { blockedCode: settings.SENSITIVE_WORD_BLOCKED_CODE });
    } catch (error) {
      decision = internal(error);
    }
    return finish(request, reply, decision);
  };

  function internal(error: unknown, detail = "internal error"): Decision {
    return {
      reply: failure(onError, ERRORS.ServerInternalError.code, "ServerInternalError", detail),
      outcome: "error",
      error,
    };
  }

  const options = { schema: { response: { 200: CallbackReplySchema } } };
  app.post<CallbackRoute>("/callback/im", options, handler);
  app.post<CallbackRoute>("/callback/im/:command", options, handler);
}

const MANY = Symbol("more than one command");

/** The query's command: undefined when absent or empty; MANY when it names different ones (a repeat is one). */
function singleQueryCommand(query: string | string[] | undefined): string | undefined | typeof MANY {
  if (!Array.isArray(query)) return query || undefined;
  const first = query[0];
  for (const other of query) if (other !== first) return MANY;
  return first || undefined;
}

/** One line for what an operator wants to see; clean and skipped messages stay silent at info. */
function logDecision(request: FastifyRequest, decision: Decision): void {
  const { outcome } = decision;
  const command = request.callbackCommand || undefined;
  switch (outcome) {
    case "friend_refused":
    case "friend_unknown":
      request.log.info({ command, outcome, errCode: decision.reply.errCode, ...decision.note }, "callback refused the action");
      return;
    case "blocked":
      // Every blocked message is a hit-log row already (with logHits); a line each at info would cost more than the
      // decision itself on the hot path.
      request.log.debug({ command, outcome, errCode: decision.reply.errCode, ...decision.note }, "callback refused the action");
      return;
    case "masked":
    case "logged":
      request.log.debug({ command, outcome, ...decision.note }, "hits found; action allowed");
      return;
    case "invalid":
      request.log.warn({ command, errMsg: decision.reply.errMsg, errDlt: decision.reply.errDlt }, "invalid callback request");
      return;
    case "error":
      request.log.error({ command, err: decision.error }, "callback failed internally");
      return;
    default:
      return;
  }
}
