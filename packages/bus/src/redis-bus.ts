import { Redis, type RedisOptions } from "ioredis";
import { Compile } from "typebox/compile";
import { CHANNELS, DictionaryChangedSchema, channelName, type ChannelPayloads } from "@wordguard/contracts";
import type { Channel, EventBus, Handler } from "./bus.ts";

const validators = {
  [CHANNELS.dictionaryChanged]: Compile(DictionaryChangedSchema),
} satisfies Record<Channel, { Check(value: unknown): boolean }>;

export interface RedisBusOptions {
  url: string;
  /** REDIS_PREFIX: prepended to every channel so deployments can share one Redis. */
  prefix: string;
  /** Reconnect delay cap in ms (ioredis retries forever; this bounds the back-off). */
  maxRetryDelayMs?: number;
  /** How long a publish issued before the first connection attempt has an outcome waits for it. Default 2000 ms. */
  firstConnectWaitMs?: number;
}

/**
 * Redis pub/sub with a dedicated subscriber connection (a subscribed connection can run nothing else).
 * The publisher does not queue while offline: a publish during an outage fails at once instead of piling up,
 * because replicas catch up by polling anyway. Only a publish issued while the very first connection is still opening
 * waits for it (bounded), so that a change made right after a start is not left to the next poll for no reason.
 */
export function createRedisBus(options: RedisBusOptions): EventBus {
  const maxDelay = options.maxRetryDelayMs ?? 2000;
  const base: RedisOptions = {
    lazyConnect: false,
    retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 10), maxDelay),
    connectionName: "wordguard",
  };
  const publisher = new Redis(options.url, { ...base, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const subscriber = new Redis(options.url, { ...base, autoResubscribe: true, maxRetriesPerRequest: null });
  // ioredis emits 'error' for every failed reconnect; without a listener Node would crash the process.
  publisher.on("error", () => {});
  subscriber.on("error", () => {});
  // Settled for good once the first attempt has an outcome: awaiting it later costs a microtask, nothing more.
  const firstConnect = firstAttemptOutcome(publisher, options.firstConnectWaitMs ?? 2000);

  const handlers = new Map<string, Array<(payload: never) => void>>();
  const resubscribeHandlers: Array<() => void> = [];
  const invalidHandlers: Array<(channel: string, raw: string) => void> = [];
  const toChannel = new Map<string, Channel>();
  let everReady = false;

  subscriber.on("ready", () => {
    // The first 'ready' is the initial connect; every later one follows a loss during which messages may have gone by.
    if (everReady) for (const handler of resubscribeHandlers) handler();
    everReady = true;
  });

  subscriber.on("message", (fullName: string, raw: string) => {
    const channel = toChannel.get(fullName);
    if (channel === undefined) return;
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      payload = undefined;
    }
    if (!validators[channel].Check(payload)) {
      for (const handler of invalidHandlers) handler(fullName, raw);
      return;
    }
    for (const handler of handlers.get(fullName) ?? []) (handler as (p: unknown) => void)(payload);
  });

  return {
    async publish<C extends Channel>(channel: C, payload: ChannelPayloads[C]) {
      await firstConnect;
      try {
        await publisher.publish(channelName(options.prefix, channel), JSON.stringify(payload));
        return true;
      } catch {
        return false;
      }
    },
    async subscribe<C extends Channel>(channel: C, handler: Handler<C>) {
      const fullName = channelName(options.prefix, channel);
      toChannel.set(fullName, channel);
      const list = handlers.get(fullName) ?? [];
      list.push(handler as (payload: never) => void);
      handlers.set(fullName, list);
      if (list.length === 1) await subscriber.subscribe(fullName);
    },
    onResubscribe(handler) {
      resubscribeHandlers.push(handler);
    },
    onInvalid(handler) {
      invalidHandlers.push(handler);
    },
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/** Settles when the client's first connection attempt succeeded ('ready') or failed ('close'), or after waitMs. */
function firstAttemptOutcome(client: Redis, waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off("ready", done);
      client.off("close", done);
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    timer.unref();
    client.once("ready", done);
    client.once("close", done);
  });
}
