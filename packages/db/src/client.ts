// PrismaClient factories over driver adapters (Prisma 7's Rust-free client needs no engine binary at run time).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client.ts";
import type { Prisma } from "./generated/prisma/client.ts";

export { PrismaClient };
export type { Prisma };
/** The client handed to an interactive transaction's callback. */
export type Tx = Prisma.TransactionClient;
/** Anything that can run queries: the client itself or a transaction. */
export type Db = PrismaClient | Tx;

export interface CreatePrismaOptions {
  databaseUrl: string;
  /** pg pool size (default 10). */
  poolSize?: number;
  /** How long a query may wait for a free pooled connection before failing, in ms (default 10 s). */
  connectionTimeoutMs?: number;
  /** Reported when an idle pooled connection fails (e.g. the server restarts); the pool replaces it. */
  onPoolError?: (error: Error) => void;
}

/** A PrismaClient on PostgreSQL through @prisma/adapter-pg. Close it with `$disconnect()`. */
export function createPrisma(options: CreatePrismaOptions): PrismaClient {
  const adapter = new PrismaPg(
    {
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 10_000,
    },
    options.onPoolError ? { onPoolError: options.onPoolError } : undefined,
  );
  return new PrismaClient({ adapter });
}
