// The real start command: settings validated with a message per bad value, and an ordered, logged shutdown on
// SIGTERM that finishes in-flight work and flushes queued hit logs before the process exits.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import net from "node:net";
import { randomBytes } from "node:crypto";
import t from "tap";
import { bumpVersion, ensureDefaults } from "@wordguard/db";
import { createTestDatabase } from "@wordguard/db/testing";
import { normalizeWord } from "@wordguard/matcher";
import { post } from "./helpers/http.ts";
import { until } from "./helpers/harness.ts";
import { SINGLE, singleText } from "./helpers/bodies.ts";
import { kernelHasCustomSlices, sliceOf } from "./helpers/scheduler.ts";

const SERVER = new URL("../src/server.ts", import.meta.url).pathname;

interface Running {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  stderr: string[];
  exited: Promise<number | null>;
}

function run(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
    env: { PATH: process.env["PATH"] ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: Record<string, unknown>[] = [];
  const stderr: string[] = [];
  let buffer = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        stderr.push(line);
      }
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, lines, stderr, exited };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

t.test("bad settings stop the start with one clear line per bad value", async (t) => {
  const p = run({ CALLBACK_PORT: "abc", CALLBACK_ON_ERROR: "maybe", RELOAD_POLL_MS: "5", REDIS_URL: "http://x", CALLBACK_LOOP_SLICE_US: "50" });
  t.equal(await p.exited, 1);
  const message = p.stderr.join("");
  t.match(message, /invalid settings/);
  t.match(message, /CALLBACK_PORT: .*got "abc"/);
  t.match(message, /CALLBACK_ON_ERROR: .*\(one of continue, stop\).*got "maybe"/);
  t.match(message, /RELOAD_POLL_MS: .*got "?5"?/);
  t.equal(message.match(/CALLBACK_ON_ERROR/g)?.length, 1, "one line per bad value");
  t.match(message, /REDIS_URL: .*got "http:\/\/x"/);
  t.match(message, /DATABASE_URL: required/);
  t.match(message, /CALLBACK_LOOP_SLICE_US: 0 \(the kernel's default\) or at least 100 µs.*got 50/);
});

t.test("SIGTERM: ordered, logged shutdown that flushes the queued hit logs", async (t) => {
  const db = await createTestDatabase("wg_cb");
  t.teardown(() => db.drop());
  await ensureDefaults(db.prisma);
  await db.prisma.$transaction(async (tx) => {
    await tx.sensitiveWord.create({ data: { word: "cheap", normalized: normalizeWord("cheap"), category: "ads" } });
    await bumpVersion(tx);
  });
  const port = await freePort();
  const p = run({
    DATABASE_URL: db.url,
    REDIS_URL: "redis://127.0.0.1:6379",
    REDIS_PREFIX: `wgtest:cb:${randomBytes(6).toString("hex")}:`,
    CALLBACK_PORT: String(port),
    HOST: "127.0.0.1",
    // Nothing is flushed on the timer during the test: only the shutdown can write these rows.
    HIT_LOG_FLUSH_MS: "60000",
    SHUTDOWN_TIMEOUT_MS: "8000",
  });
  t.teardown(() => {
    p.child.kill("SIGKILL");
  });
  t.ok(await until(() => p.lines.some((l) => l["msg"] === "callback service listening"), 30_000), "listening");
  t.ok(
    await until(async () => (await post(port, "/readyz", "", {}, "GET")).status === 200, 30_000),
    "ready",
  );
  // The event loop's own scheduler slice (default 100 µs), on the main thread only: the threads already running when
  // it is set (V8's, libuv's, the hit-log and build workers) keep the kernel's.
  const pid = p.child.pid!;
  if (kernelHasCustomSlices()) {
    t.ok(await until(() => p.lines.some((l) => l["msg"] === "event loop scheduler slice set" && l["sliceUs"] === 100), 10_000), "slice logged");
    t.equal(sliceOf(`/proc/${pid}/sched`), 100_000, "the main thread's slice is 100 µs");
    const others = readdirSync(`/proc/${pid}/task`).filter((tid) => tid !== String(pid));
    t.ok(others.length > 0, "the service runs other threads");
    t.same(others.filter((tid) => sliceOf(`/proc/${pid}/task/${tid}/sched`) === 100_000), [], "no other thread has the loop's slice");
  } else {
    t.ok(await until(() => p.lines.some((l) => l["msg"] === "event loop scheduler slice left at the kernel's default"), 10_000), "the reason is logged");
  }
  for (let i = 0; i < 5; i++) {
    const res = await post(port, `/callback/im/${SINGLE}`, `${JSON.stringify(singleText("so cheap"))}\n`, { operationid: `op-term-${i}` });
    t.match(res.json(), { nextCode: 1, errCode: 20016 });
  }
  t.equal(await db.prisma.hitLog.count(), 0, "queued, not yet written");
  p.child.kill("SIGTERM");
  t.equal(await p.exited, 0, "exits cleanly");
  t.equal(await db.prisma.hitLog.count({ where: { operationID: { startsWith: "op-term-" } } }), 5, "flushed before exit");
  const steps = p.lines.filter((l) => l["msg"] === "shutdown step done").map((l) => l["step"]);
  t.same(steps, ["stop reloads", "accept connections already on the wire", "stop accepting and finish in-flight requests", "flush hit logs", "stop the hit-log worker", "close bus and database"]);
  t.ok(p.lines.some((l) => l["msg"] === "shutting down" && l["signal"] === "SIGTERM"));
});
