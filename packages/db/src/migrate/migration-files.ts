// Reads the Prisma schema and the committed migrations from disk, in the layout the Prisma CLI uses, so the stock
// CLI can take over wherever its native engine runs.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { MigrationList, SchemaContainer } from "@prisma/schema-engine-wasm/schema_engine_bg";

export interface MigrationSource {
  /** prisma/schema.prisma */
  schemaPath: string;
  /** prisma/migrations */
  migrationsDir: string;
}

/** The repository's `prisma/` folder, found from this file (packages/db/src/migrate → repo root). */
export const defaultSource: MigrationSource = {
  schemaPath: path.resolve(import.meta.dirname, "../../../../prisma/schema.prisma"),
  migrationsDir: path.resolve(import.meta.dirname, "../../../../prisma/migrations"),
};

export const LOCKFILE = "migration_lock.toml";

export function readSchemaFiles(source: MigrationSource): SchemaContainer[] {
  return [{ path: source.schemaPath, content: readFileSync(source.schemaPath, "utf8") }];
}

function migrationNames(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

export function readMigrationList(source: MigrationSource): MigrationList {
  const dir = source.migrationsDir;
  const lock = path.join(dir, LOCKFILE);
  return {
    baseDir: dir,
    shadowDbInitScript: "",
    lockfile: { path: LOCKFILE, content: existsSync(lock) ? readFileSync(lock, "utf8") : null },
    migrationDirectories: migrationNames(dir).map((name) => {
      const file = path.join(dir, name, "migration.sql");
      return {
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: existsSync(file)
            ? { tag: "ok" as const, value: readFileSync(file, "utf8") }
            : { tag: "error" as const, value: `missing ${file}` },
        },
      };
    }),
  };
}

/** A short digest of every migration (names and contents): equal digests mean identical migrated schemas. */
export function migrationsDigest(source: MigrationSource = defaultSource): string {
  const hash = createHash("sha256");
  for (const name of migrationNames(source.migrationsDir)) {
    const file = path.join(source.migrationsDir, name, "migration.sql");
    hash.update(name).update("\0").update(existsSync(file) ? readFileSync(file) : "").update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}
