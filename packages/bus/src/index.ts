export type { EventBus, Channel, Handler } from "./bus.ts";
export { createMemoryBus } from "./memory-bus.ts";
export { createRedisBus, type RedisBusOptions } from "./redis-bus.ts";
