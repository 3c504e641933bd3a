import type { FastifyInstance } from "fastify";
import type { CallbackMetrics } from "../metrics/metrics.ts";

/** Prometheus text exposition of this instance's registry. */
export async function metricsRoute(app: FastifyInstance, deps: { metrics: CallbackMetrics }): Promise<void> {
  const { registry } = deps.metrics;
  app.get("/metrics", async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
