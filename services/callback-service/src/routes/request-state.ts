// Per-request state the hooks share with the handlers (decorated once on the instance, set per request).
declare module "fastify" {
  interface FastifyRequest {
    /** the command the request was handled as; "" until known (metrics label it "other") */
    callbackCommand: string;
    /** performance.now() when the request arrived (its first hook); 0 for replies made before any hook ran */
    receivedAt: number;
  }
}

/** Seconds from the request's arrival until now: the latency the metrics observe. */
export function secondsSinceArrival(request: { receivedAt: number }): number {
  return request.receivedAt === 0 ? 0 : (performance.now() - request.receivedAt) / 1000;
}
