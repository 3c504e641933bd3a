// In-process load on loopback: open loop at a fixed rate (the messaging server does not wait for us) or closed loop
// with N workers (throughput). Bounded in count, time and sockets. Every reply is checked against the callback
// shape and kept as a record, so a test can judge each request afterwards (what it asked, what came back, when).
import { performance } from "node:perf_hooks";
import type { Agent } from "node:http";
import type { CallbackReply } from "@wordguard/contracts";
import { checkCallbackReply } from "./callback-reply.ts";
import { errorCode, keepAliveAgent, send, type RawRequest } from "./http-client.ts";
import { sleep } from "./wait.ts";

export interface PlannedRequest<T> {
  /** index into `targets` */
  target: number;
  request: RawRequest;
  tag: T;
}

export interface LoadRecord<T> {
  seq: number;
  target: number;
  tag: T;
  /** performance.now() at send and at the end of the reply */
  startedAt: number;
  endedAt: number;
  latencyMs: number;
  /** the reply when it is in the callback shape */
  reply?: CallbackReply;
  /** why the reply is not in the callback shape */
  problem?: string;
  /** transport failure (ECONNREFUSED, ECONNRESET, ...) */
  error?: string;
}

export interface LoadOptions<T> {
  /** Base URLs are inside each planned request; targets only size the agents. */
  targets: number;
  /** Requests per second (open loop); absent = closed loop with `concurrency` workers. */
  rate?: number;
  /** Most requests in flight per target. */
  concurrency: number;
  durationMs: number;
  maxRequests?: number;
  /** The seq-th request, or undefined to skip this slot. */
  plan(seq: number): PlannedRequest<T> | undefined;
  onRecord?(record: LoadRecord<T>): void;
}

export interface LoadResult<T> {
  records: LoadRecord<T>[];
  elapsedMs: number;
  /** open loop: slots that could not be sent on time because `concurrency` requests were in flight */
  lateSlots: number;
}

export class LoadRun<T> {
  readonly result: Promise<LoadResult<T>>;
  private stopped = false;
  private readonly agents: Agent[];
  private readonly records: LoadRecord<T>[] = [];
  private readonly inFlightPerTarget: number[];
  private seq = 0;
  private lateSlots = 0;
  readonly startedAt = performance.now();

  constructor(private readonly options: LoadOptions<T>) {
    this.agents = Array.from({ length: options.targets }, () => keepAliveAgent(options.concurrency));
    this.inFlightPerTarget = Array.from({ length: options.targets }, () => 0);
    this.result = (options.rate === undefined ? this.closedLoop() : this.openLoop(options.rate)).then(() => {
      for (const agent of this.agents) agent.destroy();
      return { records: this.records, elapsedMs: performance.now() - this.startedAt, lateSlots: this.lateSlots };
    });
  }

  /** Ends the run early; requests in flight complete. */
  stop(): void {
    this.stopped = true;
  }

  get sent(): number {
    return this.seq;
  }

  inFlight(target?: number): number {
    return target === undefined ? this.inFlightPerTarget.reduce((a, b) => a + b, 0) : (this.inFlightPerTarget[target] ?? 0);
  }

  /** Records so far (the array grows while the run goes on). */
  get completed(): readonly LoadRecord<T>[] {
    return this.records;
  }

  private done(): boolean {
    return (
      this.stopped ||
      performance.now() - this.startedAt >= this.options.durationMs ||
      (this.options.maxRequests !== undefined && this.seq >= this.options.maxRequests)
    );
  }

  private async one(planned: PlannedRequest<T>, seq: number): Promise<void> {
    const agent = this.agents[planned.target];
    if (!agent) throw new Error(`no target ${planned.target}`);
    this.inFlightPerTarget[planned.target]! += 1;
    const startedAt = performance.now();
    const record: LoadRecord<T> = { seq, target: planned.target, tag: planned.tag, startedAt, endedAt: startedAt, latencyMs: 0 };
    try {
      const raw = await send(agent, planned.request);
      const checked = checkCallbackReply(raw);
      if (checked.ok) record.reply = checked.reply;
      else record.problem = checked.problem;
    } catch (error) {
      record.error = errorCode(error);
    } finally {
      this.inFlightPerTarget[planned.target]! -= 1;
    }
    record.endedAt = performance.now();
    record.latencyMs = record.endedAt - startedAt;
    this.records.push(record);
    this.options.onRecord?.(record);
  }

  private async openLoop(rate: number): Promise<void> {
    const pending = new Set<Promise<void>>();
    while (!this.done()) {
      const due = Math.floor(((performance.now() - this.startedAt) * rate) / 1000);
      while (this.seq < due && !this.done()) {
        const seq = this.seq++;
        const planned = this.options.plan(seq);
        if (!planned) continue;
        if (this.inFlight(planned.target) >= this.options.concurrency) {
          this.lateSlots += 1;
          continue;
        }
        const promise = this.one(planned, seq).finally(() => pending.delete(promise));
        pending.add(promise);
      }
      await sleep(1);
    }
    await Promise.all(pending);
  }

  private async closedLoop(): Promise<void> {
    const worker = async (): Promise<void> => {
      while (!this.done()) {
        const seq = this.seq++;
        const planned = this.options.plan(seq);
        if (planned) await this.one(planned, seq);
      }
    };
    await Promise.all(Array.from({ length: this.options.concurrency * this.options.targets }, worker));
  }
}

export function runLoad<T>(options: LoadOptions<T>): LoadRun<T> {
  return new LoadRun(options);
}
