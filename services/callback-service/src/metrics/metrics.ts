// Prometheus metrics of one callback-service instance (DESIGN.md "The hot path"). Each instance owns its registry, so
// the one-process launcher (callback + admin) and parallel tests never collide on metric names.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { CALLBACK_COMMANDS } from "@wordguard/contracts";
import { HotCounter, HotHistogram } from "./hot-metrics.ts";

const PREFIX = "wordguard_callback_";

/** What a request ended as; one label value per row of CONTRACT.md §1.2 plus the ways a message passes. */
export const OUTCOMES = [
  "clean", // checked, no hit
  "skipped", // not checked: notification, policy off, exemption, content type not listed, no scene
  "logged", // allowed, hits logged (action log, or only hits below minLevel)
  "masked", // allowed; the modify command masks
  "blocked",
  "friend_accepted",
  "friend_refused",
  "friend_unknown",
  "invalid", // 1001: command, JSON, types, route, size
  "unauthorized",
  "error", // 500
] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Label value for requests that named no supported command (keeps the label set bounded). */
export const OTHER_COMMAND = "other";

export interface SnapshotGauges {
  version(): number | undefined;
  loadedAt(): number | undefined;
  entries(): number | undefined;
}

export interface CallbackMetrics {
  registry: Registry;
  /**
   * One callback reply: counts the request and its outcome under its command and observes its latency (seconds from
   * arrival to the decided reply, which a saturated loop may hold until the end of its turn: see replyCoalesced). Every
   * callback reply passes here exactly once, which spares the hot path an onResponse hook.
   */
  replied(command: string, outcome: Outcome, seconds: number): void;
  /** One reply held to the end of its event-loop turn and sent with the others of that turn (the loop was saturated). */
  replyCoalesced(): void;
  reloadDuration: Histogram<"mode" | "result">;
  hitLogDropped: Counter;
  hitLogFlushFailures: Counter;
  hitLogWritten: Counter;
  /** Wire gauges that read live state at scrape time. */
  bindSnapshot(gauges: SnapshotGauges): void;
  bindHitLogDepth(depth: () => number): void;
}

export function createMetrics(): CallbackMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });

  const labelled: readonly string[] = [...CALLBACK_COMMANDS, OTHER_COMMAND];
  const commandIndex = new Map(labelled.map((c, i) => [c, i]));
  const outcomeIndex = new Map(OUTCOMES.map((o, i) => [o, i]));
  const otherIndex = labelled.length - 1;
  const requests = new HotCounter(`${PREFIX}requests_total`, "Callback requests by command", { command: labelled });
  const latency = new HotHistogram(
    `${PREFIX}request_duration_seconds`,
    "Time from the request's arrival to its reply, by command",
    "command",
    labelled,
    [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  );
  const decisions = new HotCounter(`${PREFIX}decisions_total`, "Replies by command and outcome", { command: labelled, outcome: OUTCOMES });
  const coalesced = new HotCounter(
    `${PREFIX}replies_coalesced_total`,
    "Callback replies held to the end of their event-loop turn and sent together, which happens only while the event loop is saturated",
    {},
  );
  for (const metric of [requests, latency, decisions, coalesced]) registry.registerMetric(metric as unknown as Parameters<Registry["registerMetric"]>[0]);

  let snapshot: SnapshotGauges | undefined;
  new Gauge({
    name: `${PREFIX}snapshot_version`,
    help: "Dictionary version of the snapshot in use (absent until the first load)",
    registers: [registry],
    collect() {
      const v = snapshot?.version();
      if (v !== undefined) this.set(v);
    },
  });
  new Gauge({
    name: `${PREFIX}snapshot_age_seconds`,
    help: "Seconds since the snapshot in use was loaded",
    registers: [registry],
    collect() {
      const at = snapshot?.loadedAt();
      if (at !== undefined) this.set((Date.now() - at) / 1000);
    },
  });
  new Gauge({
    name: `${PREFIX}snapshot_entries`,
    help: "Enabled entries in the snapshot in use",
    registers: [registry],
    collect() {
      const n = snapshot?.entries();
      if (n !== undefined) this.set(n);
    },
  });
  const reloadDuration = new Histogram({
    name: `${PREFIX}reload_duration_seconds`,
    help: "Time to load and compile a snapshot, by where it was built (inline, worker, or policy: a policy change applied to the dictionaries in use) and result",
    labelNames: ["mode", "result"],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });

  let depth: () => number = () => 0;
  new Gauge({
    name: `${PREFIX}hit_log_queue_depth`,
    help: "Hit logs waiting to be written",
    registers: [registry],
    collect() {
      this.set(depth());
    },
  });
  const hitLogDropped = new Counter({
    name: `${PREFIX}hit_log_dropped_total`,
    help: "Hit logs dropped: the oldest when the queue was full, and whatever was left at shutdown",
    registers: [registry],
  });
  const hitLogFlushFailures = new Counter({
    name: `${PREFIX}hit_log_flush_failures_total`,
    help: "Failed batch inserts of hit logs (each retried with backoff)",
    registers: [registry],
  });
  const hitLogWritten = new Counter({
    name: `${PREFIX}hit_log_written_total`,
    help: "Hit logs inserted",
    registers: [registry],
  });

  return {
    registry,
    replied(command, outcome, seconds) {
      const c = commandIndex.get(command) ?? otherIndex;
      requests.inc(c);
      latency.observe(c, seconds);
      decisions.inc(c * OUTCOMES.length + outcomeIndex.get(outcome)!);
    },
    replyCoalesced() {
      coalesced.inc(0);
    },
    reloadDuration,
    hitLogDropped,
    hitLogFlushFailures,
    hitLogWritten,
    bindSnapshot(gauges) {
      snapshot = gauges;
    },
    bindHitLogDepth(fn) {
      depth = fn;
    },
  };
}
