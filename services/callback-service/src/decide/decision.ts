import type { CallbackReply } from "@wordguard/contracts";
import type { NewHitLog } from "@wordguard/db";
import type { Outcome } from "../metrics/metrics.ts";

/** What a command decided: the reply, the metric outcome, and the hit log to write (if any). */
export interface Decision {
  reply: Readonly<CallbackReply>;
  outcome: Outcome;
  hitLog?: NewHitLog;
  /** facts for the request's log line */
  note?: Record<string, unknown>;
  /** the failure behind an `error` outcome, logged by the route */
  error?: unknown;
}
