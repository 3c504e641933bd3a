// Admin accounts, managed by super admins (level 100).
import { Accounts } from "@wordguard/contracts";
import { sqlStateOf, type PrismaClient } from "@wordguard/db";
import { hashPassword } from "../auth/password.ts";
import { userKey, type RevocationStore } from "../auth/revocations.ts";
import { fail } from "../envelope.ts";
import { writeAudit } from "../governance/audit.ts";
import type { Actor } from "../types.ts";

export interface AdminsDeps {
  prisma: PrismaClient;
  revocations: RevocationStore;
  /** ADMIN_TOKEN_TTL: the longest a token of a deleted account could still be valid. */
  ttlSeconds: number;
}

/** What audit rows say about an account: never its password hash. */
function publicView(row: { id: string; account: string; nickname: string; level: number; createTime: Date }) {
  return { adminUserID: row.id, account: row.account, nickname: row.nickname, level: row.level, createTime: row.createTime.getTime() };
}

export async function addAdmin(deps: AdminsDeps, actor: Actor, request: Accounts.AddAdminRequest): Promise<Accounts.AddAdminReply> {
  const passwordHash = await hashPassword(request.password);
  try {
    const created = await deps.prisma.$transaction(async (tx) => {
      const row = await tx.adminAccount.create({
        data: {
          account: request.account,
          passwordHash,
          nickname: request.nickname ?? "",
          level: request.level ?? Accounts.ADMIN_LEVELS.admin,
        },
      });
      await writeAudit(tx, actor, [{ action: "admin.add", targetType: "admin", targetID: row.id, after: publicView(row) }]);
      return row;
    });
    return { adminUserID: created.id };
  } catch (error) {
    const e = error as { code?: string };
    if (e.code === "P2002" || sqlStateOf(error) === "23505") throw fail("DuplicateKeyError", `account: ${request.account}`);
    throw error;
  }
}

/**
 * Deletes accounts (never the caller's own, so a super admin always remains) and revokes every token they hold:
 * their ids go on the revocation list for the longest token lifetime.
 */
export async function deleteAdmins(deps: AdminsDeps, actor: Actor, request: Accounts.DelAdminRequest): Promise<{ deleted: number }> {
  const index = request.userIDs.indexOf(actor.operatorID);
  if (index >= 0) throw fail("ArgsError", `userIDs[${index}]: cannot delete your own account`);
  const deleted = await deps.prisma.$transaction(async (tx) => {
    const rows = await tx.adminAccount.findMany({ where: { id: { in: request.userIDs } } });
    await tx.adminAccount.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
    await writeAudit(
      tx,
      actor,
      rows.map((row) => ({ action: "admin.del", targetType: "admin" as const, targetID: row.id, before: publicView(row) })),
    );
    return rows;
  });
  await Promise.all(deleted.map((row) => deps.revocations.revoke(userKey(row.id), deps.ttlSeconds)));
  return { deleted: deleted.length };
}
