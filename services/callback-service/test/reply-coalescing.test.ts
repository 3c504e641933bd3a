// The callback route with reply coalescing forced on (as under saturation), over real sockets: every kind of reply
// (clean, blocked, masked, invalid, the add-friend lookup that answers later) comes back right and in the callback
// shape, the hit is logged, and the metric counts each held reply.
import t from "tap";
import { startHarness, until } from "./helpers/harness.ts";
import { ADD_FRIEND, ALLOWED_TEXT, MODIFY, SINGLE, addFriend, isCallbackShape, modifyText, singleText } from "./helpers/bodies.ts";

t.test("held replies: each request gets its own answer", async (t) => {
  const h = await startHarness(t, {
    env: { HIT_LOG_FLUSH_MS: "20" },
    tuning: { replyCoalescing: { threshold: 0, sampleMs: 10, maxBatch: 4 } },
  });
  await h.addWords([{ word: "cheap", category: "ads", level: 2 }]);
  const version = await h.setPolicy("group", { action: "mask", maskChar: "#" });
  t.ok(await h.waitForVersion(version));
  await h.setFriendPermission("refuser", -1);
  await h.setFriendPermission("acceptor", 1);
  // Utilisation is always at or above a threshold of 0: coalescing is on from the first sample (10 ms).
  await new Promise((r) => setTimeout(r, 50));

  const json = { "content-type": "application/json" };
  const cases = [
    { name: "clean", path: `/callback/im/${SINGLE}`, body: singleText("hello there"), check: (text: string) => text === ALLOWED_TEXT },
    { name: "blocked", path: `/callback/im/${SINGLE}`, body: singleText("so cheap", { sendID: "u-held" }), check: (text: string) => JSON.parse(text).nextCode === 1 && JSON.parse(text).errCode === 20016 },
    { name: "masked", path: `/callback/im/${MODIFY}`, body: modifyText("", { sessionType: 3, groupID: "g-m", contentType: 101, content: "cheap raw text" }), check: (text: string) => JSON.parse(text).content === "##### raw text" },
    { name: "invalid", path: `/callback/im/${SINGLE}`, body: "{not json", check: (text: string) => JSON.parse(text).errCode === 1001 },
    { name: "refused", path: `/callback/im/${ADD_FRIEND}`, body: addFriend("refuser"), check: (text: string) => JSON.parse(text).nextCode === 1 },
    { name: "accepted", path: `/callback/im/${ADD_FRIEND}`, body: addFriend("acceptor"), check: (text: string) => text === ALLOWED_TEXT },
  ];
  // Each case several times, all on their own connections at once, so that replies share turns and batches.
  const sent = cases.flatMap((c) => Array.from({ length: 5 }, (_, i) => ({ ...c, op: `op-held-${c.name}-${i}` })));
  const replies = await Promise.all(
    sent.map((c) => h.postRaw(c.path, typeof c.body === "string" ? c.body : `${JSON.stringify(c.body)}\n`, { ...json, operationid: c.op })),
  );
  replies.forEach((res, i) => {
    const c = sent[i]!;
    t.equal(res.status, 200, c.op);
    t.ok(isCallbackShape(res.json(), c.name === "masked"), `${c.op} in the callback shape: ${res.text}`);
    t.ok(c.check(res.text), `${c.op} answered as a ${c.name} request: ${res.text}`);
  });

  t.ok(await until(async () => (await h.prisma.hitLog.count({ where: { sendID: "u-held" } })) === 5), "the five blocked messages are logged");
  const metrics = await h.postRaw("/metrics", "", {}, "GET");
  const held = Number(/^wordguard_callback_replies_coalesced_total (\d+)/m.exec(metrics.text)?.[1]);
  t.equal(held, sent.length, "every callback reply was held and counted");
});
