// The snapshot holder (DESIGN.md "Consistency of changes"): loads the first snapshot (retrying until the database
// answers), then keeps up with changes. Change events on the bus are hints carrying a version; polling the version
// every RELOAD_POLL_MS (and right after the bus resubscribes) repairs lost hints. Reloads coalesce: at most one build
// runs, and any number of hints arriving meanwhile cause at most one more. Events for versions already loaded are
// ignored. The swap is one reference assignment. A policy change that is the next version reuses the compiled
// dictionaries (see #applyPolicies).
import type { Logger } from "pino";
import { CHANNELS, type ChangeKind } from "@wordguard/contracts";
import type { EventBus } from "@wordguard/bus";
import { loadPolicies, readVersion, type PrismaClient } from "@wordguard/db";
import type { CallbackMetrics } from "../metrics/metrics.ts";
import { backoffDelay } from "../hitlog/backoff.ts";
import { buildInline } from "./build-inline.ts";
import { chooseBuildMode } from "./build-mode.ts";
import { withPolicies, type BuildMode, type CompiledSnapshot } from "./compiled-snapshot.ts";
import { resolvePolicies } from "./policies.ts";
import { BuildWorkerClient, type BuildWorkerView } from "./worker/build-worker-client.ts";

/** Default bound of one worker build; above loadSnapshot's own 120 s, so a slow database fails as itself first. */
export const DEFAULT_WORKER_BUILD_TIMEOUT_MS = 180_000;

export interface SnapshotHolderOptions {
  prisma: PrismaClient;
  bus: EventBus;
  logger: Logger;
  metrics: CallbackMetrics;
  pollMs: number;
  /** Dictionaries with more enabled entries than this are loaded and compiled in a worker thread. */
  workerThreshold: number;
  /** Needed by the worker to open its own connection; without it every build runs inline (embedded mode). */
  databaseUrl?: string | undefined;
  /** First retry delay of the initial load (doubles up to 5 s). Default 500 ms. */
  initialRetryMs?: number;
  /**
   * A worker build that has not answered after this long fails, and its worker is terminated and replaced at the next
   * build. Default DEFAULT_WORKER_BUILD_TIMEOUT_MS.
   */
  workerBuildTimeoutMs?: number;
  /**
   * A failed reload is tried again after this long (doubling per failure up to RELOAD_RETRY_MAX_MS), unless an event
   * or a poll starts one first. Default 5 s.
   */
  reloadRetryMs?: number;
}

/** Cap of the retry delay after failed reloads. */
const RELOAD_RETRY_MAX_MS = 60_000;

export class SnapshotHolder {
  readonly #o: SnapshotHolderOptions;
  readonly #log: Logger;
  #current: CompiledSnapshot | undefined;
  #wanted = 0;
  #again = false;
  #building: Promise<void> | undefined;
  /** One long-lived thread for every worker build of this holder; it starts at the first build that needs it. */
  readonly #worker: BuildWorkerClient | undefined;
  #polling = false;
  #pollFailures = 0;
  #pollTimer: NodeJS.Timeout | undefined;
  #failedReloads = 0;
  #retryTimer: NodeJS.Timeout | undefined;
  #closed = false;
  #started = false;
  readonly #loaded: Promise<CompiledSnapshot>;
  #resolveLoaded!: (snapshot: CompiledSnapshot) => void;
  #subscribed: Promise<boolean> = Promise.resolve(false);

