// Like the Prisma CLI, migrating a PostgreSQL database that does not exist yet creates it first.
import pg from "pg";
import { pgConfigFromUrl, runAdminStatement } from "./pg-migration-factory.ts";

const INVALID_CATALOG_NAME = "3D000";

/** Creates the URL's database when it is missing; returns true when it did. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const config = pgConfigFromUrl(databaseUrl);
  const probe = new pg.Client(config);
  try {
    await probe.connect();
    return false;
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_CATALOG_NAME) throw error;
  } finally {
    await probe.end().catch(() => undefined);
  }
  try {
    await runAdminStatement({ ...config, database: "postgres" }, `CREATE DATABASE "${config.database}"`);
  } catch (error) {
    // Another process created it meanwhile.
    if ((error as { code?: string }).code !== "42P04") throw error;
  }
  return true;
}
