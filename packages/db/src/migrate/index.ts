export { migrateDeploy, migrateDev, migrationDiff, migrationStatus } from "./commands.ts";
export type { DevResult } from "./commands.ts";
export { defaultSource, migrationsDigest } from "./migration-files.ts";
export type { MigrationSource } from "./migration-files.ts";
export { pgConfigFromUrl, pgMigrationFactory, runAdminStatement } from "./pg-migration-factory.ts";
export { lastPanicMessage } from "./wasm-engine.ts";
export { ensureDatabase } from "./ensure-database.ts";
