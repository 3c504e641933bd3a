// Hit-log search and purge. The table is the one that grows with traffic (a million rows is ordinary), so every
// filter here is written to use an index of the schema: create_time, operation_id, (send_id|recv_id|group_id|scene,
// create_time) and the GIN index on word_ids (`@>`, which GIN serves; `= ANY` it cannot).
import { Prisma } from "@wordguard/db";
import type { Hits, HitPurge } from "@wordguard/contracts";
import type { Actor } from "../types.ts";
import { writeAudit } from "./audit.ts";
import type { CommitDeps } from "./commit.ts";
import { parseId } from "./ids.ts";
import { HIT_COLUMNS, hitFromRow, type HitRow } from "./rows.ts";
import { containsPattern, countSql, pagedSearch, pageSql, type SearchQuery } from "./search.ts";

export function hitConditions(request: Omit<Hits.SearchHitsRequest, "pagination">): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (request.operationID !== undefined) conditions.push(Prisma.sql`"operation_id" = ${request.operationID}`);
  if (request.sendID !== undefined) conditions.push(Prisma.sql`"send_id" = ${request.sendID}`);
  if (request.recvID !== undefined) conditions.push(Prisma.sql`"recv_id" = ${request.recvID}`);
  if (request.groupID !== undefined) conditions.push(Prisma.sql`"group_id" = ${request.groupID}`);
  if (request.scene !== undefined) conditions.push(Prisma.sql`"scene" = ${request.scene}::"Scene"`);
  if (request.wordID !== undefined) {
    conditions.push(Prisma.sql`"word_ids" @> ARRAY[${parseId(request.wordID, "wordID")}]::bigint[]`);
  }
  if (request.action !== undefined) conditions.push(Prisma.sql`"action" = ${request.action}::"HitAction"`);
  if (request.startTime !== undefined) conditions.push(Prisma.sql`"create_time" >= ${new Date(request.startTime)}`);
  if (request.endTime !== undefined) conditions.push(Prisma.sql`"create_time" <= ${new Date(request.endTime)}`);
  // A substring of the text cannot use a btree; with the other filters it narrows their rows, alone it scans
  // (a pg_trgm GIN index on "text" serves it when present, see the README).
  if (request.keyword !== undefined && request.keyword !== "") {
    conditions.push(Prisma.sql`"text" ILIKE ${containsPattern(request.keyword)}`);
  }
  return conditions;
}

function hitSearchQuery(request: Hits.SearchHitsRequest): SearchQuery {
  return { table: "hit_log", columns: HIT_COLUMNS, conditions: hitConditions(request), pagination: request.pagination };
}

/** The two statements a hit search runs (the page and the total), for EXPLAIN in benchmarks and operations. */
export function hitSearchSql(request: Hits.SearchHitsRequest): { page: Prisma.Sql; count: Prisma.Sql } {
  const query = hitSearchQuery(request);
  return { page: pageSql(query), count: countSql(query) };
}

export async function searchHits(deps: CommitDeps, request: Hits.SearchHitsRequest): Promise<Hits.SearchHitsReply> {
  const { total, rows } = await pagedSearch<HitRow>(deps.prisma, hitSearchQuery(request));
  return { total, hits: rows.map(hitFromRow) };
}

/** Rows per DELETE: short statements, so a purge of millions never holds long locks or a huge transaction. */
const PURGE_BATCH = 10_000;
const DAY_MS = 86_400_000;

/**
 * Deletes hit logs older than `olderThanDays` days, oldest first, in batches; one audit row records the purge.
 * Hit logs are not part of the dictionary, so no version bump and no event.
 */
export async function purgeHits(deps: CommitDeps, actor: Actor, olderThanDays: number): Promise<HitPurge.PurgeHitsReply> {
  const before = Date.now() - olderThanDays * DAY_MS;
  const cutoff = new Date(before);
  let deleted = 0;
  for (;;) {
    const count = await deps.prisma.$executeRaw(Prisma.sql`
      DELETE FROM "hit_log" WHERE "id" IN (
        SELECT "id" FROM "hit_log" WHERE "create_time" < ${cutoff} ORDER BY "create_time" LIMIT ${PURGE_BATCH})`);
    deleted += count;
    if (count < PURGE_BATCH) break;
  }
  if (deleted > 0) {
    await deps.prisma.$transaction((tx) =>
      writeAudit(tx, actor, [{ action: "hit_log.purge", targetType: "hitLog", targetID: "", after: { deleted, before, olderThanDays } }]),
    );
  }
  deps.log.info({ deleted, before: cutoff.toISOString() }, "hit logs purged");
  return { deleted, before };
}
