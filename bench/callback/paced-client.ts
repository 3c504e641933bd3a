// An open-loop load generator: requests are scheduled at a fixed rate and each latency is measured from its
// scheduled send time, so a stall of the server is charged to every request it delayed (no coordinated omission),
// with microsecond resolution (autocannon rounds to whole milliseconds). Keep-alive sockets, raw HTTP/1.1, and every
// reply checked against the callback shape.

import net from "node:net";
import { percentile } from "../lib/stats.ts";

export interface PacedOptions {
  /**
   * The servers under test. With several, they take turns in windows of `windowMs` (request i goes to server
   * floor(i's scheduled time / windowMs) mod n), each on its own sockets: the machine's passing stalls then fall on
   * all of them alike, instead of on whichever had the whole run at that moment.
   */
  ports: number[];
  windowMs?: number;
  rate: number;
  durationMs: number;
  requests: { path: string; body: string }[];
  connections?: number;
  /** called once, `atMs` after the start */
  at?: { atMs: number; run: () => void };
}

export interface PacedResult {
  scheduled: number;
  completed: number;
  /** replies that were not HTTP 200 with a body in the callback shape */
  bad: number;
  badSamples: string[];
  errors: number;
  /** scheduled send time (ms, performance.now clock) and latency (µs) of each completed request */
  sendTimes: Float64Array;
  latenciesUs: Float64Array;
  /** how late each completed request left this process (µs): large values mean the generator, not the server, was behind */
  sendLagUs: Float64Array;
  /** latency (µs) from the moment each request actually left this process: what the server and network added */
  fromSendUs: Float64Array;
  /** index in `ports` of the server each completed request went to */
  targets: Uint8Array;
  startedAt: number;
}

interface Pending {
  index: number;
  target: number;
  scheduledAt: number;
  sentAt?: number;
}

const KEYS = "actionCode,errCode,errDlt,errMsg,nextCode";

function inCallbackShape(text: string): boolean {
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    const keys = Object.keys(v).sort().join(",");
    return (
      (keys === KEYS || keys === `actionCode,content,errCode,errDlt,errMsg,nextCode`) &&
      v["actionCode"] === 0 &&
      (v["nextCode"] === 0 || v["nextCode"] === 1) &&
      typeof v["errMsg"] === "string" &&
      typeof v["errDlt"] === "string" &&
      Number.isInteger(v["errCode"])
    );
  } catch {
    return false;
  }
}

export function rawRequests(requests: { path: string; body: string }[]): Buffer[] {
  return requests.map((r, i) =>
    Buffer.from(
      `POST ${r.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Operationid: bench-paced-${i}\r\nContent-Length: ${Buffer.byteLength(r.body)}\r\n\r\n${r.body}`,
    ),
  );
}

