// Reply coalescing: replies leave at once below saturation; under it, those of one event-loop turn leave together at
// its end, in order, a full batch at once, and one failing send does not strand the others.
import t from "tap";
import { setImmediate as nextTurn } from "node:timers/promises";
import { ReplyCoalescer } from "../src/reply/reply-coalescer.ts";

function recorder() {
  const sent: string[] = [];
  const sender = (name: string) => ({ send: (payload: string) => sent.push(`${name}:${payload}`) });
  return { sent, sender };
}

const options = { threshold: 0.8, sampleMs: 50, maxBatch: 3 };

t.test("below the threshold every reply is sent at once", async (t) => {
  const errors: unknown[] = [];
  const replies = new ReplyCoalescer<string>(options, (e) => errors.push(e));
  const { sent, sender } = recorder();
  replies.observe(0.79);
  t.equal(replies.coalescing, false);
  t.equal(replies.send(sender("a"), "1"), false, "not held");
  t.same(sent, ["a:1"], "sent synchronously");
  t.same(errors, []);
});

t.test("at the threshold the replies of one turn leave together at its end, in order", async (t) => {
  const replies = new ReplyCoalescer<string>(options, () => t.fail("no send fails"));
  const { sent, sender } = recorder();
  replies.observe(0.8);
  t.equal(replies.coalescing, true);
  t.equal(replies.send(sender("a"), "1"), true, "held");
  t.equal(replies.send(sender("b"), "2"), true);
  t.same(sent, [], "nothing written during the turn");
  await nextTurn();
  t.same(sent, ["a:1", "b:2"], "both written when the turn ended, in the order decided");
  replies.send(sender("c"), "3");
  await nextTurn();
  t.same(sent, ["a:1", "b:2", "c:3"], "the next turn gets its own flush");
});

t.test("a full batch leaves at once; what follows waits for the turn's end", async (t) => {
  const replies = new ReplyCoalescer<string>(options, () => t.fail("no send fails"));
  const { sent, sender } = recorder();
  replies.observe(1);
  for (const n of ["1", "2"]) replies.send(sender("x"), n);
  t.same(sent, []);
  replies.send(sender("x"), "3");
  t.same(sent, ["x:1", "x:2", "x:3"], "maxBatch reached: sent without waiting");
  replies.send(sender("x"), "4");
  t.same(sent.length, 3);
  await nextTurn();
  t.same(sent, ["x:1", "x:2", "x:3", "x:4"]);
});

t.test("a send that throws is reported and the replies behind it still leave", async (t) => {
  const errors: unknown[] = [];
  const replies = new ReplyCoalescer<string>(options, (e) => errors.push(e));
  const { sent, sender } = recorder();
  replies.observe(1);
  replies.send(sender("a"), "1");
  replies.send({ send: () => { throw new Error("socket gone"); } }, "2");
  replies.send(sender("c"), "3");
  await nextTurn();
  t.same(sent, ["a:1", "c:3"]);
  t.equal(errors.length, 1);
  t.match((errors[0] as Error).message, "socket gone");
});

t.test("the mode follows the event loop's measured utilisation", async (t) => {
  const replies = new ReplyCoalescer<string>(options, () => t.fail("no send fails"));
  replies.start();
  t.teardown(() => replies.stop());
  t.equal(replies.coalescing, false, "off until a sample says otherwise");
  // Keep the loop busy across several sampling periods: the first sample after it sees a saturated loop.
  const until = performance.now() + 4 * options.sampleMs;
  while (performance.now() < until) {
    // busy
  }
  // The sampling timer, overdue by now, fires before this shorter one, which was armed after the busy spell.
  await new Promise((r) => setTimeout(r, 5));
  t.equal(replies.coalescing, true, "a busy loop turns coalescing on");
  await new Promise((r) => setTimeout(r, options.sampleMs * 4));
  t.equal(replies.coalescing, false, "an idle loop turns it off again");
  replies.observe(1);
  const { sent, sender } = recorder();
  replies.send(sender("a"), "1");
  replies.stop();
  t.equal(replies.coalescing, false, "stop turns it off");
  await nextTurn();
  t.same(sent, ["a:1"], "a reply held before stop still leaves at the end of its turn");
});
