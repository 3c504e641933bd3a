// Prisma CLI configuration. The schema and migrations live at the repository root (shared by every package).
// The native schema engine cannot be downloaded here: point the CLI at a placeholder so `prisma generate` works
// (it only checks that the binary exists); migrations run through scripts/migrate.ts (wasm engine).
// An engine set in the environment (e.g. a real binary where one is available) takes precedence.
import path from "node:path";
import { defineConfig } from "prisma/config";

process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(import.meta.dirname, "tools/schema-engine-offline");

export default defineConfig({
  schema: path.join(import.meta.dirname, "../../prisma/schema.prisma"),
  migrations: { path: path.join(import.meta.dirname, "../../prisma/migrations") },
});
