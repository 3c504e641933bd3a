// Per-request state the hooks share with the handlers (decorated once on the instance, set per request).
declare module "fastify" {
  interface FastifyRequest {
    /** the command the request was handled as; "" until known (metrics label it "other") */
    callbackCommand: string;
  }
}

export {};
