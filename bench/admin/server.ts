// The admin service under test runs as its own process (`src/server.ts`, as in production) on a free port.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";

const SERVICE_DIR = fileURLToPath(new URL("../../services/admin-service/", import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface RunningService {
  url: string;
  stop(): Promise<void>;
}

export async function startService(env: Record<string, string>): Promise<RunningService> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: SERVICE_DIR,
    env: { ...process.env, ...env, ADMIN_PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`admin service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("admin service did not start within 60 s");
    await sleep(200);
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** POST with the envelope checked; returns the data and the wall time in ms. */
export async function call<T>(url: string, path: string, body: unknown, token?: string): Promise<{ data: T; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as { errCode: number; errMsg: string; errDlt: string; data: T };
  const ms = performance.now() - started;
  if (reply.errCode !== 0) throw new Error(`${path}: ${reply.errCode} ${reply.errMsg} ${reply.errDlt}`);
  return { data: reply.data, ms };
}
