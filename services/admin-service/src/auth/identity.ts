// From a `token` header to the admin behind it, or the contract error that says why not (CONTRACT.md §2.1).
import { createHash } from "node:crypto";
import { Accounts } from "@wordguard/contracts";
import { fail } from "../envelope.ts";
import type { AdminDeps, AdminIdentity } from "../types.ts";
import { verifyToken } from "./jwt.ts";
import { tokenKey, userKey } from "./revocations.ts";

export async function identify(deps: AdminDeps, header: string | string[] | undefined): Promise<AdminIdentity> {
  const token = Array.isArray(header) ? header[0] : header;
  if (token === undefined || token === "") throw fail("TokenNotExist", "no token header");
  const verified = verifyToken(token, deps.settings.ADMIN_JWT_SECRET, Math.floor(Date.now() / 1000));
  if (!verified.ok) throw fail(verified.error, verified.detail);
  const { claims } = verified;
  const key = tokenKey(claims.jti ?? createHash("sha256").update(token).digest("hex"));
  if (await deps.revocations.anyRevoked([key, userKey(claims.UserID)])) throw fail("TokenExpired", "token revoked");
  const account = await deps.prisma.adminAccount.findUnique({ where: { id: claims.UserID } });
  if (account !== null) {
    return {
      userID: account.id,
      level: account.level,
      account: account.account,
      nickname: account.nickname,
      createTime: account.createTime.getTime(),
      local: true,
      tokenKey: key,
      tokenExp: claims.exp,
    };
  }
  // A valid signature with an id we do not know: a token of an OpenIM chat deployment sharing ADMIN_JWT_SECRET
  // (CONTRACT.md §2.2). Its levels live in the chat database, so it gets governance rights only, never account
  // management. A deleted account of ours is caught above by its user revocation.
  return {
    userID: claims.UserID,
    level: Accounts.ADMIN_LEVELS.admin,
    account: claims.UserID,
    nickname: "",
    createTime: 0,
    local: false,
    tokenKey: key,
    tokenExp: claims.exp,
  };
}
