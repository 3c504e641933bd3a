// Friend permission (CONTRACT.md §2.5): the data behind the callback's add-friend check. The callback reads it
// from the database on each add-friend request, so a change needs no version bump and no event; it is audited.
import { Prisma } from "@wordguard/db";
import type { UserAttributes } from "@wordguard/contracts";
import type { Actor } from "../types.ts";
import { writeAudit } from "./audit.ts";
import type { CommitDeps } from "./commit.ts";
import { whereClause } from "./search.ts";

interface AttributeRow {
  userID: string;
  allowAddFriend: number;
  updateTime: Date;
}

const COLUMNS = `"user_id" AS "userID", "allow_add_friend" AS "allowAddFriend", "update_time" AS "updateTime"`;

function fromRow(row: AttributeRow): UserAttributes.UserAttribute {
  return { userID: row.userID, allowAddFriend: row.allowAddFriend === 1 ? 1 : -1, updateTime: row.updateTime.getTime() };
}

export async function setUserAttributes(
  deps: CommitDeps,
  actor: Actor,
  request: UserAttributes.SetUserAttributesRequest,
): Promise<{ updated: number }> {
  // One row per user: a later entry for the same user wins (an upsert cannot touch one row twice).
  const latest = new Map(request.attributes.map((a) => [a.userID, a.allowAddFriend] as const));
  const userIDs = [...latest.keys()].sort();
  const values = userIDs.map((id) => latest.get(id) as number);
  const updated = await deps.prisma.$transaction(
    async (tx) => {
      const existing = await tx.$queryRaw<AttributeRow[]>(Prisma.sql`
        SELECT ${Prisma.raw(COLUMNS)} FROM "user_attribute" WHERE "user_id" = ANY(${userIDs}::text[]) FOR UPDATE`);
      const before = new Map(existing.map((row) => [row.userID, fromRow(row)] as const));
      const rows = await tx.$queryRaw<AttributeRow[]>(Prisma.sql`
        INSERT INTO "user_attribute" ("user_id", "allow_add_friend")
        SELECT * FROM unnest(${userIDs}::text[], ${values}::int[])
        ON CONFLICT ("user_id") DO UPDATE SET "allow_add_friend" = EXCLUDED."allow_add_friend", "update_time" = now()
        RETURNING ${Prisma.raw(COLUMNS)}`);
      await writeAudit(
        tx,
        actor,
        rows.map((row) => ({
          action: "user_attribute.set",
          targetType: "userAttribute" as const,
          targetID: row.userID,
          before: before.get(row.userID) ?? null,
          after: fromRow(row),
        })),
      );
      return rows.length;
    },
    { maxWait: 15_000, timeout: 120_000 },
  );
  return { updated };
}

export async function searchUserAttributes(
  deps: CommitDeps,
  request: UserAttributes.SearchUserAttributesRequest,
): Promise<{ total: number; attributes: UserAttributes.UserAttribute[] }> {
  const conditions: Prisma.Sql[] = [];
  if (request.userIDs !== undefined && request.userIDs.length > 0) {
    conditions.push(Prisma.sql`"user_id" = ANY(${request.userIDs}::text[])`);
  }
  if (request.allowAddFriend !== undefined) conditions.push(Prisma.sql`"allow_add_friend" = ${request.allowAddFriend}`);
  // user_attribute has no id column: order by update time, then user id, for a stable newest-first order.
  const where = whereClause(conditions);
  const { pageNumber, showNumber } = request.pagination;
  const [counted, rows] = await Promise.all([
    deps.prisma.$queryRaw<{ total: bigint }[]>(Prisma.sql`SELECT count(*)::bigint AS "total" FROM "user_attribute" ${where}`),
    deps.prisma.$queryRaw<AttributeRow[]>(Prisma.sql`
      SELECT ${Prisma.raw(COLUMNS)} FROM "user_attribute" ${where}
      ORDER BY "update_time" DESC, "user_id" ASC LIMIT ${showNumber} OFFSET ${(pageNumber - 1) * showNumber}`),
  ]);
  return { total: Number(counted[0]?.total ?? 0n), attributes: rows.map(fromRow) };
}

