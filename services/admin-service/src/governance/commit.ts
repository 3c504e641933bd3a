// Every governance write goes through here (CONTRACT.md §2.4, DESIGN.md "Consistency of changes"): the data change,
// its audit rows and the version bump commit in ONE transaction; only after the commit is the change announced on
// the bus. A failed publish is logged and forgotten: replicas poll the version and catch up.
import { CHANNELS, type ChangeKind } from "@wordguard/contracts";
import { bumpVersion, sqlStateOf, type PrismaClient, type Tx } from "@wordguard/db";
import type { EventBus } from "@wordguard/bus";
import type { FastifyBaseLogger } from "fastify";

export interface CommitDeps {
  prisma: PrismaClient;
  bus: EventBus;
  log: FastifyBaseLogger;
}

export interface ChangeResult<T> {
  value: T;
  /** false: nothing was written (all duplicates, unknown ids…): no version, no event. */
  changed: boolean;
}

export interface Committed<T> {
  value: T;
  /** the new dictionary version, or null when nothing changed */
  version: number | null;
}

/** Large batches (10,000 entries, 100,000-line imports) need more than Prisma's 5 s default. */
const TRANSACTION_TIMEOUT_MS = 120_000;
const MAX_WAIT_MS = 15_000;
/** PostgreSQL deadlock_detected / serialization_failure: safe to run the whole transaction again. */
const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 3;

/**
 * Runs `work` in a transaction; `version()` bumps the dictionary version once (lazily, so a change that needs the
 * number early, like a policy row, gets it) and is called automatically when `work` reports a change.
 */
export async function commitChange<T>(
  deps: CommitDeps,
  kind: ChangeKind,
  work: (tx: Tx, version: () => Promise<number>) => Promise<ChangeResult<T>>,
): Promise<Committed<T>> {
  let committed: Committed<T> | undefined;
  for (let attempt = 1; committed === undefined; attempt++) {
    try {
      committed = await deps.prisma.$transaction(
        async (tx) => {
          let bumped: Promise<number> | undefined;
          const version = () => (bumped ??= bumpVersion(tx));
          const result = await work(tx, version);
          return { value: result.value, version: result.changed || bumped ? await version() : null };
        },
        { maxWait: MAX_WAIT_MS, timeout: TRANSACTION_TIMEOUT_MS },
      );
    } catch (error) {
      const state = sqlStateOf(error);
      if (attempt >= ATTEMPTS || state === undefined || !RETRYABLE.has(state)) throw error;
      deps.log.warn({ sqlState: state, attempt }, "governance transaction conflicted, retrying");
    }
  }
  if (committed.version !== null) await announce(deps, kind, committed.version);
  return committed;
}

async function announce(deps: CommitDeps, kind: ChangeKind, version: number): Promise<void> {
  let delivered = false;
  try {
    delivered = await deps.bus.publish(CHANNELS.dictionaryChanged, { version, kind, at: Date.now() });
  } catch (error) {
    deps.log.warn({ err: error }, "publish threw");
  }
  if (delivered) deps.log.info({ version, kind }, "dictionary change published");
  else deps.log.warn({ version, kind }, "dictionary change not published; replicas will catch up by polling");
}

