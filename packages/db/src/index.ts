// @wordguard/db: the Prisma client (PostgreSQL or embedded PGlite), the migration runner, the dictionary snapshot
// loader and version bump, default policies and the hit-log writer. Test helpers: "@wordguard/db/testing".
export { createPrisma, PrismaClient } from "./client.ts";
export { Prisma } from "./generated/prisma/client.ts";
export type { CreatePrismaOptions, Db, Tx } from "./client.ts";
export { createEmbeddedPrisma } from "./embedded.ts";
export type { EmbeddedOptions, EmbeddedPrisma } from "./embedded.ts";
export { bumpVersion, readVersion } from "./version.ts";
export { ensureDefaults } from "./defaults.ts";
export type { EnsureDefaultsResult } from "./defaults.ts";
export { loadPolicies, loadSnapshot } from "./snapshot.ts";
export type { LoadSnapshotOptions, Snapshot, SnapshotEntry, SnapshotWhitelistEntry } from "./snapshot.ts";
export { insertHitLogs, cutHitText, storableText } from "./hit-logs.ts";
export { sqlStateOf } from "./sql-state.ts";
export type { NewHitLog } from "./hit-logs.ts";
export { policyFromRow, toLevel, toNormalizeSettings } from "./policy-row.ts";
export { migrateDeploy, pgMigrationFactory, ensureDatabase } from "./migrate/index.ts";
export { DEFAULT_DATABASE_URL } from "./config.ts";
export * from "./generated/prisma/enums.ts";
export type {
  SensitiveWord,
  WhitelistEntry,
  ScenePolicy,
  DictVersion,
  HitLog,
  UserAttribute,
  AdminAccount,
  AuditLog,
} from "./generated/prisma/client.ts";
export { purgeHitLogs } from "./hit-purge.ts";
export type { PurgeOptions } from "./hit-purge.ts";
export { recordAudit, toAuditJson } from "./audit.ts";
export type { AuditRecord } from "./audit.ts";