  constructor(options: SnapshotHolderOptions) {
    this.#o = options;
    this.#log = options.logger.child({ component: "snapshot" });
    // Started lazily rather than here: a dictionary under the threshold never needs the thread (nor its connection),
    // and a large first load has to wait for the worker's start either way.
    this.#worker =
      options.databaseUrl === undefined
        ? undefined
        : new BuildWorkerClient({ databaseUrl: options.databaseUrl, timeoutMs: options.workerBuildTimeoutMs ?? DEFAULT_WORKER_BUILD_TIMEOUT_MS });
    this.#loaded = new Promise((resolve) => {
      this.#resolveLoaded = resolve;
    });
    options.metrics.bindSnapshot({
      version: () => this.#current?.version,
      loadedAt: () => this.#current?.loadedAt,
      entries: () => this.#current?.entries,
    });
  }

  /** The snapshot in use; undefined until the first load. Read it once per request. */
  get current(): CompiledSnapshot | undefined {
    return this.#current;
  }

  /** Resolves with the first snapshot loaded. */
  get loaded(): Promise<CompiledSnapshot> {
    return this.#loaded;
  }

  /**
   * Resolves true once the broker confirmed the change-event subscription (false if it failed). Readiness does not
   * wait for it: until then polling covers changes. Tests wait for it before relying on events.
   */
  get subscribed(): Promise<boolean> {
    return this.#subscribed;
  }

  /** A build is running (for tests and the readiness log). */
  get building(): boolean {
    return this.#building !== undefined;
  }

  /** The build worker (undefined in embedded mode): how many threads it started, the live one's id; for tests. */
  get buildWorker(): BuildWorkerView | undefined {
    return this.#worker;
  }

  /** Starts the first load, the bus subscription and the poll timer. Returns at once. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    const { bus } = this.#o;
    // Not awaited: with Redis down the subscription completes whenever Redis comes back; polling covers the gap.
    this.#subscribed = bus
      .subscribe(CHANNELS.dictionaryChanged, (event) => this.request(event.version, `event:${event.kind}`, event.kind))
      .then(() => {
        this.#log.debug("subscribed to change events");
        return true;
      })
      .catch((err: unknown) => {
        this.#log.warn({ err }, "subscribing to change events failed; relying on polling");
        return false;
      });
    bus.onResubscribe(() => {
      this.#log.info("change-event subscription re-established; polling for missed changes");
      void this.poll("resubscribe");
    });
    bus.onInvalid((channel, raw) => this.#log.warn({ channel, raw: raw.slice(0, 200) }, "ignored a malformed change event"));
    this.#pollTimer = setInterval(() => void this.poll("interval"), this.#o.pollMs);
    this.#pollTimer.unref();
    this.request(0, "start");
  }

  /**
   * A hint that `version` exists: reload unless it is already loaded. `kind` comes with a change event: a policy
   * change that is the very next version is applied to the compiled dictionaries in use instead of rebuilding them.
   */
  request(version: number, reason: string, kind?: ChangeKind): void {
    if (this.#closed) return;
    if (this.#current && version <= this.#current.version) {
      this.#log.debug({ version, loaded: this.#current.version, reason }, "change already loaded; ignored");
      return;
    }
    this.#wanted = Math.max(this.#wanted, version);
    if (this.#building) {
      this.#again = true;
      return;
    }
    const policyOnly = kind === "policy" && this.#current !== undefined && version === this.#current.version + 1;
    this.#building = this.#run(reason, policyOnly).finally(() => {
      this.#building = undefined;
    });
  }

  /** Reads the committed version and reloads when it is newer than the snapshot in use. */
  async poll(reason: string): Promise<void> {
    if (this.#closed || this.#polling || !this.#current) return;
    this.#polling = true;
    try {
      const version = await readVersion(this.#o.prisma);
      if (this.#pollFailures > 0) this.#log.info({ failures: this.#pollFailures }, "version poll works again");
      this.#pollFailures = 0;
      if (this.#current && version > this.#current.version) this.request(version, `poll:${reason}`);
    } catch (err) {
      this.#pollFailures++;
      if (this.#pollFailures === 1 || this.#pollFailures % 30 === 0) {
        this.#log.warn({ err, failures: this.#pollFailures }, "version poll failed; keeping the snapshot in use");
      }
    } finally {
      this.#polling = false;
    }
  }

  /** Waits for the build under way (if any) to finish; for tests and benchmarks. */
  async settled(): Promise<void> {
    while (this.#building) await this.#building;
  }

  /**
   * Stops polling and reacting to events and ends the build worker (abandoning a build under way), so that nothing
   * of the holder keeps the process alive. The snapshot in use stays readable.
   */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#pollTimer) clearInterval(this.#pollTimer);
    this.#pollTimer = undefined;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    await this.#worker?.close().catch(() => undefined);
  }

  async #run(reason: string, policyOnly: boolean): Promise<void> {
    let attempt = 0;
    for (;;) {
      this.#again = false;
      try {
        await this.#buildOnce(reason, policyOnly);
        policyOnly = false; // coalesced changes may be of any kind
        attempt = 0;
        this.#failedReloads = 0;
      } catch (err) {
        if (this.#closed) return;
        attempt++;
        if (!this.#current) {
          // Not ready yet: keep trying until the database answers.
          const delay = backoffDelay(attempt, this.#o.initialRetryMs ?? 500, 5000);
          this.#log.warn({ err, attempt, retryInMs: delay }, "loading the first snapshot failed; retrying");
          await sleep(delay);
          if (this.#closed) return;
          continue;
        }
        // The snapshot in use stays. The change is still wanted: try again after a while (sooner if an event or a
        // poll asks), so that one failed build (a worker that died or hung, a dropped connection) does not leave the
        // replica behind until the next change or the next RELOAD_POLL_MS.
        const retryInMs = this.#scheduleRetry();
        this.#log.warn({ err, reason, loaded: this.#current.version, retryInMs }, "reload failed; keeping the snapshot in use");
        return;
      }
      if (this.#closed) return;
      if (this.#again && this.#current && this.#wanted > this.#current.version) {
        reason = "coalesced";
        continue;
      }
      return;
    }
  }

  /** Arms the retry after a failed reload; returns its delay. */
  #scheduleRetry(): number {
    this.#failedReloads++;
    const delay = backoffDelay(this.#failedReloads, this.#o.reloadRetryMs ?? 5000, RELOAD_RETRY_MAX_MS);
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      if (this.#current && this.#wanted > this.#current.version) this.request(this.#wanted, "retry");
    }, delay);
    this.#retryTimer.unref();
    return delay;
  }

  async #buildOnce(reason: string, policyOnly: boolean): Promise<void> {
    const { prisma, metrics, databaseUrl, workerThreshold } = this.#o;
    const started = performance.now();
    let mode: BuildMode = "inline";
    try {
      const reused = policyOnly && this.#current ? await this.#applyPolicies(this.#current) : undefined;
      let snapshot: CompiledSnapshot;
      let detail: Record<string, number> = {};
      if (reused) {
        mode = "policy";
        snapshot = reused;
      } else {
        mode = await chooseBuildMode({
          databaseUrl,
          workerThreshold,
          current: this.#current,
          countEnabled: () => prisma.sensitiveWord.count({ where: { enabled: true } }),
        });
        if (mode === "worker" && this.#worker) {
          const built = await this.#worker.build(this.#current !== undefined);
          snapshot = built.snapshot;
          detail = { loadMs: Math.round(built.loadMs), compileMs: Math.round(built.compileMs), workerStarts: this.#worker.started };
        } else {
          snapshot = await buildInline(prisma);
        }
      }
      const seconds = (performance.now() - started) / 1000;
      metrics.reloadDuration.labels(mode, "ok").observe(seconds);
      if (this.#closed) return;
      if (this.#current && snapshot.version <= this.#current.version) {
        this.#log.debug({ version: snapshot.version, reason }, "built snapshot is not newer; kept the one in use");
        return;
      }
      const previous = this.#current?.version;
      this.#current = snapshot;
      this.#log.info(
        {
          version: snapshot.version,
          previous,
          reason,
          mode,
          entries: snapshot.entries,
          whitelist: snapshot.whitelist,
          ms: Math.round(seconds * 1000),
          ...detail,
          dictionaries: snapshot.stats,
        },
        previous === undefined ? "first snapshot loaded" : "snapshot reloaded",
      );
      if (previous === undefined) this.#resolveLoaded(snapshot);
    } catch (err) {
      metrics.reloadDuration.labels(mode, "error").observe((performance.now() - started) / 1000);
      throw err;
    }
  }

  /**
   * The snapshot of the next version when that version is a policy change: the policies read with the version in one
   * transaction; if the database has moved further (other changes), or a policy now needs a normalisation nothing was
   * compiled with, undefined — the caller then builds everything.
   */
  async #applyPolicies(current: CompiledSnapshot): Promise<CompiledSnapshot | undefined> {
    const state = await loadPolicies(this.#o.prisma);
    if (state.version !== current.version + 1) return undefined;
    return withPolicies(current, state.version, resolvePolicies(state.policies));
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
