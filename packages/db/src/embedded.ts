// The embedded database of `pnpm start` without DATABASE_URL: PostgreSQL compiled to WebAssembly (PGlite), in this
// process, migrated at open. One process at a time may open a data directory; queries are serialised on its single
// connection. Costs ~1 GB RSS and a few seconds to start: for trying wordguard out, not for production.
import { mkdirSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "./generated/prisma/client.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { migrateDeploy } from "./migrate/commands.ts";
import { openPglite } from "./pglite.ts";

export interface EmbeddedOptions {
  /** Data directory (created if missing); absent = in memory, gone at close. */
  dataDir?: string;
}

export interface EmbeddedPrisma {
  prisma: PrismaClient;
  /** Migrations applied at this open (empty when the data directory was up to date). */
  applied: string[];
  /** Disconnects the client and closes PGlite (flushing the data directory). */
  close(): Promise<void>;
}

export async function createEmbeddedPrisma(options: EmbeddedOptions = {}): Promise<EmbeddedPrisma> {
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  let pglite: PGlite;
  try {
    pglite = openPglite(options.dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  try {
    // The migration adapter and the client's share the one PGlite instance; the adapter's dispose does not close it.
    const applied = await migrateDeploy(new PrismaPGlite(pglite));
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    return {
      prisma,
      applied,
      async close() {
        await prisma.$disconnect();
        await pglite.close();
        unlock();
      },
    };
  } catch (error) {
    await pglite.close().catch(() => undefined);
    unlock();
    throw error;
  }
}
