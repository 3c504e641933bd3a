// The admin benchmark's database: `wg_bench_adm`, dropped and recreated on every run, migrated; and the hit-log
// table filled with a million rows in PostgreSQL itself (generate_series), spread over 30 days.
import { createPrisma, type PrismaClient } from "@wordguard/db";
import { migrateDeploy, pgConfigFromUrl, pgMigrationFactory, runAdminStatement } from "@wordguard/db/migrate";

export const BENCH_DATABASE = "wg_bench_adm";

export function benchDatabaseUrl(server = process.env["DATABASE_URL"] || "postgresql://postgres@127.0.0.1:5432/postgres"): string {
  const url = new URL(server);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

export async function freshBenchDatabase(url: string): Promise<PrismaClient> {
  const admin = (sql: string) => runAdminStatement({ ...pgConfigFromUrl(url), database: "postgres" }, sql);
  await admin(`DROP DATABASE IF EXISTS "${BENCH_DATABASE}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${BENCH_DATABASE}"`);
  await migrateDeploy(pgMigrationFactory(url));
  return createPrisma({ databaseUrl: url, poolSize: 4 });
}

/** Shape of the generated traffic, so the searches can aim at rows that exist. */
export const HIT_SHAPE = {
  users: 10_000,
  groups: 1_000,
  words: 2_000,
  days: 30,
} as const;

/**
 * `count` hit logs ending now: a quarter group messages, 10% logged and 10% masked, one word hit each, senders,
 * receivers, groups and words spread by multiplicative hashing. Inserted in chunks (all indexes stay in place, as
 * they would in production), then VACUUM ANALYZE so the planner and index-only scans see the real table.
 */
export async function seedHitLogs(prisma: PrismaClient, count: number, onProgress: (done: number) => void): Promise<void> {
  const chunk = 100_000;
  const spanSeconds = HIT_SHAPE.days * 86_400;
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await prisma.$executeRawUnsafe(`
      INSERT INTO "hit_log" ("operation_id", "command", "scene", "send_id", "recv_id", "group_id", "client_msg_id",
        "server_msg_id", "content_type", "action", "hits", "word_ids", "text", "dict_version", "create_time")
      SELECT 'op-' || g,
        CASE WHEN g % 4 = 0 THEN 'callbackBeforeSendGroupMsgCommand' ELSE 'callbackBeforeSendSingleMsgCommand' END,
        (CASE WHEN g % 4 = 0 THEN 'group' ELSE 'single' END)::"Scene",
        'user' || ((g * 48271) % ${HIT_SHAPE.users}),
        CASE WHEN g % 4 = 0 THEN '' ELSE 'user' || ((g * 7919) % ${HIT_SHAPE.users}) END,
        CASE WHEN g % 4 = 0 THEN 'group' || ((g * 31) % ${HIT_SHAPE.groups}) ELSE '' END,
        'c' || g, 's' || g, 101,
        (CASE WHEN g % 10 = 0 THEN 'logged' WHEN g % 10 = 1 THEN 'masked' ELSE 'blocked' END)::"HitAction",
        jsonb_build_array(jsonb_build_object('wordID', w::text, 'word', 'word' || w, 'category', 'fraud', 'level', 2, 'start', 0, 'end', 4)),
        ARRAY[w]::bigint[],
        'message number ' || g || ' mentions word' || w || ' and more text',
        1,
        now() - (${count} - g) * (${spanSeconds}::float8 / ${count}) * interval '1 second'
      FROM generate_series(${from}::bigint, ${to}::bigint) AS g, LATERAL (SELECT ((g * 2654435761) % ${HIT_SHAPE.words}) + 1 AS w) AS x`);
    onProgress(to);
  }
  await prisma.$executeRawUnsafe(`VACUUM ANALYZE "hit_log"`);
}
