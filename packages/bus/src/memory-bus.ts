import { EventEmitter } from "node:events";
import type { ChannelPayloads } from "@wordguard/contracts";
import type { Channel, EventBus, Handler } from "./bus.ts";

/** In-process bus for the embedded default, where both services share one process and no Redis is configured. */
export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish<C extends Channel>(channel: C, payload: ChannelPayloads[C]) {
      // Deliver asynchronously, as a broker would: the publisher's transaction is over before anyone reacts.
      setImmediate(() => emitter.emit(channel, structuredClone(payload)));
      return true;
    },
    async subscribe<C extends Channel>(channel: C, handler: Handler<C>) {
      emitter.on(channel, handler);
    },
    onResubscribe() {
      // never loses its subscription
    },
    onInvalid() {
      // payloads never leave the process, so none can be malformed
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
