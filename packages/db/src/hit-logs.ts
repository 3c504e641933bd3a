// Appending hit logs in batches (the callback service's writer calls this every 200 ms or 500 rows).
import { Hits } from "@wordguard/contracts";
import type { Db } from "./client.ts";

/** A hit log as the callback builds it: the wire Hit without the ids and times the database assigns. */
export type NewHitLog = Omit<Hits.Hit, "id" | "createTime"> & {
  /** when the message was checked (ms since the epoch); default: insert time */
  createTime?: number;
};

const DIGITS = /^\d{1,19}$/;

/**
 * Cuts a checked text to the stored maximum without splitting a surrogate pair (a lone surrogate would be stored as
 * U+FFFD). Hit offsets past the cut stay as they were: they still name the entry and where it was.
 */
export function cutHitText(text: string, max: number = Hits.HIT_TEXT_MAX): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** Inserts the rows in one statement; returns how many were inserted. */
export async function insertHitLogs(db: Db, rows: readonly NewHitLog[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db.hitLog.createMany({
    data: rows.map((row) => ({
      operationID: row.operationID,
      command: row.command,
      scene: row.scene,
      sendID: row.sendID,
      recvID: row.recvID,
      groupID: row.groupID,
      clientMsgID: row.clientMsgID,
      serverMsgID: row.serverMsgID,
      contentType: row.contentType,
      action: row.action,
      hits: row.hits,
      // Denormalised for the GIN index behind the admin search by wordID; ids are decimal strings of BigInts.
      wordIDs: [...new Set(row.hits.map((h) => h.wordID).filter((id) => DIGITS.test(id)))].map((id) => BigInt(id)),
      text: cutHitText(row.text),
      dictVersion: row.dictVersion,
      ...(row.createTime === undefined ? {} : { createTime: new Date(row.createTime) }),
    })),
  });
  return result.count;
}
