// Propagation: words added and deleted, whitelist entries added and deleted and policy changes made through the
// admin API are enforced by both replicas. 54 changes (nine rounds of six), each measured from sending the admin
// request until both replicas give the new verdict. The delays are reported (target p99 ≤ 500 ms, measured again
// under load by `pnpm bench:e2e`); the test asserts enforcement, not speed (the machine is shared).
import t from "tap";
import { randomBytes } from "node:crypto";
import { Prober, describeSummary, measureChange, roundOfChanges, startStack, summarize, type ChangeMeasurement } from "../src/index.ts";

const ROUNDS = 9;

const stack = await startStack({ label: "propagation" });
t.teardown(async () => {
  const kept = await stack.close(!t.passing());
  if (kept) t.comment(`logs kept in ${kept}`);
});
t.comment(`stack started: ${JSON.stringify(stack.timings)}`);
const prober = new Prober();
t.teardown(() => prober.close());

const tag = [...randomBytes(4)].map((b) => String.fromCharCode(97 + (b % 26))).join("");
const measurements: ChangeMeasurement[] = [];

t.test(`${ROUNDS * 6} changes through the admin API, each enforced by both replicas`, async (t) => {
  const versionBefore = await stack.databaseVersion();
  for (let round = 0; round < ROUNDS; round++) {
    for (const change of roundOfChanges(stack.adminClient, tag, round)) {
      const measured = await measureChange(prober, stack.replicas, change, { timeoutMs: 15_000 });
      measurements.push(measured);
    }
  }
  t.equal(measurements.length, ROUNDS * 6, "every change was enforced by both replicas");
  t.equal(await stack.databaseVersion(), versionBefore + ROUNDS * 6, "each change bumped the dictionary version once");
  const byKind = new Map<string, number[]>();
  for (const m of measurements) byKind.set(m.kind, [...(byKind.get(m.kind) ?? []), m.delayMs]);
  t.comment(`propagation delay, all changes: ${describeSummary(summarize(measurements.map((m) => m.delayMs)))}`);
  t.comment(`admin request alone: ${describeSummary(summarize(measurements.map((m) => m.adminMs)))}`);
  for (const [kind, delays] of byKind) t.comment(`  ${kind}: ${describeSummary(summarize(delays))}`);
});

t.test("the group scene keeps its own policy while the single one changes", async (t) => {
  // The rounds switched the single policy to log and back; the group policy was never touched.
  const policies = await stack.adminClient.getPolicies();
  const group = policies.policies.find((p) => p.scene === "group");
  const single = policies.policies.find((p) => p.scene === "single");
  t.equal(group?.action, "block", "group policy action untouched");
  t.equal(single?.action, "block", "single policy action back to block");
  t.ok((single?.version ?? 0) > (group?.version ?? 0), "the single policy carries the version of its last change");
});

t.test("replicas report the database's version once idle", async (t) => {
  const version = await stack.databaseVersion();
  for (const replica of stack.replicas) {
    const ready = (await (await fetch(`${replica.baseUrl}/readyz`)).json()) as { version?: number };
    t.equal(ready.version, version, `${replica.name} /readyz version`);
  }
});

t.test("no service crashed", async (t) => {
  t.same(stack.crashed().map((s) => s.name), []);
});
