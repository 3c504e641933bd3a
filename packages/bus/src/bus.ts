import type { ChannelPayloads } from "@wordguard/contracts";

export type Channel = keyof ChannelPayloads;
export type Handler<C extends Channel> = (payload: ChannelPayloads[C]) => void;

/**
 * Publish/subscribe of change hints between the admin service and callback replicas (CONTRACT.md §2.4).
 * Messages are hints: a lost one is repaired by version polling, so publish never throws.
 */
export interface EventBus {
  /** Resolves true when the message was handed to the broker, false when it could not be (logged by the caller). */
  publish<C extends Channel>(channel: C, payload: ChannelPayloads[C]): Promise<boolean>;
  subscribe<C extends Channel>(channel: C, handler: Handler<C>): Promise<void>;
  /** Called each time the subscription is (re)established after a loss: the moment to poll for missed changes. */
  onResubscribe(handler: () => void): void;
  /** Called with each message that arrived but is not a valid payload of its channel. */
  onInvalid(handler: (channel: string, raw: string) => void): void;
  close(): Promise<void>;
}
