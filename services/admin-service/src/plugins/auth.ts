// Token check for every route that declares `config.minLevel`. It runs at onRequest, before the body is read, so
// an unauthenticated caller cannot make us parse 8 MiB.
import { identify } from "../auth/identity.ts";
import { fail } from "../envelope.ts";
import type { Actor, AdminApp, AdminDeps, AdminIdentity } from "../types.ts";
import type { FastifyRequest } from "fastify";

export function setupAuth(app: AdminApp, deps: AdminDeps): void {
  app.decorateRequest("admin", null);
  app.addHook("onRequest", async (request) => {
    const minLevel = request.routeOptions.config.minLevel;
    if (minLevel === undefined) return;
    const admin = await identify(deps, request.headers["token"]);
    if (admin.level < minLevel) throw fail("NoPermissionError", `level ${minLevel} required, caller has ${admin.level}`);
    request.admin = admin;
  });
}

/** The authenticated admin of a route that declared a level (the hook guarantees it is set). */
export function adminOf(request: FastifyRequest): AdminIdentity {
  if (request.admin === null) throw new Error("route without minLevel asked for its admin");
  return request.admin;
}

export function actorOf(request: FastifyRequest): Actor {
  return { operatorID: adminOf(request).userID, operationID: request.id };
}
