// The benchmark's database: `wg_bench_cb`, dropped and recreated on every run, migrated, default policies, and the
// generated dictionary loaded with plain multi-row INSERTs (fast; the admin API is not what is measured here).
import { ensureDefaults, createPrisma, type PrismaClient } from "@wordguard/db";
import { migrateDeploy, pgConfigFromUrl, pgMigrationFactory, runAdminStatement } from "@wordguard/db/migrate";
import { normalizeWord } from "@wordguard/matcher";
import type { GeneratedWord } from "./dictionary.ts";

export const BENCH_DATABASE = "wg_bench_cb";

export function benchDatabaseUrl(server = process.env["DATABASE_URL"] || "postgresql://postgres@127.0.0.1:5432/postgres"): string {
  const url = new URL(server);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

function admin(serverUrl: string, sql: string): Promise<void> {
  return runAdminStatement({ ...pgConfigFromUrl(serverUrl), database: "postgres" }, sql);
}

/** Drops and recreates the bench database, migrated, with the default policies; returns a client on it. */
export async function freshBenchDatabase(url: string): Promise<PrismaClient> {
  await admin(url, `DROP DATABASE IF EXISTS "${BENCH_DATABASE}" WITH (FORCE)`);
  await admin(url, `CREATE DATABASE "${BENCH_DATABASE}"`);
  await migrateDeploy(pgMigrationFactory(url));
  const prisma = createPrisma({ databaseUrl: url, poolSize: 4 });
  await ensureDefaults(prisma);
  return prisma;
}

/** Inserts the words (enabled, both scenes) in chunks and bumps the dictionary version once; returns the version. */
export async function loadWords(prisma: PrismaClient, words: readonly GeneratedWord[]): Promise<number> {
  return prisma.$transaction(
    async (tx) => {
      const chunk = 5000;
      for (let i = 0; i < words.length; i += chunk) {
        const part = words.slice(i, i + chunk);
        await tx.$executeRaw`
          INSERT INTO sensitive_word (word, normalized, match_type, category, level)
          SELECT * FROM unnest(${part.map((w) => w.word)}::text[], ${part.map((w) => normalizeWord(w.word))}::text[],
                               ${part.map((w) => w.matchType)}::text[]::"MatchType"[], ${part.map((w) => w.category)}::text[],
                               ${part.map((w) => w.level)}::int[]::smallint[])`;
      }
      const rows = await tx.$queryRaw<{ version: number }[]>`
        UPDATE dict_version SET version = version + 1, update_time = now() WHERE id = 1 RETURNING version`;
      return rows[0]!.version;
    },
    { timeout: 120_000 },
  );
}

/** One governance change as the admin service makes it: a row and the version bump in one transaction. */
export async function addWordAndBump(prisma: PrismaClient, word: string): Promise<number> {
  return prisma.$transaction(async (tx) => {
    await tx.sensitiveWord.create({ data: { word, normalized: normalizeWord(word), category: "ads", level: 2 } });
    const rows = await tx.$queryRaw<{ version: number }[]>`
      UPDATE dict_version SET version = version + 1, update_time = now() WHERE id = 1 RETURNING version`;
    return rows[0]!.version;
  });
}
