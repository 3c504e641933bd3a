import t from "tap";
import { setTimeout as sleep } from "node:timers/promises";
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { CHANNELS, type DictionaryChanged } from "@wordguard/contracts";
import { createMemoryBus, createRedisBus } from "../src/index.ts";

const url = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

async function until(predicate: () => boolean, ms = 3000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) return false;
    await sleep(10);
  }
  return true;
}

t.test("a published change reaches a subscriber on the same prefix only", async (t) => {
  const prefix = `wgtest:${randomUUID()}:`;
  const a = createRedisBus({ url, prefix });
  const b = createRedisBus({ url, prefix });
  const other = createRedisBus({ url, prefix: `${prefix}other:` });
  t.teardown(() => Promise.all([a.close(), b.close(), other.close()]));
  const got: DictionaryChanged[] = [];
  const otherGot: DictionaryChanged[] = [];
  await b.subscribe(CHANNELS.dictionaryChanged, (p) => got.push(p));
  await other.subscribe(CHANNELS.dictionaryChanged, (p) => otherGot.push(p));
  const event: DictionaryChanged = { version: 7, kind: "word", at: Date.now() };
  t.equal(await a.publish(CHANNELS.dictionaryChanged, event), true);
  t.ok(await until(() => got.length === 1), "delivered");
  t.same(got, [event]);
  t.same(otherGot, [], "another prefix hears nothing");
});

t.test("a publish issued before the new bus has connected waits for that first connection instead of failing", async (t) => {
  // The admin service's first change after a start, or a test's first change after its setup: the socket is still
  // opening, and with the offline queue off the publish used to fail at once, leaving the change to the next poll.
  const prefix = `wgtest:${randomUUID()}:`;
  const listener = createRedisBus({ url, prefix });
  const got: number[] = [];
  await listener.subscribe(CHANNELS.dictionaryChanged, (p) => got.push(p.version));
  const fresh = createRedisBus({ url, prefix });
  t.teardown(() => Promise.all([listener.close(), fresh.close()]));
  t.equal(await fresh.publish(CHANNELS.dictionaryChanged, { version: 3, kind: "word", at: 1 }), true, "handed to the broker");
  t.ok(await until(() => got.includes(3)), "delivered");
});

t.test("a malformed message is reported, not delivered", async (t) => {
  const prefix = `wgtest:${randomUUID()}:`;
  const bus = createRedisBus({ url, prefix });
  const raw = new Redis(url);
  t.teardown(async () => {
    await bus.close();
    raw.disconnect();
  });
  const got: unknown[] = [];
  const invalid: string[] = [];
  bus.onInvalid((_channel, text) => invalid.push(text));
  await bus.subscribe(CHANNELS.dictionaryChanged, (p) => got.push(p));
  await raw.publish(`${prefix}${CHANNELS.dictionaryChanged}`, "not json");
  await raw.publish(`${prefix}${CHANNELS.dictionaryChanged}`, JSON.stringify({ version: -1, kind: "word", at: 1 }));
  await raw.publish(`${prefix}${CHANNELS.dictionaryChanged}`, JSON.stringify({ version: 2, kind: "policy", at: 1 }));
  t.ok(await until(() => got.length === 1 && invalid.length === 2));
  t.same(invalid, ["not json", JSON.stringify({ version: -1, kind: "word", at: 1 })]);
});

t.test("after the subscriber connection is killed it resubscribes, says so, and hears new messages", async (t) => {
  const prefix = `wgtest:${randomUUID()}:`;
  const bus = createRedisBus({ url, prefix, maxRetryDelayMs: 100 });
  const admin = new Redis(url);
  t.teardown(async () => {
    await bus.close();
    admin.disconnect();
  });
  let resubscribed = 0;
  const got: number[] = [];
  bus.onResubscribe(() => resubscribed++);
  await bus.subscribe(CHANNELS.dictionaryChanged, (p) => got.push(p.version));
  await admin.call("CLIENT", "KILL", "TYPE", "pubsub");
  t.ok(await until(() => resubscribed === 1), "resubscribe reported once");
  t.ok(
    await until(() => {
      void bus.publish(CHANNELS.dictionaryChanged, { version: 9, kind: "word", at: 1 });
      return got.includes(9);
    }),
    "messages flow again",
  );
});

t.test("publish against an unreachable Redis fails fast with false instead of throwing", async (t) => {
  const bus = createRedisBus({ url: "redis://127.0.0.1:1", prefix: "x:", maxRetryDelayMs: 100 });
  t.teardown(() => bus.close());
  const started = Date.now();
  t.equal(await bus.publish(CHANNELS.dictionaryChanged, { version: 1, kind: "word", at: 1 }), false);
  t.ok(Date.now() - started < 2000, "did not wait for a connection");
});

t.test("the memory bus delivers after the publisher returns, with a copy of the payload", async (t) => {
  const bus = createMemoryBus();
  const got: DictionaryChanged[] = [];
  await bus.subscribe(CHANNELS.dictionaryChanged, (p) => got.push(p));
  const event: DictionaryChanged = { version: 1, kind: "whitelist", at: 5 };
  t.equal(await bus.publish(CHANNELS.dictionaryChanged, event), true);
  t.same(got, [], "not synchronous");
  await new Promise((resolve) => setImmediate(resolve));
  t.same(got, [event]);
  t.not(got[0], event, "a copy, as over the wire");
  await bus.close();
});
