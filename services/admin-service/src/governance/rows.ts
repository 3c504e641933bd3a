// Database rows → wire shapes (CONTRACT.md §2.3): ids as strings, times as ms since the epoch.
import { SCENES, type Audit, type Hits, type Scene, type Whitelist, type Words } from "@wordguard/contracts";
import { toLevel } from "@wordguard/db";

/** The columns every word query selects, aliased to the wire names (raw SQL and Prisma rows alike). */
export interface WordRow {
  id: bigint;
  word: string;
  category: string;
  level: number;
  matchType: string;
  scenes: string[] | null;
  enabled: boolean;
  remark: string;
  createBy: string;
  createTime: Date;
  updateTime: Date;
}

export const WORD_COLUMNS = `"id", "word", "category", "level", "match_type"::text AS "matchType", "scenes"::text[] AS "scenes",
  "enabled", "remark", "create_by" AS "createBy", "create_time" AS "createTime", "update_time" AS "updateTime"`;

/** Scenes in canonical order; a NULL column (possible in the schema) means both. */
export function toScenes(scenes: readonly string[] | null | undefined): Scene[] {
  if (!scenes) return [...SCENES];
  return SCENES.filter((scene) => scenes.includes(scene));
}

export function wordFromRow(row: WordRow): Words.WordEntry {
  return {
    id: row.id.toString(),
    word: row.word,
    category: row.category,
    level: toLevel(row.level),
    matchType: row.matchType === "word" ? "word" : "contains",
    scenes: toScenes(row.scenes),
    enabled: row.enabled,
    remark: row.remark,
    createBy: row.createBy,
    createTime: row.createTime.getTime(),
    updateTime: row.updateTime.getTime(),
  };
}

export interface WhitelistRow {
  id: bigint;
  word: string;
  scenes: string[] | null;
  remark: string;
  createBy: string;
  createTime: Date;
}

export const WHITELIST_COLUMNS = `"id", "word", "scenes"::text[] AS "scenes", "remark", "create_by" AS "createBy", "create_time" AS "createTime"`;

export function whitelistFromRow(row: WhitelistRow): Whitelist.WhitelistEntry {
  return {
    id: row.id.toString(),
    word: row.word,
    scenes: toScenes(row.scenes),
    remark: row.remark,
    createBy: row.createBy,
    createTime: row.createTime.getTime(),
  };
}

export interface HitRow {
  id: bigint;
  operationID: string;
  command: string;
  scene: string;
  sendID: string;
  recvID: string;
  groupID: string;
  clientMsgID: string;
  serverMsgID: string;
  contentType: number;
  action: string;
  hits: unknown;
  text: string;
  dictVersion: number;
  createTime: Date;
}

export const HIT_COLUMNS = `"id", "operation_id" AS "operationID", "command", "scene"::text AS "scene", "send_id" AS "sendID",
  "recv_id" AS "recvID", "group_id" AS "groupID", "client_msg_id" AS "clientMsgID", "server_msg_id" AS "serverMsgID",
  "content_type" AS "contentType", "action"::text AS "action", "hits", "text", "dict_version" AS "dictVersion",
  "create_time" AS "createTime"`;

function hitDetails(value: unknown): Hits.HitDetail[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null) return [];
    const h = item as Record<string, unknown>;
    return [
      {
        wordID: String(h["wordID"] ?? ""),
        word: String(h["word"] ?? ""),
        category: String(h["category"] ?? ""),
        level: toLevel(Number(h["level"] ?? 2)),
        start: Number(h["start"] ?? 0),
        end: Number(h["end"] ?? 0),
      },
    ];
  });
}

export function hitFromRow(row: HitRow): Hits.Hit {
  return {
    id: row.id.toString(),
    operationID: row.operationID,
    command: row.command,
    scene: row.scene === "group" ? "group" : "single",
    sendID: row.sendID,
    recvID: row.recvID,
    groupID: row.groupID,
    clientMsgID: row.clientMsgID,
    serverMsgID: row.serverMsgID,
    contentType: row.contentType,
    action: row.action === "blocked" || row.action === "masked" ? row.action : "logged",
    hits: hitDetails(row.hits),
    text: row.text,
    dictVersion: row.dictVersion,
    createTime: row.createTime.getTime(),
  };
}

export interface AuditRow {
  id: bigint;
  operatorID: string;
  action: string;
  targetType: string;
  targetID: string;
  before: unknown;
  after: unknown;
  operationID: string;
  createTime: Date;
}

export const AUDIT_COLUMNS = `"id", "operator_id" AS "operatorID", "action", "target_type" AS "targetType", "target_id" AS "targetID",
  "before", "after", "operation_id" AS "operationID", "create_time" AS "createTime"`;

const AUDIT_TARGETS: readonly Audit.AuditTargetType[] = ["word", "whitelist", "policy", "userAttribute", "admin", "hitLog"];

export function auditFromRow(row: AuditRow): Audit.AuditEntry {
  return {
    id: row.id.toString(),
    operatorID: row.operatorID,
    action: row.action,
    targetType: AUDIT_TARGETS.find((t) => t === row.targetType) ?? "word",
    targetID: row.targetID,
    before: row.before ?? null,
    after: row.after ?? null,
    operationID: row.operationID,
    createTime: row.createTime.getTime(),
  };
}
