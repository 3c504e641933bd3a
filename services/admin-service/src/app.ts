// buildApp: the whole admin API as one Fastify instance, from injected dependencies. The server, the tests, the
// benchmark and the one-process launcher all build it this way.
import Fastify, { LogController } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyBaseLogger } from "fastify";
import { TestDictionary } from "./governance/test-dictionary.ts";
import { setupAuth } from "./plugins/auth.ts";
import { setupBodyParser } from "./plugins/body-parser.ts";
import { setupCors } from "./plugins/cors.ts";
import { setupDocsUi, setupOpenApi } from "./plugins/docs.ts";
import { setupErrors } from "./plugins/errors.ts";
import { operationIdOf, setupOperationId } from "./plugins/operation-id.ts";
import { setupRateLimit } from "./plugins/rate-limit.ts";
import { setupValidation } from "./plugins/validation.ts";
import { registerRoutes } from "./routes/index.ts";
import type { AdminApp, AdminDeps } from "./types.ts";

export interface BuildAppOptions extends AdminDeps {
  /** A pino logger (or any Fastify logger); absent = silent. */
  logger?: FastifyBaseLogger;
}

export async function buildApp(options: BuildAppOptions): Promise<AdminApp> {
  const { settings, logger, ...deps } = options;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: settings.ADMIN_BODY_LIMIT,
    genReqId: operationIdOf,
    logController: new LogController({ requestIdLogLabel: "operationID" }),
    // Clients of a closing server get a clean connection close, not a 503 page without the envelope.
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const allDeps = { settings, ...deps };
  setupOperationId(app);
  setupErrors(app, settings.ADMIN_BODY_LIMIT);
  setupBodyParser(app);
  setupValidation(app);
  await setupCors(app, settings.CORS_ORIGIN);
  await setupRateLimit(app);
  setupAuth(app, allDeps);
  await setupOpenApi(app);

  const ctx = { deps: allDeps, testDictionary: new TestDictionary(deps.prisma) };
  await app.register(
    async (scope) => {
      registerRoutes(scope.withTypeProvider<TypeBoxTypeProvider>(), ctx);
    },
    { prefix: "/adminx" },
  );
  await setupDocsUi(app);
  // Liveness for orchestrators; outside /adminx and without a token.
  app.get("/healthz", async () => ({ status: "ok" }));
  return app;
}
