// What an operator reads about a request: log lines labelled with its trace id (the Operationid header, else the
// body's operationID), nothing at info for a plain block (the hit log has it), and its latency in the metrics.
import t from "tap";
import { startHarness, until, type Harness } from "./helpers/harness.ts";
import { SINGLE, isCallbackShape, singleText } from "./helpers/bodies.ts";

let h: Harness;
t.before(async () => {
  h = await startHarness(t, { env: { LOG_LEVEL: "info" } });
  const { version } = await h.addWords([{ word: "tracelogword", matchType: "word", category: "spam", level: 2 }]);
  t.ok(await h.waitForVersion(version));
});

async function send(body: string, headers: Record<string, string> = {}) {
  const res = await h.postRaw(`/callback/im/${SINGLE}`, body, { "content-type": "application/json", ...headers });
  t.equal(res.status, 200);
  const json = res.json() as Record<string, unknown>;
  t.ok(isCallbackShape(json), res.text);
  return json;
}

const linesOf = (op: string) => h.logs.filter((l) => l["operationID"] === op);

t.test("a request's log lines carry its trace id: the Operationid header first, else the body's operationID", async (t) => {
  const wrongType = (op: string) => `${JSON.stringify(singleText("hello", { operationID: op, sendID: 42 }))}\n`;

  await send(wrongType("op-log-body-ignored"), { Operationid: "op-log-header" });
  t.ok(await until(() => linesOf("op-log-header").length > 0), "a line under the header's id");
  t.match(linesOf("op-log-header")[0], { level: 40, msg: "invalid callback request", command: SINGLE });
  t.equal(linesOf("op-log-body-ignored").length, 0, "the header wins over the body");

  await send(wrongType("op-log-from-body"));
  t.ok(await until(() => linesOf("op-log-from-body").length > 0), "a line under the body's id");
  t.match(linesOf("op-log-from-body")[0], { level: 40, msg: "invalid callback request" });

  const route = await h.postRaw("/callback/elsewhere", "{}\n", { Operationid: "op-log-route" });
  t.equal(route.status, 200);
  t.ok(await until(() => linesOf("op-log-route").length > 0), "an unknown callback path is logged under its id too");
  t.match(linesOf("op-log-route")[0], { level: 40, msg: "invalid callback route" });
});

t.test("at info a blocked message writes no line; every reply is timed in the metrics", async (t) => {
  const seconds = async () => {
    const text = (await h.postRaw("/metrics", "", {}, "GET")).text;
    const sum = new RegExp(`wordguard_callback_request_duration_seconds_sum\\{command="${SINGLE}"\\} (\\S+)`).exec(text);
    const count = new RegExp(`wordguard_callback_request_duration_seconds_count\\{command="${SINGLE}"\\} (\\S+)`).exec(text);
    return { sum: Number(sum?.[1] ?? Number.NaN), count: Number(count?.[1] ?? Number.NaN) };
  };
  const before = await seconds();
  const reply = await send(`${JSON.stringify(singleText("you tracelogword you"))}\n`, { Operationid: "op-log-blocked" });
  t.equal(reply["nextCode"], 1, "blocked");
  await h.service.hitLogs.flushNow();
  t.equal(await h.prisma.hitLog.count({ where: { operationID: "op-log-blocked" } }), 1, "the hit log has it");
  t.same(linesOf("op-log-blocked"), [], "no log line at info");
  const after = await seconds();
  t.equal(after.count, before.count + 1, "one more reply observed");
  t.ok(after.sum > before.sum, "with a positive latency");
  t.ok(after.sum - before.sum < 5, "measured from its arrival, not from some other clock");
});
