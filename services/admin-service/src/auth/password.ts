// Admin passwords (CONTRACT.md §2.2): the console sends md5 hex of the typed password, scripts may send it plain.
// We store scrypt(md5hex(password)) with a per-account salt, so both forms of the same password verify.
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

const SCHEME = "scrypt";
/** N=2^14, r=8, p=1: ~16 MiB and a few tens of ms per hash; the parameters are stored, so they can grow later. */
const DEFAULT_PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MD5_HEX = /^[0-9a-fA-F]{32}$/;

function scrypt(secret: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(secret, salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** A 32-hex-digit password is taken as the md5 hex already; anything else is md5-hashed first. */
export function md5HexOf(password: string): string {
  return MD5_HEX.test(password) ? password.toLowerCase() : createHash("md5").update(password, "utf8").digest("hex");
}

/** `scrypt$N$r$p$salt$hash` (salt and hash base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(md5HexOf(password), salt, KEY_LENGTH, DEFAULT_PARAMS);
  const { N, r, p } = DEFAULT_PARAMS;
  return [SCHEME, N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Constant-time comparison; a malformed stored hash never verifies. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== SCHEME || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, "base64");
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((v) => Number.isInteger(v) && v > 0) || expected.length === 0) return false;
  const key = await scrypt(md5HexOf(password), Buffer.from(salt, "base64"), expected.length, params);
  return timingSafeEqual(key, expected);
}

/**
 * Spends the same time as a real verification, so a login for an unknown account cannot be told apart by timing
 * from a wrong password (the reply code still differs, as the contract asks).
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  await scrypt(md5HexOf(password), randomBytes(16), KEY_LENGTH, DEFAULT_PARAMS);
}
