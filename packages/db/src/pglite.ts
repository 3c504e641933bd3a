// One place that opens PGlite with the extensions our migrations use (pg_trgm for the hit-log keyword index):
// PGlite bundles contrib extensions but loads only those named at construction.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export function openPglite(dataDir?: string): PGlite {
  return new PGlite(dataDir, { extensions: { pg_trgm } });
}
