// Servers under test, each started pinned to its own core (taskset), and the helpers to wait for them; also the
// pinning of a process already running.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { openSync } from "node:fs";
import http from "node:http";

/** Sets every thread of a running process `pid` to `cpus` (a taskset list); false where not permitted or gone. */
export function pinProcess(pid: number, cpus: string): boolean {
  try {
    execFileSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export interface Server {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

export function startPinned(core: number, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; port: number }): Server {
  const out = openSync(options.logFile, "a");
  const child = spawn("taskset", ["-c", String(core), process.execPath, ...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", out, out],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    port: options.port,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", () => resolve({ status: 0, body: "" }));
  });
}

export async function waitReady(port: number, timeoutMs = 120_000): Promise<{ version?: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await get(port, "/readyz");
    if (res.status === 200) return JSON.parse(res.body) as { version?: number };
    if (Date.now() > deadline) throw new Error(`server on ${port} not ready after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
