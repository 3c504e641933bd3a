// The insert the hit-log worker runs: one prepared statement per batch over plain `pg`, the rows passed as fifteen
// column arrays and unnested by PostgreSQL. Same rows as @wordguard/db's insertHitLogs (which the embedded mode still
// uses), for a fraction of the CPU: Prisma's per-call query planning cost more than the decisions it logged, and the
// worker shares its core with the event loop.
import pg from "pg";
import { Hits } from "@wordguard/contracts";
import type { NewHitLog } from "@wordguard/db";

const INSERT = `
INSERT INTO "hit_log" ("operation_id", "command", "scene", "send_id", "recv_id", "group_id", "client_msg_id",
                       "server_msg_id", "content_type", "action", "hits", "word_ids", "text", "dict_version", "create_time")
SELECT o, c, s::"Scene", si, ri, gi, cm, sm, ct, a::"HitAction", h::jsonb, w::bigint[], tx, dv, to_timestamp(t / 1000.0)
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[],
            $10::text[], $11::text[], $12::text[], $13::text[], $14::int[], $15::float8[])
  AS u(o, c, s, si, ri, gi, cm, sm, ct, a, h, w, tx, dv, t)`;

const DIGITS = /^\d{1,19}$/;

/**
 * The stored text, cut to HIT_TEXT_MAX UTF-16 units without splitting a surrogate pair (as the db package's
 * cutHitText does; not imported from there, which would load the whole Prisma client into this thread).
 */
function cutText(text: string): string {
  if (text.length <= Hits.HIT_TEXT_MAX) return text;
  const last = text.charCodeAt(Hits.HIT_TEXT_MAX - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? Hits.HIT_TEXT_MAX - 1 : Hits.HIT_TEXT_MAX);
}

/** The entry ids of a row's hits as a PostgreSQL array literal (the GIN-indexed word_ids column). */
function wordIdsLiteral(row: NewHitLog): string {
  return `{${[...new Set(row.hits.map((h) => h.wordID).filter((id) => DIGITS.test(id)))].join(",")}}`;
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
          rows.map((r) => r.operationID),
          rows.map((r) => r.command),
          rows.map((r) => r.scene),
          rows.map((r) => r.sendID),
          rows.map((r) => r.recvID),
          rows.map((r) => r.groupID),
          rows.map((r) => r.clientMsgID),
          rows.map((r) => r.serverMsgID),
          rows.map((r) => r.contentType),
          rows.map((r) => r.action),
          rows.map((r) => JSON.stringify(r.hits)),
          rows.map(wordIdsLiteral),
          rows.map((r) => cutText(r.text)),
          rows.map((r) => r.dictVersion),
          rows.map((r) => r.createTime ?? now),
        ],
      });
      return result.rowCount ?? rows.length;
    },
    close: () => pool.end(),
  };
}
