// Rate limiting is per route (only login sets `config.rateLimit`), in memory per process: login throttling needs
// no coordination to work, and an admin service usually runs as one or two replicas.
import rateLimit from "@fastify/rate-limit";
import { fail } from "../envelope.ts";
import type { AdminApp } from "../types.ts";

export async function setupRateLimit(app: AdminApp): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Thrown, so the error handler turns it into the envelope like any other error.
    errorResponseBuilder: (_request, context) => fail("TooManyRequests", `too many attempts: retry in ${Math.ceil(context.ttl / 1000)} s`),
  });
}
