// HS256 JSON Web Tokens with OpenIM chat's admin claim shape, on node:crypto. Written by hand rather than through a
// JWT library so that every way a token can fail maps onto exactly one contract code (1503/1502/1504/1501).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { Accounts } from "@wordguard/contracts";

/** What this service puts in a token. `jti` makes every token unique, so logging out one session spares the others. */
export interface AdminClaims {
  UserID: string;
  UserType: number;
  PlatformID: number;
  exp: number;
  nbf: number;
  iat: number;
  jti?: string;
}

export type TokenFailure = "TokenMalformed" | "TokenInvalid" | "TokenNotValidYet" | "TokenExpired";

export type VerifyResult = { ok: true; claims: AdminClaims } | { ok: false; error: TokenFailure; detail: string };

/** OpenIM makes tokens valid from five minutes before issue, absorbing clock skew between servers; so do we. */
export const NOT_BEFORE_SKEW_SECONDS = 300;

const HEADER = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
const SEGMENT = /^[A-Za-z0-9_-]+$/;

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString("base64url");
}

function hmac(secret: string, data: string): Buffer {
  return createHmac("sha256", secret).update(data).digest();
}

/** Claims for a new admin token issued at `nowSeconds`. */
export function adminClaims(userID: string, nowSeconds: number, ttlSeconds: number): AdminClaims {
  return {
    UserID: userID,
    UserType: Accounts.ADMIN_USER_TYPE,
    PlatformID: 0,
    exp: nowSeconds + ttlSeconds,
    nbf: nowSeconds - NOT_BEFORE_SKEW_SECONDS,
    iat: nowSeconds,
    jti: randomBytes(12).toString("hex"),
  };
}

export function signToken(claims: AdminClaims, secret: string): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${hmac(secret, body).toString("base64url")}`;
}

function decodeObject(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const isInt = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

/**
 * Checks shape, signature, claims and times, in that order. Older OpenIM chat tokens carry no PlatformID, so it
 * is optional here; UserType must be the admin type.
 */
export function verifyToken(token: string, secret: string, nowSeconds: number): VerifyResult {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) {
    return { ok: false, error: "TokenMalformed", detail: "not a JWT" };
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeObject(headerPart);
  const payload = decodeObject(payloadPart);
  if (header === undefined || payload === undefined) return { ok: false, error: "TokenMalformed", detail: "undecodable header or claims" };
  if (header["alg"] !== "HS256") return { ok: false, error: "TokenInvalid", detail: "unexpected signing algorithm" };
  const expected = hmac(secret, `${headerPart}.${payloadPart}`);
  const given = Buffer.from(signaturePart, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, error: "TokenInvalid", detail: "bad signature" };
  }
  const { UserID, UserType, PlatformID = 0, exp, nbf, iat = 0, jti } = payload;
  if (typeof UserID !== "string" || UserID === "" || !isInt(UserType) || !isInt(PlatformID) || !isInt(exp) || !isInt(iat)) {
    return { ok: false, error: "TokenInvalid", detail: "bad claims" };
  }
  if (nbf !== undefined && !isInt(nbf)) return { ok: false, error: "TokenInvalid", detail: "bad claims" };
  if (jti !== undefined && typeof jti !== "string") return { ok: false, error: "TokenInvalid", detail: "bad claims" };
  if (UserType !== Accounts.ADMIN_USER_TYPE) return { ok: false, error: "TokenInvalid", detail: "not an admin token" };
  if (exp <= nowSeconds) return { ok: false, error: "TokenExpired", detail: "token expired" };
  if (nbf !== undefined && nbf > nowSeconds) return { ok: false, error: "TokenNotValidYet", detail: "token not valid yet" };
  const claims: AdminClaims = { UserID, UserType, PlatformID, exp, nbf: nbf ?? iat, iat };
  if (jti !== undefined) claims.jti = jti;
  return { ok: true, claims };
}
