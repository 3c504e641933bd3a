// HS256 tokens with OpenIM chat's admin claim shape (CONTRACT.md §2.2), signed with a secret the test knows: lets
// the hostile tests present expired, not-yet-valid, wrongly signed and wrongly typed tokens.
import { createHmac } from "node:crypto";

const base64url = (value: string | Buffer): string => Buffer.from(value).toString("base64url");

export interface TokenClaims {
  UserID: string;
  UserType?: number;
  PlatformID?: number;
  /** seconds since the epoch */
  exp?: number;
  nbf?: number;
  iat?: number;
}

export function signToken(claims: TokenClaims, secret: string, header: Record<string, string> = { alg: "HS256", typ: "JWT" }): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { UserType: 2, PlatformID: 0, iat: now, nbf: now, exp: now + 3600, ...claims };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  return `${unsigned}.${base64url(createHmac("sha256", secret).update(unsigned).digest())}`;
}
