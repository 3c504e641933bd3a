// Migration CLI over the wasm schema engine (the native Prisma engine cannot be downloaded here).
//   tsx scripts/migrate.ts [deploy]        apply committed migrations (prisma migrate deploy)
//   tsx scripts/migrate.ts dev <name>      create + apply a migration for schema changes (prisma migrate dev --name)
//   tsx scripts/migrate.ts diff            SQL that schema.prisma still needs beyond the migrations
//   tsx scripts/migrate.ts status          history compared with prisma/migrations (prisma migrate status)
// Target: DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/wordguard), or PGLITE_DIR=<dir> for the
// embedded database (an empty PGLITE_DIR means in-memory).
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import {
  ensureDatabase,
  lastPanicMessage,
  migrateDeploy,
  migrateDev,
  migrationDiff,
  migrationStatus,
  pgMigrationFactory,
} from "../src/migrate/index.ts";
import { DEFAULT_DATABASE_URL } from "../src/config.ts";

const USAGE = "usage: migrate.ts [deploy | dev <name> | diff | status]";

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

async function factoryFromEnv(command: string): Promise<{ factory: SqlMigrationAwareDriverAdapterFactory; target: string }> {
  const pgliteDir = process.env["PGLITE_DIR"];
  if (pgliteDir !== undefined) {
    const { openPglite } = await import("../src/pglite.ts");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    return { factory: new PrismaPGlite(openPglite(pgliteDir || undefined)), target: `pglite:${pgliteDir || "memory"}` };
  }
  const url = process.env["DATABASE_URL"] || DEFAULT_DATABASE_URL;
  if ((command === "deploy" || command === "dev") && (await ensureDatabase(url))) {
    console.log(`created database ${redact(url)}`);
  }
  return { factory: pgMigrationFactory(url), target: redact(url) };
}

async function main(argv: string[]): Promise<number> {
  const [command = "deploy", name] = argv;
  if (!["deploy", "dev", "diff", "status"].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  if (command === "dev" && !name) {
    console.error("migrate dev needs a migration name\n" + USAGE);
    return 2;
  }
  const { factory, target } = await factoryFromEnv(command);
  if (command === "deploy") {
    const applied = await migrateDeploy(factory);
    console.log(applied.length ? `${target}: applied ${applied.join(", ")}` : `${target}: no pending migrations`);
  } else if (command === "dev") {
    const out = await migrateDev(factory, name ?? "");
    console.log(out.created ? `created prisma/migrations/${out.created}` : "no schema changes");
    console.log(out.applied.length ? `applied ${out.applied.join(", ")}` : "no pending migrations");
  } else if (command === "diff") {
    process.stdout.write(await migrationDiff(factory));
  } else {
    const status = await migrationStatus(factory);
    console.log(JSON.stringify(status, null, 2));
    if (status.history !== null || status.failedMigrationNames.length || status.editedMigrationNames.length) return 1;
  }
  return 0;
}

let code: number;
try {
  code = await main(process.argv.slice(2));
} catch (error) {
  const panic = lastPanicMessage();
  console.error(error instanceof Error ? error.message : error, panic ? `\n${panic}` : "");
  code = 1;
}
// The wasm engine leaves a 10 s advisory-lock timer pending: exit explicitly instead of waiting for it.
process.exit(code);
