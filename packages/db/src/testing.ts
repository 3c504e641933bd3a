// Test databases for every package's tests: a fresh, migrated PostgreSQL database per call, cloned from a template
// migrated once per migration set (CREATE DATABASE ... TEMPLATE copies files: milliseconds instead of a migration).
//   const db = await createTestDatabase("wg_db");  t.teardown(db.drop);
// Server: TEST_DATABASE_URL, else DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/postgres. Only its host,
// port and credentials are used (databases are created from the maintenance database `postgres`); the user needs
// CREATEDB.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createPrisma, type PrismaClient } from "./client.ts";
import { migrateDeploy } from "./migrate/commands.ts";
import { migrationsDigest } from "./migrate/migration-files.ts";
import { pgConfigFromUrl, pgMigrationFactory } from "./migrate/pg-migration-factory.ts";

export const DEFAULT_TEST_SERVER_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  /** connection URL of the new database */
  url: string;
  name: string;
  /** a client on it (pool of `poolSize`, default 10) */
  prisma: PrismaClient;
  /** disconnects the client and drops the database (idempotent) */
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  poolSize?: number;
}

const NAME_PREFIX = /^[a-z][a-z0-9_]{0,30}$/;

function serverUrl(): string {
  return process.env["TEST_DATABASE_URL"] || process.env["DATABASE_URL"] || DEFAULT_TEST_SERVER_URL;
}

function urlFor(base: string, database: string): string {
  const u = new URL(base);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs `work` with a client on the server's maintenance database `postgres`. */
async function withAdmin<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...pgConfigFromUrl(base), database: "postgres" });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function databaseState(client: pg.Client, name: string): Promise<"missing" | "template" | "partial"> {
  const res = await client.query<{ datistemplate: boolean }>("SELECT datistemplate FROM pg_database WHERE datname = $1", [name]);
  const row = res.rows[0];
  return row === undefined ? "missing" : row.datistemplate ? "template" : "partial";
}

/**
 * The migrated template for the current migrations, created at most once across parallel test processes: the
 * creator holds an advisory lock while the others wait on it, and marks the database as a template only once it is
 * fully migrated (a creator that died half way leaves a non-template database, which the next creator replaces).
 */
async function ensureTemplate(base: string): Promise<string> {
  const template = `wg_template_${migrationsDigest()}`;
  await withAdmin(base, async (client) => {
    if ((await databaseState(client, template)) === "template") return;
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [template]);
    try {
      const state = await databaseState(client, template);
      if (state === "template") return;
      if (state === "partial") await client.query(`DROP DATABASE ${quoteIdent(template)} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${quoteIdent(template)}`);
      await migrateDeploy(pgMigrationFactory(urlFor(base, template)));
      await client.query(`ALTER DATABASE ${quoteIdent(template)} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext($1))", [template]);
    }
  });
  return template;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

/** Drops databases of this prefix left by test processes that died before their teardown. */
async function dropOrphans(client: pg.Client, prefix: string): Promise<void> {
  const res = await client.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE $1 AND NOT datistemplate",
    [`${prefix.replaceAll("_", "\\_")}\\_%`],
  );
  for (const { datname } of res.rows) {
    const match = new RegExp(`^${prefix}_(\\d+)_[0-9a-f]+$`).exec(datname);
    if (match && Number(match[1]) !== process.pid && !processAlive(Number(match[1]))) {
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
    }
  }
}

/** A new database `<prefix>_<pid>_<random>`, migrated, with a client on it. */
export async function createTestDatabase(prefix: string, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (!NAME_PREFIX.test(prefix)) throw new Error(`test database prefix must match ${NAME_PREFIX}: ${prefix}`);
  const base = serverUrl();
  const template = await ensureTemplate(base);
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdmin(base, async (client) => {
    await dropOrphans(client, prefix);
    await client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
  });
  const url = urlFor(base, name);
  const prisma = createPrisma({ databaseUrl: url, poolSize: options.poolSize ?? 10 });
  let dropped: Promise<void> | undefined;
  return {
    url,
    name,
    prisma,
    drop() {
      dropped ??= (async () => {
        await prisma.$disconnect();
        await withAdmin(base, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
      })();
      return dropped;
    },
  };
}
