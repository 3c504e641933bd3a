// Our own redis-server on a free loopback port, a child of the test process, with no persistence: "Redis restarted"
// really stops and starts a Redis, and the shared Redis on 6379 is never touched.
import { spawn, type ChildProcess } from "node:child_process";
import { openSync, closeSync } from "node:fs";
import { connect } from "node:net";
import { registerChild } from "./child-registry.ts";
import { logTail } from "./log-tail.ts";
import { childExited } from "./service-process.ts";
import { sleep } from "./wait.ts";

export interface RedisServerOptions {
  port: number;
  /** Working directory (also where a crash would write); the test's log dir. */
  dir: string;
  logFile: string;
  binary?: string;
}

/** One PING over a raw socket: true when the server answers +PONG. */
export function pingRedis(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    let answer = "";
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      if (answer.includes("\r\n")) done(answer.startsWith("+PONG"));
    });
  });
}

export class RedisServer {
  private child: ChildProcess | undefined;

  constructor(private readonly options: RedisServerOptions) {}

  get port(): number {
    return this.options.port;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.options.port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(timeoutMs = 10_000): Promise<void> {
    if (this.running) throw new Error("redis-server is already running");
    const fd = openSync(this.options.logFile, "a");
    const child = spawn(
      this.options.binary ?? "redis-server",
      ["--port", String(this.options.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no", "--dir", this.options.dir],
      { stdio: ["ignore", fd, fd] },
    );
    closeSync(fd);
    registerChild(child);
    this.child = child;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`redis-server exited at start:\n${logTail(this.options.logFile)}`);
      if (await pingRedis(this.options.port)) return;
      await sleep(25);
    }
    throw new Error(`redis-server not answering PING after ${timeoutMs} ms:\n${logTail(this.options.logFile)}`);
  }

  /** SIGTERM (redis shuts down cleanly; nothing is saved), SIGKILL after 5 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running || child.pid === undefined) return;
    const pid = child.pid;
    process.kill(pid, "SIGTERM");
    const timer = setTimeout(() => {
      if (this.running) process.kill(pid, "SIGKILL");
    }, 5000);
    await childExited(child);
    clearTimeout(timer);
  }

  /** Stop, stay down for `downMs`, start again on the same port (empty: no persistence). */
  async restart(downMs: number): Promise<void> {
    await this.stop();
    await sleep(downMs);
    await this.start();
  }
}
