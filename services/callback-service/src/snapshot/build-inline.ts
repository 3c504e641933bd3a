// Small dictionaries (and the embedded PGlite mode, where the database itself runs on this thread) are loaded and
// compiled right here: for a few thousand entries that takes milliseconds.
import { loadSnapshot, type PrismaClient } from "@wordguard/db";
import { compileParts } from "./compile-parts.ts";
import { assembleSnapshot, type CompiledSnapshot } from "./compiled-snapshot.ts";
import { EntryTable } from "./entry-table.ts";

export async function buildInline(prisma: PrismaClient): Promise<CompiledSnapshot> {
  const parts = compileParts(await loadSnapshot(prisma));
  return assembleSnapshot({ ...parts, table: new EntryTable(parts.table) }, "inline");
}
