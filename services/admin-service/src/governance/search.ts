// Paged search over one table (CONTRACT.md §2.1): conditions ANDed, newest first with the id as the tie-break so
// the order is stable across pages (rows of one batch share their create_time), and the total of all matches.
import { Prisma, type Db } from "@wordguard/db";
import type { Pagination } from "@wordguard/contracts";

export interface SearchQuery {
  table: string;
  columns: string;
  conditions: Prisma.Sql[];
  pagination: Pagination;
}

export function whereClause(conditions: readonly Prisma.Sql[]): Prisma.Sql {
  return conditions.length === 0 ? Prisma.empty : Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}`;
}

/** `%keyword%` for ILIKE, with the keyword's own wildcards and backslashes taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function pageSql(query: SearchQuery): Prisma.Sql {
  const { pageNumber, showNumber } = query.pagination;
  return Prisma.sql`SELECT ${Prisma.raw(query.columns)} FROM ${Prisma.raw(`"${query.table}"`)} ${whereClause(query.conditions)}
    ORDER BY "create_time" DESC, "id" DESC LIMIT ${showNumber} OFFSET ${(pageNumber - 1) * showNumber}`;
}

export function countSql(query: Pick<SearchQuery, "table" | "conditions">): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::bigint AS "total" FROM ${Prisma.raw(`"${query.table}"`)} ${whereClause(query.conditions)}`;
}

/** The page and the total, queried side by side on two pooled connections. */
export async function pagedSearch<Row>(db: Db, query: SearchQuery): Promise<{ total: number; rows: Row[] }> {
  const [counted, rows] = await Promise.all([
    db.$queryRaw<{ total: bigint }[]>(countSql(query)),
    db.$queryRaw<Row[]>(pageSql(query)),
  ]);
  return { total: Number(counted[0]?.total ?? 0n), rows };
}
