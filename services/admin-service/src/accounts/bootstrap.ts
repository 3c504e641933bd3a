// First start: the first super admin from ADMIN_ACCOUNT / ADMIN_PASSWORD when there is none (CONTRACT.md §2.2).
import { Accounts, type AdminSettings } from "@wordguard/contracts";
import type { PrismaClient } from "@wordguard/db";
import type { FastifyBaseLogger } from "fastify";
import { hashPassword } from "../auth/password.ts";

export type SuperAdminOutcome = "exists" | "created" | "promoted";

export async function ensureSuperAdmin(prisma: PrismaClient, settings: AdminSettings, log: FastifyBaseLogger): Promise<SuperAdminOutcome> {
  const superAdmins = await prisma.adminAccount.count({ where: { level: Accounts.ADMIN_LEVELS.superAdmin } });
  if (superAdmins > 0) return "exists";
  const existing = await prisma.adminAccount.findUnique({ where: { account: settings.ADMIN_ACCOUNT } });
  if (existing !== null) {
    // No super admin at all would lock account management for good: the configured account takes the role.
    await prisma.adminAccount.update({ where: { id: existing.id }, data: { level: Accounts.ADMIN_LEVELS.superAdmin } });
    log.warn({ account: settings.ADMIN_ACCOUNT }, "no super admin existed: promoted the configured ADMIN_ACCOUNT");
    return "promoted";
  }
  const passwordHash = await hashPassword(settings.ADMIN_PASSWORD);
  const created = await prisma.adminAccount.createMany({
    data: [{ account: settings.ADMIN_ACCOUNT, passwordHash, nickname: "super admin", level: Accounts.ADMIN_LEVELS.superAdmin }],
    skipDuplicates: true, // another replica starting at the same moment
  });
  if (created.count > 0) log.info({ account: settings.ADMIN_ACCOUNT }, "first super admin created");
  return created.count > 0 ? "created" : "exists";
}
