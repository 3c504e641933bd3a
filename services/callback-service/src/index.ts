// @wordguard/callback-service: the prohibited-word callback of OpenIM (CONTRACT.md §1).
export { startCallbackService } from "./start.ts";
export type { CallbackService, CallbackServiceDeps, CallbackTuning } from "./start.ts";
export { buildApp } from "./app.ts";
export type { AppOptions } from "./app.ts";
export { readCallbackSettings } from "./config.ts";
export { SnapshotHolder } from "./snapshot/holder.ts";
export type { CompiledSnapshot } from "./snapshot/compiled-snapshot.ts";
export { HitLogWriter } from "./hitlog/writer.ts";
export { createMetrics } from "./metrics/metrics.ts";
export type { CallbackMetrics, Outcome } from "./metrics/metrics.ts";
