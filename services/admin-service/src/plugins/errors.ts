// One place turns anything thrown into the envelope (HTTP 200 always). Contract errors pass through; Fastify's own
// 4xx (body too large, bad content length, bad JSON) become 1001; everything else is a 500 whose details go to the
// log, never to the caller, who gets the operationID to quote instead.
import { isApiError, type ApiError } from "@wordguard/contracts";
import { errorEnvelope, fail } from "../envelope.ts";
import type { AdminApp } from "../types.ts";

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message: string;
}

function isClientError(error: unknown): error is FastifyLikeError {
  const status = (error as FastifyLikeError | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

function toApiError(error: unknown, bodyLimit: number): ApiError | null {
  if (isApiError(error)) return error;
  if (!isClientError(error)) return null;
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return fail("ArgsError", `body too large: limit ${bodyLimit} bytes`);
  return fail("ArgsError", error.message);
}

export function setupErrors(app: AdminApp, bodyLimit: number): void {
  app.setErrorHandler((error, request, reply) => {
    const api = toApiError(error, bodyLimit);
    if (api !== null) {
      request.log.info({ errCode: api.errCode, errDlt: api.errDlt }, api.errName);
      return reply.code(200).send(errorEnvelope(api));
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(200).send(errorEnvelope(fail("ServerInternalError", `operationID=${request.id}`)));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(200).send(errorEnvelope(fail("ArgsError", `invalid route: ${request.method} ${request.url.split("?")[0]}`)));
  });
}
