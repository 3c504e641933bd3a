// createTestDatabase: fresh, migrated, isolated databases; dropped on request; orphans of dead processes removed.
import t from "tap";
import pg from "pg";
import { readVersion } from "../src/index.ts";
import { createTestDatabase, DEFAULT_TEST_SERVER_URL } from "../src/testing.ts";
import { defaultSource, readMigrationList } from "../src/migrate/migration-files.ts";

async function adminQuery<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
  const u = new URL(process.env["TEST_DATABASE_URL"] || process.env["DATABASE_URL"] || DEFAULT_TEST_SERVER_URL);
  u.pathname = "/postgres";
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const exists = async (name: string) =>
  (await adminQuery("SELECT 1 FROM pg_database WHERE datname = $1", [name])).length === 1;

t.test("parallel calls give distinct, migrated, isolated databases", async (t) => {
  const [a, b] = await Promise.all([createTestDatabase("wg_db_tt", { poolSize: 2 }), createTestDatabase("wg_db_tt", { poolSize: 2 })]);
  t.teardown(() => Promise.all([a.drop(), b.drop()]));
  t.not(a.name, b.name);
  t.match(a.name, new RegExp(`^wg_db_tt_${process.pid}_[0-9a-f]{8}$`));
  t.match(a.url, new RegExp(`/${a.name}$`));
  for (const db of [a, b]) {
    t.equal(await readVersion(db.prisma), 0, `${db.name} migrated and seeded`);
    const history = await db.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM _prisma_migrations`;
    t.equal(history[0]?.n, readMigrationList(defaultSource).migrationDirectories.length, "migration history cloned with the schema");
  }
  await a.prisma.userAttribute.create({ data: { userID: "u1" } });
  t.equal(await b.prisma.userAttribute.count(), 0, "isolated");
});

t.test("drop removes the database and may be called twice", async (t) => {
  const db = await createTestDatabase("wg_db_tt", { poolSize: 1 });
  t.ok(await exists(db.name));
  await Promise.all([db.drop(), db.drop()]);
  await db.drop();
  t.notOk(await exists(db.name));
});

t.test("databases left by dead processes are dropped; a live process's are kept", async (t) => {
  const orphan = "wg_db_tt_999999_deadbeef";
  const live = `wg_db_tt_${process.ppid}_cafe0000`;
  await adminQuery(`CREATE DATABASE ${orphan}`);
  await adminQuery(`CREATE DATABASE ${live}`);
  t.teardown(() => Promise.all([orphan, live].map((n) => adminQuery(`DROP DATABASE IF EXISTS ${n}`))));
  const db = await createTestDatabase("wg_db_tt", { poolSize: 1 });
  t.teardown(db.drop);
  t.notOk(await exists(orphan), "orphan of pid 999999 dropped");
  t.ok(await exists(live), "database of a running process kept");
});

t.test("rejects a prefix that is not a plain lower-case identifier", async (t) => {
  await t.rejects(createTestDatabase('x"; DROP DATABASE postgres; --'), /prefix/);
  await t.rejects(createTestDatabase("WG"), /prefix/);
});
