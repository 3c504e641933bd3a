// Liveness and readiness (DESIGN.md): alive while the process runs; ready once the first snapshot is loaded and
// until shutdown begins, so a load balancer sends callbacks only to replicas that can decide them.
import type { FastifyInstance } from "fastify";
import type { CompiledSnapshot } from "../snapshot/compiled-snapshot.ts";

export interface HealthDeps {
  snapshots: { readonly current: CompiledSnapshot | undefined };
  isClosing(): boolean;
}

export async function healthRoutes(app: FastifyInstance, deps: HealthDeps): Promise<void> {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    const snapshot = deps.snapshots.current;
    if (deps.isClosing()) return reply.code(503).send({ status: "closing" });
    if (!snapshot) return reply.code(503).send({ status: "loading" });
    return { status: "ready", version: snapshot.version, entries: snapshot.entries, loadedAt: snapshot.loadedAt };
  });
}
