// CORS for the admin console (CONTRACT.md §2.1): origins from CORS_ORIGIN (`*` or a comma-separated list); every
// OPTIONS answers 200, with or without a proper preflight.
import cors from "@fastify/cors";
import type { AdminApp } from "../types.ts";

export async function setupCors(app: AdminApp, corsOrigin: string): Promise<void> {
  const origins = corsOrigin.split(",").map((o) => o.trim()).filter(Boolean);
  await app.register(cors, {
    origin: origins.length === 0 || origins.includes("*") ? "*" : origins,
    methods: ["POST", "GET", "OPTIONS"],
    allowedHeaders: ["Content-Type", "token", "operationID"],
    exposedHeaders: ["operationID"],
    optionsSuccessStatus: 200,
    strictPreflight: false,
    maxAge: 600,
  });
}
