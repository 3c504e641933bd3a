// Keeping up with changes (CONTRACT.md §2.4, DESIGN.md "Consistency of changes"): a published change reloads at
// once; a change whose event was never published arrives by polling; stale events are ignored; bursts coalesce;
// large dictionaries are built in a worker thread.
import t from "tap";
import { CHANNELS } from "@wordguard/contracts";
import { startHarness, until, type Harness } from "./helpers/harness.ts";
import { ALLOWED_TEXT, SINGLE, singleText } from "./helpers/bodies.ts";

let events: Harness; // polls once a minute: only events can explain a quick reload
let poller: Harness; // polls every 300 ms

t.before(async () => {
  events = await startHarness(t, { env: { RELOAD_POLL_MS: "60000" } });
  poller = await startHarness(t, { share: events, env: { RELOAD_POLL_MS: "300" } });
});

const reloads = (h: Harness) => h.logs.filter((l) => l["msg"] === "snapshot reloaded").length;

t.test("a published change reloads the dictionary", async (t) => {
  t.equal(await events.call(SINGLE, singleText("spam spam")).then(JSON.stringify), ALLOWED_TEXT);
  const { version } = await events.addWords([{ word: "spam", category: "ads" }]);
  t.ok(await events.waitForVersion(version), "reloaded from the event");
  t.match(await events.call(SINGLE, singleText("spam spam")), { nextCode: 1, errCode: 20016 });
  const line = events.logs.find((l) => l["msg"] === "snapshot reloaded" && l["version"] === version);
  t.match(line, { reason: "event:word", mode: "inline", entries: 1 });
});

t.test("a change whose event was never published is picked up by polling", async (t) => {
  const { version } = await events.addWords([{ word: "quietword", category: "ads" }], { publish: false });
  t.ok(await poller.waitForVersion(version), "the polling replica caught up");
  t.match(await poller.call(SINGLE, singleText("a quietword")), { nextCode: 1 });
  t.equal(events.service.snapshots.current!.version < version, true, "the replica that relies on events has not seen it");
  t.match(poller.logs.find((l) => l["msg"] === "snapshot reloaded" && l["version"] === version), { reason: "poll:interval" });
  // The next event (for a later version) brings the other replica up to date with both changes.
  const later = await events.addWords([{ word: "laterword" }]);
  t.ok(await events.waitForVersion(later.version));
  t.match(await events.call(SINGLE, singleText("a quietword")), { nextCode: 1 });
});

t.test("events for versions already loaded are ignored", async (t) => {
  const loaded = events.service.snapshots.current!.version;
  const before = reloads(events);
  await events.bus.publish(CHANNELS.dictionaryChanged, { version: loaded, kind: "word", at: Date.now() });
  await events.bus.publish(CHANNELS.dictionaryChanged, { version: loaded - 1, kind: "policy", at: Date.now() });
  t.ok(await until(() => events.logs.filter((l) => l["msg"] === "change already loaded; ignored").length >= 2));
  t.equal(reloads(events), before, "no reload");
  t.equal(events.service.snapshots.building, false);
});

t.test("a burst of changes coalesces into at most one more build", async (t) => {
  const before = reloads(events);
  let last = 0;
  for (let i = 0; i < 8; i++) last = (await events.addWords([{ word: `burst${i}` }])).version;
  t.ok(await events.waitForVersion(last));
  await events.service.snapshots.settled();
  const builds = reloads(events) - before;
  t.ok(builds >= 1 && builds < 8, `8 events, ${builds} builds`);
  for (let i = 0; i < 8; i++) t.match(await events.call(SINGLE, singleText(`burst${i}`)), { nextCode: 1 });
});

