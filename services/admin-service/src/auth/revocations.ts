// Token revocation (logout) and account revocation (deleted admins). Tokens are stateless JWTs, so the only state
// is a list of revoked keys that expire with the tokens they name. Redis holds it when configured; the embedded
// one-process mode has no Redis and uses memory.

export interface RevocationStore {
  /** Marks a key revoked for `ttlSeconds` (the remaining lifetime of what it names). */
  revoke(key: string, ttlSeconds: number): Promise<void>;
  /** True when any of the keys is revoked. One round trip. */
  anyRevoked(keys: readonly string[]): Promise<boolean>;
  close(): Promise<void>;
}

/** Key of one token: its `jti` when it has one, else the SHA-256 of the token (OpenIM's own tokens have no jti). */
export function tokenKey(jtiOrHash: string): string {
  return `token:${jtiOrHash}`;
}

/** Key that revokes every token of an admin account (set when the account is deleted). */
export function userKey(userID: string): string {
  return `user:${userID}`;
}

export function createMemoryRevocations(now: () => number = Date.now): RevocationStore {
  const expiries = new Map<string, number>();
  const sweep = () => {
    const at = now();
    for (const [key, expiry] of expiries) if (expiry <= at) expiries.delete(key);
  };
  return {
    async revoke(key, ttlSeconds) {
      if (expiries.size > 10_000) sweep();
      expiries.set(key, now() + Math.max(1, ttlSeconds) * 1000);
    },
    async anyRevoked(keys) {
      const at = now();
      return keys.some((key) => (expiries.get(key) ?? 0) > at);
    },
    async close() {
      expiries.clear();
    },
  };
}
