// A service started as its own process, node with the arguments of the service's own `start` script (see
// serviceNodeArgs), exactly as an operator would run it: settings only through the environment, stdout/stderr
// appended to a log file, ready when its health URL answers 200. The pid is node's own (no pnpm wrapper), so signals
// reach the service itself.
import { spawn, type ChildProcess } from "node:child_process";
import { openSync, closeSync, readFileSync } from "node:fs";
import { once } from "node:events";
import { registerChild } from "./child-registry.ts";
import { logTail } from "./log-tail.ts";
import { serviceDir, serviceNodeArgs, type ServiceName } from "./paths.ts";
import { sleep } from "./wait.ts";

export interface ServiceProcessOptions {
  service: ServiceName;
  /** Short name for logs and messages, e.g. `callback-a`. */
  name: string;
  /** The whole environment of the child (build it with `serviceEnv`). */
  env: NodeJS.ProcessEnv;
  logFile: string;
  /** Base URL, e.g. http://127.0.0.1:43123 */
  baseUrl: string;
  /** Path answered 200 once the service can serve (callback: /readyz, admin: /healthz). */
  readyPath: string;
  readyTimeoutMs?: number;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export class ServiceProcess {
  readonly name: string;
  readonly baseUrl: string;
  readonly logFile: string;
  private child: ChildProcess | undefined;
  private exited: Promise<ExitStatus> | undefined;
  private exitStatus: ExitStatus | undefined;
  /** Set when the harness signalled the process: its exit is then expected, not a crash. */
  private signalled = false;

  constructor(private readonly options: ServiceProcessOptions) {
    this.name = options.name;
    this.baseUrl = options.baseUrl;
    this.logFile = options.logFile;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Undefined while running. */
  get exit(): ExitStatus | undefined {
    return this.exitStatus;
  }

  /** Exited although the harness never signalled it. */
  get crashed(): boolean {
    return this.exitStatus !== undefined && !this.signalled;
  }

  get running(): boolean {
    return this.child !== undefined && this.exitStatus === undefined;
  }

  async start(): Promise<void> {
    if (this.running) throw new Error(`${this.name} is already running`);
    const fd = openSync(this.logFile, "a");
    const child = spawn(process.execPath, serviceNodeArgs(this.options.service), {
      cwd: serviceDir(this.options.service),
      env: this.options.env,
      stdio: ["ignore", fd, fd],
    });
    closeSync(fd);
    registerChild(child);
    this.child = child;
    this.exitStatus = undefined;
    this.signalled = false;
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.exitStatus = { code, signal };
        resolve(this.exitStatus);
      });
    });
    await this.waitReady(this.options.readyTimeoutMs ?? 60_000);
  }

  /** Resolves once the ready path answers 200; rejects (with the log's tail) if the process exits first. */
  async waitReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const url = `${this.baseUrl}${this.options.readyPath}`;
    while (Date.now() < deadline) {
      if (this.exitStatus) {
        throw new Error(`${this.name} exited (${JSON.stringify(this.exitStatus)}) before it was ready:\n${logTail(this.logFile)}`);
      }
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`${this.name} not ready after ${timeoutMs} ms (${url}):\n${logTail(this.logFile)}`);
  }

  /** Sends a signal to the service's own pid. */
  signal(signal: NodeJS.Signals): void {
    if (!this.running || this.child?.pid === undefined) throw new Error(`${this.name} is not running`);
    this.signalled = true;
    process.kill(this.child.pid, signal);
  }

  /** Resolves when the process has exited. */
  waitExit(): Promise<ExitStatus> {
    if (!this.exited) throw new Error(`${this.name} was never started`);
    return this.exited;
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves with how it ended. Idempotent. */
  async stop(graceMs = 15_000): Promise<ExitStatus> {
    if (!this.exited || !this.child) throw new Error(`${this.name} was never started`);
    if (this.exitStatus) return this.exitStatus;
    this.signal("SIGTERM");
    const timer = setTimeout(() => {
      if (this.running && this.child?.pid !== undefined) process.kill(this.child.pid, "SIGKILL");
    }, graceMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The JSON log lines (pino) whose text contains `needle`, parsed; other lines are skipped. */
  logLines(needle: string): Record<string, unknown>[] {
    let text = "";
    try {
      text = readFileSync(this.logFile, "utf8");
    } catch {
      return [];
    }
    const lines: Record<string, unknown>[] = [];
    for (const line of text.split("\n")) {
      if (!line.includes(needle)) continue;
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a JSON line
      }
    }
    return lines;
  }

  /** The log file's last lines. */
  tail(lines = 30): string {
    return logTail(this.logFile, lines);
  }
}

/** Waits for a child's `exit` event (used by helpers that hold a raw ChildProcess). */
export async function childExited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await once(child, "exit");
}