t.test("over WORKER_COMPILE_THRESHOLD the snapshot is loaded and compiled in a worker thread", async (t) => {
  const worker = await startHarness(t, { share: events, env: { WORKER_COMPILE_THRESHOLD: "100" } });
  const snapshot = worker.service.snapshots.current!;
  t.equal(snapshot.mode, "inline", "a dozen entries: built inline");
  t.equal(snapshot.version, events.service.snapshots.current!.version);
  const words = Array.from({ length: 500 }, (_, i) => ({ word: `bulkword${i}x`, category: i % 2 ? "ads" : "fraud", level: ((i % 3) + 1) as 1 | 2 | 3 }));
  const { ids, version } = await worker.addWords(words);
  t.ok(await worker.waitForVersion(version, 20_000), "reloaded through the worker");
  t.equal(worker.service.snapshots.current!.mode, "worker");
  const op = "op-worker-1";
  const r = await worker.call(SINGLE, singleText("so bulkword497x here"), { operationid: op });
  t.match(r, { nextCode: worker.service.snapshots.current!.scenes.single.policy.minLevel <= 3 ? 1 : 0, errDlt: `operationID=${op}; categories=ads; level=3` });
  t.ok(await until(async () => (await worker.prisma.hitLog.count({ where: { operationID: op } })) === 1));
  const row = await worker.prisma.hitLog.findFirstOrThrow({ where: { operationID: op } });
  t.same(row.hits, [{ wordID: ids[497], word: "bulkword497x", category: "ads", level: 3, start: 3, end: 15 }], "metadata crossed the thread boundary");
  const metrics = await worker.postRaw("/metrics", "", {}, "GET");
  t.match(metrics.text, /wordguard_callback_reload_duration_seconds_count\{mode="worker",result="ok"\} 1/);
});

t.test("a policy change that is the next version is applied to the compiled dictionaries in place", async (t) => {
  const added = await events.addWords([{ word: "policyword" }]);
  t.ok(await events.waitForVersion(added.version));
  await events.service.snapshots.settled();
  const before = events.service.snapshots.current!;
  t.match(await events.call(SINGLE, singleText("a policyword")), { nextCode: 1 });
  const version = await events.setPolicy("single", { action: "log" });
  t.ok(await events.waitForVersion(version));
  const after = events.service.snapshots.current!;
  t.equal(after.version, version);
  t.equal(after.mode, "policy");
  t.equal(after.scenes.single.dictionary, before.scenes.single.dictionary, "the same compiled dictionary");
  t.equal(after.table, before.table, "the same entry table");
  t.equal(after.scenes.single.policy.action, "log");
  t.equal(JSON.stringify(await events.call(SINGLE, singleText("a policyword"))), ALLOWED_TEXT, "logged, not blocked");
  t.match(events.logs.find((l) => l["msg"] === "snapshot reloaded" && l["version"] === version), { reason: "event:policy", mode: "policy" });
  const restored = await events.setPolicy("single", { action: "block" });
  t.ok(await events.waitForVersion(restored));
  t.match(await events.call(SINGLE, singleText("a policyword")), { nextCode: 1 });
});

t.test("a policy event after unannounced changes rebuilds everything", async (t) => {
  const quiet = await events.addWords([{ word: "unannouncedword" }], { publish: false });
  const version = await events.setPolicy("single", { rejectMessage: "not here" });
  t.equal(version, quiet.version + 1);
  t.ok(await events.waitForVersion(version));
  const after = events.service.snapshots.current!;
  t.not(after.mode, "policy", "the database moved on by two versions: a full build");
  t.match(await events.call(SINGLE, singleText("an unannouncedword")), { nextCode: 1, errMsg: "not here" });
  const restored = await events.setPolicy("single", { rejectMessage: "" });
  t.ok(await events.waitForVersion(restored));
});

t.test("a policy change of the normalisation recompiles", async (t) => {
  const before = events.service.snapshots.current!;
  const version = await events.setPolicy("single", { normalize: { ...before.scenes.single.policy.normalize, ignoreCase: false } });
  t.ok(await events.waitForVersion(version));
  const after = events.service.snapshots.current!;
  t.not(after.mode, "policy");
  t.not(after.scenes.single.dictionary, before.scenes.single.dictionary, "a dictionary compiled for the new setting");
  t.equal(after.scenes.single.dictionary.options.ignoreCase, false);
  const restored = await events.setPolicy("single", { normalize: before.scenes.single.policy.normalize });
  t.ok(await events.waitForVersion(restored));
  t.equal(events.service.snapshots.current!.scenes.single.dictionary.options.ignoreCase, true);
});
