// Login and logout (CONTRACT.md §2.2).
import { Accounts } from "@wordguard/contracts";
import type { PrismaClient } from "@wordguard/db";
import { adminClaims, signToken } from "../auth/jwt.ts";
import { burnPasswordCheck, verifyPassword } from "../auth/password.ts";
import type { RevocationStore } from "../auth/revocations.ts";
import { fail } from "../envelope.ts";
import type { AdminIdentity } from "../types.ts";

export interface LoginDeps {
  prisma: PrismaClient;
  secret: string;
  ttlSeconds: number;
}

export async function login(deps: LoginDeps, request: Accounts.LoginRequest): Promise<Accounts.LoginReply> {
  const account = await deps.prisma.adminAccount.findUnique({ where: { account: request.account } });
  if (account === null) {
    await burnPasswordCheck(request.password);
    throw fail("AccountNotFound", request.account);
  }
  if (!(await verifyPassword(request.password, account.passwordHash))) throw fail("PasswordError", "wrong password");
  const claims = adminClaims(account.id, Math.floor(Date.now() / 1000), deps.ttlSeconds);
  return {
    adminToken: signToken(claims, deps.secret),
    adminUserID: account.id,
    level: account.level === Accounts.ADMIN_LEVELS.superAdmin ? 100 : 80,
    expireTimeSeconds: deps.ttlSeconds,
  };
}

/** Revokes the caller's token for the rest of its lifetime. */
export async function logout(revocations: RevocationStore, admin: AdminIdentity): Promise<void> {
  const remaining = admin.tokenExp - Math.floor(Date.now() / 1000);
  await revocations.revoke(admin.tokenKey, Math.max(1, remaining));
}

export function info(admin: AdminIdentity): Accounts.AdminInfo {
  return {
    adminUserID: admin.userID,
    account: admin.account,
    nickname: admin.nickname,
    level: admin.level === Accounts.ADMIN_LEVELS.superAdmin ? 100 : 80,
    createTime: admin.createTime,
  };
}
