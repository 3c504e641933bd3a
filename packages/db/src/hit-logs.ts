// Appending hit logs in batches (the callback service's writer calls this every 200 ms or 500 rows).
//
// One INSERT ... SELECT FROM jsonb_to_recordset($1): the batch travels as a single JSON parameter. Prisma's
// createMany costs ~0.4-0.8 ms of CPU per row in the client (500 rows: 200-400 ms on our machines), which the
// callback process needs for requests; this statement costs ~6 ms for the same 500 rows.
import { Hits } from "@wordguard/contracts";
import type { Db } from "./client.ts";

/** A hit log as the callback builds it: the wire Hit without the ids and times the database assigns. */
export type NewHitLog = Omit<Hits.Hit, "id" | "createTime"> & {
  /** when the message was checked (ms since the epoch); default: insert time */
  createTime?: number;
  /**
   * A UUID given when the hit is decided. A writer that retries a batch whose commit it could not confirm (the
   * connection dropped mid-insert) then inserts nothing twice. Without one the row is simply appended.
   */
  dedupeKey?: string;
};

const DIGITS = /^\d{1,18}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// NUL cannot be stored in text or jsonb, nor can a lone surrogate be (JSON.stringify escapes it as \udXXX, which
// jsonb rejects): either would fail the whole batch. Each becomes U+FFFD, one unit for one, so offsets stay valid.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Replaces what PostgreSQL cannot store with U+FFFD, keeping the UTF-16 length. */
export function storableText(value: string): string {
  return value.replace(UNSTORABLE, "\uFFFD");
}

/**
 * Cuts a checked text to the stored maximum without splitting a surrogate pair. Hit offsets past the cut stay as
 * they were: they still name the entry and where it was.
 */
export function cutHitText(text: string, max: number = Hits.HIT_TEXT_MAX): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** One row of the JSON parameter, named as the recordset's columns below. */
interface HitLogRecord {
  operation_id: string;
  command: string;
  scene: string;
  send_id: string;
  recv_id: string;
  group_id: string;
  client_msg_id: string;
  server_msg_id: string;
  content_type: number;
  action: string;
  hits: Hits.HitDetail[];
  word_ids: string[];
  text: string;
  dict_version: number;
  create_time: string | null;
  dedupe_key: string | null;
}

function toRecord(row: NewHitLog): HitLogRecord {
  return {
    operation_id: row.operationID,
    command: row.command,
    scene: row.scene,
    send_id: row.sendID,
    recv_id: row.recvID,
    group_id: row.groupID,
    client_msg_id: row.clientMsgID,
    server_msg_id: row.serverMsgID,
    content_type: row.contentType,
    action: row.action,
    hits: row.hits,
    word_ids: hitWordIds(row.hits),
    text: cutHitText(row.text),
    dict_version: row.dictVersion,
    create_time: row.createTime === undefined ? null : new Date(row.createTime).toISOString(),
    dedupe_key: storableDedupeKey(row),
  };
}

/** The row's dedupe key as stored: a malformed one is ignored (the row is simply appended), not fatal to the batch. */
export function storableDedupeKey(row: NewHitLog): string | null {
  return row.dedupeKey !== undefined && UUID.test(row.dedupeKey) ? row.dedupeKey : null;
}

/**
 * The distinct entry ids of a row's hits, denormalised into word_ids for the GIN index behind the admin search by
 * wordID. Ids are decimal strings of BigInts, taken up to 18 digits (always inside bigint's range); anything else is
 * left out: one id the cast refuses would fail the whole batch, on every retry.
 */
export function hitWordIds(hits: readonly Hits.HitDetail[]): string[] {
  return [...new Set(hits.map((h) => h.wordID))].filter((id) => DIGITS.test(id));
}

/**
 * Inserts the rows in one statement (all or none); returns how many were inserted. Rows whose dedupeKey is already
 * stored are skipped, so retrying a batch after an unconfirmed commit is safe.
 */
export async function insertHitLogs(db: Db, rows: readonly NewHitLog[]): Promise<number> {
  if (rows.length === 0) return 0;
  const payload = JSON.stringify(rows.map(toRecord), (_key, value: unknown) =>
    typeof value === "string" ? storableText(value) : value,
  );
  return db.$executeRaw`
    INSERT INTO "hit_log" ("operation_id", "command", "scene", "send_id", "recv_id", "group_id", "client_msg_id",
      "server_msg_id", "content_type", "action", "hits", "word_ids", "text", "dict_version", "create_time", "dedupe_key")
    SELECT r."operation_id", r."command", r."scene", r."send_id", r."recv_id", r."group_id", r."client_msg_id",
      r."server_msg_id", r."content_type", r."action", r."hits", r."word_ids", r."text", r."dict_version",
      coalesce(r."create_time", now()), r."dedupe_key"
    FROM jsonb_to_recordset(${payload}::jsonb) AS r("operation_id" text, "command" text, "scene" "Scene",
      "send_id" text, "recv_id" text, "group_id" text, "client_msg_id" text, "server_msg_id" text,
      "content_type" integer, "action" "HitAction", "hits" jsonb, "word_ids" bigint[], "text" text,
      "dict_version" integer, "create_time" timestamptz, "dedupe_key" uuid)
    ON CONFLICT ("dedupe_key") DO NOTHING`;
}
