// Throughput at saturation: autocannon with keep-alive connections cycling through the request mix, and the CPU the
// server process used meanwhile (from /proc), which tells whether the server — not the load generator — was the
// bottleneck.
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

export async function saturate(port: number, pid: number, requests: BenchRequest[], seconds: number, connections = 64): Promise<Saturation> {
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
  const elapsed = (performance.now() - started) / 1000;
  const cpu = (cpuTicks(pid) - ticksBefore) / 100 / elapsed;
  return {
    requestsPerSecond: result.requests.average,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpu: cpu,
  };
}
