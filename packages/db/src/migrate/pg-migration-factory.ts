// A migration-aware driver adapter factory for PostgreSQL, fixing what @prisma/adapter-pg 7.10 gets wrong when the
// schema engine drives it:
// - the engine's schema describer reads catalog columns of type "char" (oid 18), which adapter-pg cannot map
//   ("Column type 'char' could not be deserialized"): our client reports them as text (oid 25);
// - adapter-pg's own connectToShadowDb spreads a connectionString whose database wins over the shadow name, so the
//   "shadow" replay would run on the main database, and it drops the shadow database before closing its pool:
//   ours connects with discrete fields and drops the database after disposing.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

const CHAR_OID = 18;
const TEXT_OID = 25;

interface FieldsCarrier {
  fields?: { dataTypeID: number }[];
}

function charFieldsAsText(result: unknown): unknown {
  for (const r of Array.isArray(result) ? result : [result]) {
    for (const field of (r as FieldsCarrier | null)?.fields ?? []) {
      if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

/**
 * A pg client whose query results report "char" columns as text, for both calling styles: adapter-pg awaits
 * promises on transaction clients, and pg.Pool#query calls its client with a callback.
 */
class CharAsTextClient extends pg.Client {}
const baseQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
CharAsTextClient.prototype.query = function query(this: pg.Client, ...args: unknown[]): unknown {
  const callback = args.at(-1);
  if (typeof callback === "function") {
    args[args.length - 1] = (error: unknown, result: unknown) =>
      (callback as (e: unknown, r: unknown) => void)(error, error ? result : charFieldsAsText(result));
    return baseQuery.apply(this, args);
  }
  const result = baseQuery.apply(this, args);
  return result instanceof Promise ? result.then(charFieldsAsText) : result;
} as unknown as pg.Client["query"];

/** Connection fields from a postgresql:// URL (host may also come from ?host=, e.g. a socket directory). */
export function pgConfigFromUrl(url: string): pg.ClientConfig {
  const u = new URL(url);
  const hostParam = u.searchParams.get("host");
  const config: pg.ClientConfig = {
    host: hostParam ?? (u.hostname || "localhost"),
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username) || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.slice(1)) || undefined,
  };
  const sslmode = u.searchParams.get("sslmode");
  if (sslmode && sslmode !== "disable") config.ssl = sslmode === "no-verify" ? { rejectUnauthorized: false } : true;
  return config;
}

/** Runs one statement on a short-lived connection (CREATE/DROP DATABASE cannot run in a pool transaction). */
export async function runAdminStatement(config: pg.ClientConfig, sql: string): Promise<void> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function pgMigrationFactory(databaseUrl: string): SqlMigrationAwareDriverAdapterFactory {
  const config = pgConfigFromUrl(databaseUrl);
  const poolConfig: pg.PoolConfig = { ...config, max: 2, Client: CharAsTextClient };
  const main = new PrismaPg(poolConfig);
  return {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: () => main.connect(),
    async connectToShadowDb(): Promise<SqlDriverAdapter> {
      const name = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
      await runAdminStatement(config, `CREATE DATABASE "${name}"`);
      const shadow = await new PrismaPg({ ...poolConfig, database: name }).connect();
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        await dispose();
        await runAdminStatement(config, `DROP DATABASE IF EXISTS "${name}"`);
      };
      return shadow;
    },
  };
}
