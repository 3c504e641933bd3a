// Reading the hit log straight from PostgreSQL (not through a service): how many rows each operationID of a run has.
import pg from "pg";

/** operationID → number of hit_log rows, for the operationIDs starting with `prefix`. */
export async function hitLogRows(databaseUrl: string, prefix: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    const result = await client.query<{ operation_id: string; rows: number }>(
      "SELECT operation_id, count(*)::int AS rows FROM hit_log WHERE operation_id LIKE $1 GROUP BY operation_id",
      [`${escaped}%`],
    );
    return new Map(result.rows.map((row) => [row.operation_id, row.rows]));
  } finally {
    await client.end();
  }
}

export interface HitLogAccount {
  expected: number;
  found: number;
  missing: string[];
  /** operationIDs stored more than once */
  duplicated: string[];
  /** rows whose operationID was not expected (e.g. an allowed message logged) */
  unexpected: string[];
}

export function accountHits(expected: readonly string[], rows: Map<string, number>): HitLogAccount {
  const want = new Set(expected);
  return {
    expected: want.size,
    found: [...rows.keys()].filter((id) => want.has(id)).length,
    missing: [...want].filter((id) => !rows.has(id)),
    duplicated: [...rows].filter(([, n]) => n > 1).map(([id]) => id),
    unexpected: [...rows.keys()].filter((id) => !want.has(id)),
  };
}
