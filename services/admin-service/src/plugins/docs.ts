// OpenAPI generated from the routes' TypeBox schemas, served at /adminx/docs (UI) and /adminx/docs/json.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { AdminApp } from "../types.ts";

export const DOCS_PREFIX = "/adminx/docs";

/** Before the routes: @fastify/swagger collects them as they are added. */
export async function setupOpenApi(app: AdminApp): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "wordguard admin API",
        version: "1.0.0",
        description:
          "Governance API in OpenIM chat admin-api conventions: every route is POST with a JSON body, headers `token` " +
          "(admin token) and `operationID` (echoed), always HTTP 200 with {errCode, errMsg, errDlt, data}.",
      },
      components: { securitySchemes: { token: { type: "apiKey", in: "header", name: "token" } } },
      security: [{ token: [] }],
    },
  });
}

export async function setupDocsUi(app: AdminApp): Promise<void> {
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
