import { Redis } from "ioredis";
import type { RevocationStore } from "./revocations.ts";

export interface RedisRevocationsOptions {
  url: string;
  /** REDIS_PREFIX; keys are `${prefix}admin:revoked:<key>`. */
  prefix: string;
  /** Per-command timeout in ms (default 2,000): a slow Redis fails a request instead of hanging it. */
  commandTimeoutMs?: number;
}

/**
 * Revocations in Redis with the remaining token lifetime as TTL, shared by every admin replica. A Redis failure
 * makes the check throw, so the request fails (500) rather than accepting a token that may have been revoked.
 */
export function createRedisRevocations(options: RedisRevocationsOptions): RevocationStore {
  const redis = new Redis(options.url, {
    connectionName: "wordguard-admin-revocations",
    commandTimeout: options.commandTimeoutMs ?? 2000,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 10), 2000),
  });
  // ioredis reports every failed reconnect as 'error'; the failing commands carry the news to the caller.
  redis.on("error", () => {});
  const fullKey = (key: string) => `${options.prefix}admin:revoked:${key}`;
  return {
    async revoke(key, ttlSeconds) {
      await redis.set(fullKey(key), "1", "EX", Math.max(1, Math.ceil(ttlSeconds)));
    },
    async anyRevoked(keys) {
      if (keys.length === 0) return false;
      return (await redis.exists(...keys.map(fullKey))) > 0;
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
