// Throughput at saturation: autocannon with keep-alive connections cycling through the request mix, and the CPU the
// server process used meanwhile (from /proc), which tells whether the server — not the load generator — was the
// bottleneck. Servers compared with each other take turns in short windows (saturateInTurns), as the paced run does.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import type { BenchRequest } from "./workload.ts";

export interface Saturation {
  requestsPerSecond: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** server CPU use over the run, in cores (1.0 = one core busy all the time) */
  serverCpu: number;
}

export function cpuTicks(pid: number): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/** One saturation window, as measured; `saturate` and `saturateInTurns` sum them. */
interface Window {
  completed: number;
  seconds: number;
  cpuSeconds: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function saturateWindow(port: number, pid: number, requests: BenchRequest[], seconds: number, connections: number): Promise<Window> {
  const ticksBefore = cpuTicks(pid);
  const started = performance.now();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: requests.map((r, i) => ({
      method: "POST" as const,
      path: r.path,
      headers: { "content-type": "application/json; charset=utf-8", operationid: `bench-sat-${i}` },
      body: r.body,
    })),
  });
  return {
    completed: result.requests.total,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (cpuTicks(pid) - ticksBefore) / 100,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** A server's windows summed: requests and CPU over the time they ran; the worst window's p99. */
function summed(windows: Window[]): Saturation {
  const sum = (f: (w: Window) => number) => windows.reduce((s, w) => s + f(w), 0);
  const seconds = sum((w) => w.seconds);
  return {
    requestsPerSecond: sum((w) => w.completed) / seconds,
    latencyP99Ms: Math.max(...windows.map((w) => w.latencyP99Ms)),
    non2xx: sum((w) => w.non2xx),
    errors: sum((w) => w.errors),
    timeouts: sum((w) => w.timeouts),
    serverCpu: sum((w) => w.cpuSeconds) / seconds,
  };
}

/** One server alone for `seconds` (a warm-up, or a server with nothing to compare against). */
export async function saturate(port: number, pid: number, requests: BenchRequest[], seconds: number, connections = 64): Promise<Saturation> {
  return summed([await saturateWindow(port, pid, requests, seconds, connections)]);
}

export interface TurnTaker {
  port: number;
  pid: number;
}

/**
 * Each server saturated for `windows` windows of `windowSeconds`, the servers taking turns (0, 1, …, 0, 1, …), with
 * `between()` awaited before every window. Measured one after the other in long runs, two servers met different
 * machines: on a shared host the ceiling's own throughput moved by 2× between rounds a minute apart (2026-11-25), so
 * a ratio of two 10 s runs measured the host's drift as much as the servers. Adjacent windows of a few seconds meet
 * the same host, and the sums compare like with like.
 */
export async function saturateInTurns(
  servers: TurnTaker[],
  requests: BenchRequest[],
  windowSeconds: number,
  windows: number,
  between: () => Promise<void>,
  connections = 64,
): Promise<Saturation[]> {
  const measured: Window[][] = servers.map(() => []);
  for (let w = 0; w < windows; w++) {
    for (const [i, server] of servers.entries()) {
      await between();
      measured[i]!.push(await saturateWindow(server.port, server.pid, requests, windowSeconds, connections));
    }
  }
  return measured.map(summed);
}
