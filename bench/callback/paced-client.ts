// An open-loop load generator: requests are scheduled at a fixed rate and each latency is measured from its
// scheduled send time, so a stall of the server is charged to every request it delayed (no coordinated omission),
// with microsecond resolution (autocannon rounds to whole milliseconds). Keep-alive sockets, raw HTTP/1.1, and every
// reply checked against the callback shape.

import net from "node:net";

export interface PacedOptions {
  port: number;
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
  /** how late each request left this process (µs): large values mean the generator, not the server, was behind */
  sendLagUs: Float64Array;
  /** latency (µs) from the moment each request actually left this process: what the server and network added */
  fromSendUs: Float64Array;
  startedAt: number;
}

interface Pending {
  index: number;
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
  let sent = 0;
  const fromSend = new Float64Array(total);
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
    startedAt: 0,
  };
  const queue: Pending[] = [];
  let queueHead = 0;
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
      result.completed++;
      if (!ok) {
        result.bad++;
        if (result.badSamples.length < 5) result.badSamples.push(sample.slice(0, 300));
      }
      done++;
    };

    const idle: Connection[] = [];

    class Connection {
      socket: net.Socket;
      current: Pending | undefined;
      buffer = "";
      constructor() {
        this.socket = net.connect(options.port, "127.0.0.1");
        this.socket.setNoDelay(true);
        this.socket.setEncoding("utf8");
        this.socket.on("connect", () => {
          idle.push(this);
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
        if (sent < total) sendLag[sent++] = (p.sentAt - p.scheduledAt) * 1000;
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
          idle.push(this);
          dispatch();
        }
      }
    }

    const connections = Array.from({ length: options.connections ?? 64 }, () => new Connection());
    // Whatever has not answered 10 s after the last send counts as an error.
    const giveUp = setTimeout(() => {
      result.errors += total - done;
      done = total;
    }, options.durationMs + 10_000);

    function dispatch() {
      while (queueHead < queue.length && idle.length > 0) idle.pop()!.send(queue[queueHead++]!);
      if (queueHead > 4096 && queueHead * 2 > queue.length) {
        queue.splice(0, queueHead);
        queueHead = 0;
      }
    }

    function pump() {
      const now = performance.now();
      while (next < total && start + next * interval <= now) {
        queue.push({ index: next, scheduledAt: start + next * interval });
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

/** p99 of how late requests left the generator (µs). */
export function sendLagP99Us(r: PacedResult): number {
  const values = Array.from(r.sendLagUs.subarray(0, Math.min(r.sendLagUs.length, r.completed))).sort((a, b) => a - b);
  return values.length === 0 ? Number.NaN : values[Math.min(values.length - 1, Math.ceil(0.99 * values.length) - 1)]!;
}

/**
 * Nearest-rank percentile of latencies (µs) of requests scheduled within [from, to) ms (all when no window),
 * measured from the scheduled send time, or from the actual send time with `fromSend`.
 */
export function percentileUs(r: PacedResult, p: number, window?: { from: number; to: number }, fromSend = false): number {
  const values: number[] = [];
  const source = fromSend ? r.fromSendUs : r.latenciesUs;
  for (let i = 0; i < Math.min(r.completed, source.length); i++) {
    const t = r.sendTimes[i]!;
    if (!window || (t >= window.from && t < window.to)) values.push(source[i]!);
  }
  if (values.length === 0) return Number.NaN;
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.max(0, Math.ceil((p / 100) * values.length) - 1))]!;
}