export function runPaced(options: PacedOptions): Promise<PacedResult> {
  const raw = rawRequests(options.requests);
  const interval = 1000 / options.rate;
  const total = Math.floor((options.rate * options.durationMs) / 1000);
  const sendTimes = new Float64Array(total);
  const latencies = new Float64Array(total);
  const sendLag = new Float64Array(total);
  const fromSend = new Float64Array(total);
  const targets = new Uint8Array(total);
  const result: PacedResult = {
    scheduled: total,
    completed: 0,
    bad: 0,
    badSamples: [],
    errors: 0,
    sendTimes,
    latenciesUs: latencies,
    sendLagUs: sendLag,
    fromSendUs: fromSend,
    targets,
    startedAt: 0,
  };
  const ports = options.ports;
  if (ports.length === 0 || ports.length > 255) throw new Error("runPaced needs 1 to 255 ports");
  const windowMs = options.windowMs ?? options.durationMs;
  const queues = ports.map(() => ({ items: [] as Pending[], head: 0 }));
  let next = 0;
  let done = 0;
  let fired = false;
  let finished = false;

  return new Promise((resolve) => {
    const start = performance.now() + 20;
    result.startedAt = start;

    const finish = (p: Pending, ok: boolean, sample: string) => {
      if (result.completed >= total) return;
      const now = performance.now();
      sendTimes[result.completed] = p.scheduledAt;
      latencies[result.completed] = (now - p.scheduledAt) * 1000;
      fromSend[result.completed] = (now - (p.sentAt ?? p.scheduledAt)) * 1000;
      targets[result.completed] = p.target;
      sendLag[result.completed] = ((p.sentAt ?? p.scheduledAt) - p.scheduledAt) * 1000;
      result.completed++;
      if (!ok) {
        result.bad++;
        if (result.badSamples.length < 5) result.badSamples.push(sample.slice(0, 300));
      }
      done++;
    };

    const idle: Connection[][] = ports.map(() => []);

    class Connection {
      socket: net.Socket;
      current: Pending | undefined;
      buffer = "";
      constructor(readonly target: number) {
        this.socket = net.connect(ports[target]!, "127.0.0.1");
        this.socket.setNoDelay(true);
        this.socket.setEncoding("utf8");
        this.socket.on("connect", () => {
          idle[this.target]!.push(this);
          dispatch();
        });
        this.socket.on("data", (chunk: string) => this.onData(chunk));
        const lost = () => {
          // Sockets closed by this client after the run are not lost requests.
          if (finished) return;
          if (this.current) {
            result.errors++;
            finish(this.current, false, "connection lost");
            this.current = undefined;
          }
        };
        this.socket.on("error", lost);
        this.socket.on("close", lost);
      }
      send(p: Pending) {
        this.current = p;
        p.sentAt = performance.now();
        this.socket.write(raw[p.index % raw.length]!);
      }
      onData(chunk: string) {
        this.buffer += chunk;
        for (;;) {
          const headerEnd = this.buffer.indexOf("\r\n\r\n");
          if (headerEnd < 0) return;
          const head = this.buffer.slice(0, headerEnd);
          const match = /\r\ncontent-length: *(\d+)/i.exec(head);
          const length = match ? Number(match[1]) : 0;
          if (this.buffer.length < headerEnd + 4 + length) return; // bodies here are ASCII JSON: chars = bytes
          const body = this.buffer.slice(headerEnd + 4, headerEnd + 4 + length);
          this.buffer = this.buffer.slice(headerEnd + 4 + length);
          const p = this.current;
          this.current = undefined;
          if (p) finish(p, head.startsWith("HTTP/1.1 200") && inCallbackShape(body), `${head.split("\r\n")[0]} ${body}`);
          idle[this.target]!.push(this);
          dispatch();
        }
      }
    }

    const perTarget = options.connections ?? 64;
    const connections = ports.flatMap((_, target) => Array.from({ length: perTarget }, () => new Connection(target)));
    // Whatever has not answered 10 s after the last send counts as an error.
    const giveUp = setTimeout(() => {
      result.errors += total - done;
      done = total;
    }, options.durationMs + 10_000);

    function dispatch() {
      for (let t = 0; t < queues.length; t++) {
        const queue = queues[t]!;
        const free = idle[t]!;
        while (queue.head < queue.items.length && free.length > 0) free.pop()!.send(queue.items[queue.head++]!);
        if (queue.head > 4096 && queue.head * 2 > queue.items.length) {
          queue.items.splice(0, queue.head);
          queue.head = 0;
        }
      }
    }

    function pump() {
      const now = performance.now();
      while (next < total && start + next * interval <= now) {
        const target = Math.floor((next * interval) / windowMs) % ports.length;
        queues[target]!.items.push({ index: next, target, scheduledAt: start + next * interval });
        next++;
      }
      dispatch();
      if (!fired && options.at && now - start >= options.at.atMs) {
        fired = true;
        options.at.run();
      }
      if (done >= total) {
        finished = true;
        clearTimeout(giveUp);
        for (const c of connections) c.socket.destroy();
        resolve(result);
        return;
      }
      // Spin while requests are due within a millisecond (this process has its own core); sleep otherwise.
      if (next < total && start + next * interval - performance.now() > 1) setTimeout(pump, 0);
      else setImmediate(pump);
    }
    pump();
  });
}

/** Which completed requests a percentile covers. */
export interface Selection {
  /** only requests scheduled within [from, to) ms */
  window?: { from: number; to: number };
  /** only requests sent to this index of `ports` */
  target?: number;
}

function selected(r: PacedResult, i: number, s: Selection): boolean {
  if (s.target !== undefined && r.targets[i] !== s.target) return false;
  const t = r.sendTimes[i]!;
  return !s.window || (t >= s.window.from && t < s.window.to);
}

function selectedValues(r: PacedResult, source: Float64Array, selection: Selection): number[] {
  const values: number[] = [];
  for (let i = 0; i < Math.min(r.completed, source.length); i++) if (selected(r, i, selection)) values.push(source[i]!);
  return values;
}

/** The selected requests' latencies (µs), from the scheduled send time, or from the actual send time with `fromSend`. */
export function latenciesUs(r: PacedResult, selection: Selection & { fromSend?: boolean } = {}): number[] {
  return selectedValues(r, selection.fromSend ? r.fromSendUs : r.latenciesUs, selection);
}

/** Percentile (nearest rank) of the selected requests' latencies (µs); see `latenciesUs`. */
export function percentileUs(r: PacedResult, p: number, selection: Selection & { fromSend?: boolean } = {}): number {
  return percentile(latenciesUs(r, selection), p);
}

/** p99 of how late the selected requests left the generator (µs). */
export function sendLagP99Us(r: PacedResult, selection: Selection = {}): number {
  return percentile(selectedValues(r, r.sendLagUs, selection), 99);
}
