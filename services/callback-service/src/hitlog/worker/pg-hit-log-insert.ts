// The insert the hit-log worker runs: one prepared statement per batch over plain `pg`, the rows passed as fifteen
// column arrays and unnested by PostgreSQL. Same rows as @wordguard/db's insertHitLogs (which the embedded mode still
// uses), for a fraction of the CPU: Prisma's per-call query planning cost more than the decisions it logged, and the
// worker shares its core with the event loop.
import pg from "pg";
import type { NewHitLog } from "@wordguard/db";
// The row rules themselves (cut, unstorable characters) come from the db package's hit-log module, which loads no
// Prisma client into this thread.
import { cutHitText, hitWordIds, storableDedupeKey, storableText } from "@wordguard/db/hit-logs";

const INSERT = `
INSERT INTO "hit_log" ("operation_id", "command", "scene", "send_id", "recv_id", "group_id", "client_msg_id",
                       "server_msg_id", "content_type", "action", "hits", "word_ids", "text", "dict_version", "create_time",
                       "dedupe_key")
SELECT o, c, s::"Scene", si, ri, gi, cm, sm, ct, a::"HitAction", h::jsonb, w::bigint[], tx, dv, to_timestamp(t / 1000.0), k
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[],
            $10::text[], $11::text[], $12::text[], $13::text[], $14::int[], $15::float8[], $16::uuid[])
  AS u(o, c, s, si, ri, gi, cm, sm, ct, a, h, w, tx, dv, t, k)
ON CONFLICT ("dedupe_key") DO NOTHING`;

// NUL or a lone surrogate would fail the whole batch (text and jsonb refuse them): storableText makes each U+FFFD,
// one unit for one, in every string field and inside the hits JSON.
const clean = storableText;
const storableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === "string" ? storableText(v) : v));

/** The entry ids of a row's hits as a PostgreSQL array literal (the GIN-indexed word_ids column). */
function wordIdsLiteral(row: NewHitLog): string {
  return `{${hitWordIds(row.hits).join(",")}}`;
}

export interface HitLogInserter {
  insert(rows: readonly NewHitLog[]): Promise<number>;
  close(): Promise<void>;
}

export function createPgHitLogInserter(databaseUrl: string): HitLogInserter {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 2000 });
  // An idle connection that dies (PostgreSQL restarting) is replaced by the pool; without a listener Node would crash.
  pool.on("error", () => undefined);
  return {
    async insert(rows) {
      if (rows.length === 0) return 0;
      const now = Date.now();
      const result = await pool.query({
        name: "wordguard_hit_log_insert",
        text: INSERT,
        values: [
          rows.map((r) => clean(r.operationID)),
          rows.map((r) => r.command),
          rows.map((r) => r.scene),
          rows.map((r) => clean(r.sendID)),
          rows.map((r) => clean(r.recvID)),
          rows.map((r) => clean(r.groupID)),
          rows.map((r) => clean(r.clientMsgID)),
          rows.map((r) => clean(r.serverMsgID)),
          rows.map((r) => r.contentType),
          rows.map((r) => r.action),
          rows.map((r) => storableJson(r.hits)),
          rows.map(wordIdsLiteral),
          rows.map((r) => clean(cutHitText(r.text))),
          rows.map((r) => r.dictVersion),
          rows.map((r) => r.createTime ?? now),
          // Retrying a batch whose commit was not confirmed stores nothing twice (unique hit_log.dedupe_key).
          rows.map(storableDedupeKey),
        ],
      });
      return result.rowCount ?? rows.length;
    },
    close: () => pool.end(),
  };
}
