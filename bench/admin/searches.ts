// The hit-log searches the benchmark times, and their plans. The SQL comes from the service's own builders, so
// EXPLAIN shows exactly what the endpoint runs.
import type { PrismaClient } from "@wordguard/db";
import type { Hits } from "@wordguard/contracts";
import { hitSearchSql } from "@wordguard/admin-service";

export type HitFilter = Omit<Hits.SearchHitsRequest, "pagination">;

export interface SearchShape {
  name: string;
  filter: HitFilter;
  pageNumber: number;
  /** true: no index can serve it (reported, not counted in the indexed p99) */
  scanExpected?: boolean;
}

const HOUR = 3_600_000;

export function searchShapes(now: number): SearchShape[] {
  return [
    { name: "newest page (no filter)", filter: {}, pageNumber: 1 },
    { name: "page 50 (no filter)", filter: {}, pageNumber: 50 },
    { name: "sendID", filter: { sendID: "user4242" }, pageNumber: 1 },
    { name: "recvID", filter: { recvID: "user777" }, pageNumber: 1 },
    { name: "groupID", filter: { groupID: "group320" }, pageNumber: 1 },
    { name: "operationID", filter: { operationID: "op-500000" }, pageNumber: 1 },
    { name: "wordID", filter: { wordID: "1234" }, pageNumber: 1 },
    { name: "scene=group", filter: { scene: "group" }, pageNumber: 1 },
    { name: "last 24 h", filter: { startTime: now - 24 * HOUR }, pageNumber: 1 },
    { name: "action=masked, last 24 h", filter: { action: "masked", startTime: now - 24 * HOUR }, pageNumber: 1 },
    { name: "sendID + 7 days", filter: { sendID: "user4242", startTime: now - 7 * 24 * HOUR, endTime: now }, pageNumber: 1 },
    { name: "sendID + keyword", filter: { sendID: "user4242", keyword: "word1" }, pageNumber: 1 },
    { name: "keyword alone", filter: { keyword: "word1234 " }, pageNumber: 1, scanExpected: true },
  ];
}

export interface Plan {
  page: string;
  count: string;
  seqScan: boolean;
}

async function explain(prisma: PrismaClient, sql: { text: string; values: unknown[] }): Promise<string> {
  const rows = await prisma.$queryRawUnsafe<Array<{ "QUERY PLAN": string }>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql.text}`, ...sql.values);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

export async function planOf(prisma: PrismaClient, shape: SearchShape, showNumber: number): Promise<Plan> {
  const sql = hitSearchSql({ ...shape.filter, pagination: { pageNumber: shape.pageNumber, showNumber } });
  const page = await explain(prisma, sql.page);
  const count = await explain(prisma, sql.count);
  return { page, count, seqScan: /Seq Scan on hit_log/.test(page + count) };
}
