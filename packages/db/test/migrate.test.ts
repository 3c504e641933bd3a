// The migration runner: deploy is idempotent (CLI and library), concurrent deployers apply once, and the committed
// migrations produce exactly what schema.prisma describes.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import t from "tap";
import pg from "pg";
import { migrateDeploy, migrationDiff, migrationStatus, pgMigrationFactory } from "../src/migrate/index.ts";
import { defaultSource, readMigrationList } from "../src/migrate/migration-files.ts";
import { DEFAULT_TEST_SERVER_URL } from "../src/testing.ts";

const run = promisify(execFile);
const server = new URL(process.env["TEST_DATABASE_URL"] || process.env["DATABASE_URL"] || DEFAULT_TEST_SERVER_URL);
const packageDir = path.resolve(import.meta.dirname, "..");
/** The committed migrations: every count below is checked against these, not against a number typed here. */
const committed = readMigrationList(defaultSource).migrationDirectories.map((d) => d.path);

/** A new empty database (not from the migrated template: these tests migrate it themselves). */
async function emptyDatabase(label: string): Promise<string> {
  const name = `wg_db_mig_${label}_${process.pid}_${Math.random().toString(16).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: urlOf("postgres") });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  t.teardown(async () => {
    const c = new pg.Client({ connectionString: urlOf("postgres") });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  });
  return urlOf(name);
}

function urlOf(database: string): string {
  const u = new URL(server);
  u.pathname = `/${database}`;
  return u.toString();
}

async function migrationRows(url: string): Promise<{ migration_name: string; checksum: string; finished_at: Date | null }[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query("SELECT migration_name, checksum, finished_at FROM _prisma_migrations ORDER BY migration_name")).rows;
  } finally {
    await c.end();
  }
}

t.test("pnpm migrate twice: the second run applies nothing", async (t) => {
  const url = await emptyDatabase("cli");
  const env = { ...process.env, DATABASE_URL: url };
  const first = await run("pnpm", ["-s", "migrate"], { cwd: packageDir, env });
  t.match(first.stdout, /applied \d{14}_init/);
  const second = await run("pnpm", ["-s", "migrate"], { cwd: packageDir, env });
  t.match(second.stdout, /no pending migrations/);
  t.notMatch(second.stdout, /applied/);
  const rows = await migrationRows(url);
  t.ok(committed.length >= 1, "there are committed migrations");
  t.same(rows.map((r) => r.migration_name), committed, "one history row per migration");
  t.ok(rows.every((r) => r.finished_at !== null), "every migration finished");
  t.match(rows[0]?.checksum, /^[0-9a-f]{64}$/, "sha256 checksum, as the stock CLI writes it");
  const status = await run("pnpm", ["-s", "migrate", "status"], { cwd: packageDir, env });
  t.equal(JSON.parse(status.stdout).history, null, "status: in sync");
});

t.test("concurrent deployers apply each migration exactly once", async (t) => {
  const url = await emptyDatabase("race");
  const results = await Promise.all([migrateDeploy(pgMigrationFactory(url)), migrateDeploy(pgMigrationFactory(url))]);
  const applied = results.flat();
  t.same(applied.sort(), committed, `applied once in all: ${JSON.stringify(results)}`);
  t.same(await migrateDeploy(pgMigrationFactory(url)), []);
  t.equal((await migrationRows(url)).length, committed.length);
  const status = await migrationStatus(pgMigrationFactory(url));
  t.same(status.failedMigrationNames, []);
  t.same(status.editedMigrationNames, []);
});

t.test("the committed migrations match schema.prisma (no missing migration)", async (t) => {
  const diff = await migrationDiff(pgMigrationFactory(urlOf("postgres")));
  t.equal(diff.trim(), "-- This is an empty migration.", "run `pnpm --filter @wordguard/db migrate dev <name>`");
});
