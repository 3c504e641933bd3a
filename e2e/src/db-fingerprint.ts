// A fingerprint of the database's content: per table, the row count and an md5 over every row's text. Two equal
// fingerprints mean no row was added, removed or changed — how a test proves that a rejected admin write changed
// nothing. Read directly from PostgreSQL, not through any service.
import pg from "pg";

export type Fingerprint = Record<string, { rows: number; md5: string }>;

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function fingerprintWith(client: pg.Client, exclude: readonly string[] = []): Promise<Fingerprint> {
  const tables = await client.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename",
  );
  const result: Fingerprint = {};
  for (const { tablename } of tables.rows) {
    if (exclude.includes(tablename)) continue;
    const row = await client.query<{ rows: string; md5: string | null }>(
      `SELECT count(*)::text AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS md5 FROM ${quoteIdent(tablename)} t`,
    );
    result[tablename] = { rows: Number(row.rows[0]?.rows ?? 0), md5: row.rows[0]?.md5 ?? "" };
  }
  return result;
}

/** One fingerprint on a connection of its own. */
export async function fingerprint(databaseUrl: string, options: { exclude?: readonly string[] } = {}): Promise<Fingerprint> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fingerprintWith(client, options.exclude);
  } finally {
    await client.end();
  }
}

/** Many fingerprints over one connection (hundreds of cases, each checked before and after). */
export class Fingerprinter {
  private readonly client: pg.Client;
  private connected: Promise<void> | undefined;

  constructor(databaseUrl: string) {
    this.client = new pg.Client({ connectionString: databaseUrl });
  }

  async take(options: { exclude?: readonly string[] } = {}): Promise<Fingerprint> {
    await (this.connected ??= this.client.connect().then(() => undefined));
    return fingerprintWith(this.client, options.exclude);
  }

  async close(): Promise<void> {
    if (this.connected) await this.client.end();
  }
}

/** Tables whose fingerprint differs, with counts before → after. */
export function fingerprintDiff(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const diff: string[] = [];
  for (const name of names) {
    const a = before[name];
    const b = after[name];
    if (a?.md5 !== b?.md5 || a?.rows !== b?.rows) diff.push(`${name}: ${a?.rows ?? "-"} rows → ${b?.rows ?? "-"} rows`);
  }
  return diff;
}
