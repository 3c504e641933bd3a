// Whether a failed insert was refused for what its rows hold rather than because the database could not be reached.
// The first kind fails the same way on every retry: the writer isolates and drops such rows instead of backing off
// behind them, which would stop every later hit from being written.
import { sqlStateOf } from "@wordguard/db/sql-state";

/** SQLSTATE classes about the data itself: 22 data exception, 23 integrity constraint violation. */
const DATA_CLASSES = new Set(["22", "23"]);

export function refusedForData(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && DATA_CLASSES.has(state.slice(0, 2));
}
