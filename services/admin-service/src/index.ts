// @wordguard/admin-service: the governance API of wordguard (CONTRACT.md §2).
export { buildApp, type BuildAppOptions } from "./app.ts";
export { startAdminService, type StartAdminOptions, type AdminService } from "./start.ts";
export { createMemoryRevocations, type RevocationStore } from "./auth/revocations.ts";
export { createRedisRevocations, type RedisRevocationsOptions } from "./auth/redis-revocations.ts";
export { assertSafeSettings, unsafeSettings, UnsafeSettingsError } from "./production-guard.ts";
export { ensureSuperAdmin } from "./accounts/bootstrap.ts";
export type { AdminApp, AdminDeps, AdminIdentity } from "./types.ts";
export { hitSearchSql } from "./governance/hits.ts";
