// Requests already on the wire when shutdown's accept pause ends are answered, even when the event loop was busy past
// the pause (as under a burst of heavy requests on a slow machine): one on an open keep-alive connection, one on a new
// connection still in the kernel's accept queue. The e2e SIGTERM test checks the same under real load, where timing
// decides; here the loop is blocked on purpose, so the order of the shutdown's steps is what is tested.
import net from "node:net";
import t from "tap";
import { startHarness, until } from "./helpers/harness.ts";
import { SINGLE, singleText } from "./helpers/bodies.ts";

function rawPost(operationID: string): string {
  const body = `${JSON.stringify(singleText("hello there"))}\n`;
  return (
    `POST /callback/im/${SINGLE} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Operationid: ${operationID}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/** Everything the server sends on `socket` until it ends the connection, or the error that ended it. */
function untilClosed(socket: net.Socket): Promise<{ text: string; error?: string }> {
  let text = "";
  socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
  return new Promise((resolve) => {
    socket.once("error", (error: NodeJS.ErrnoException) => resolve({ text, error: error.code ?? error.message }));
    socket.once("close", () => resolve({ text }));
  });
}

function blockEventLoop(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy: nothing else on this thread runs meanwhile, as under a burst of heavy requests
  }
}

t.test("a request on the wire when the accept pause ends is answered, even if the loop was busy past it", async (t) => {
  const h = await startHarness(t);
  const socket = net.connect(h.port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  // One request first, so that the connection is an idle keep-alive one when shutdown begins.
  let first = "";
  const firstDone = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      first += chunk.toString("latin1");
      const end = first.indexOf("\r\n\r\n");
      const length = Number(/content-length: *(\d+)/i.exec(first.slice(0, end))?.[1] ?? -1);
      if (end >= 0 && length >= 0 && first.length >= end + 4 + length) {
        socket.off("data", onData);
        resolve();
      }
    };
    socket.on("data", onData);
  });
  socket.write(rawPost("on-the-wire-1"));
  await firstDone;
  t.match(first, /^HTTP\/1\.1 200/, "the first request is answered");

  const closing = h.service.close();
  t.ok(await until(() => h.logs.some((l) => l["step"] === "stop reloads"), 5000, 5), "shutdown reached its accept pause");
  const outcome = untilClosed(socket);
  // Written while the service is in its pause (300 ms), on the open connection and on a new one that waits in the
  // kernel's accept queue; then the loop is kept busy well past the pause.
  socket.write(rawPost("on-the-wire-2"));
  const late = net.connect(h.port, "127.0.0.1");
  const lateOutcome = untilClosed(late);
  late.write(rawPost("on-the-wire-3"));
  blockEventLoop(700);
  const [kept, opened] = await Promise.all([outcome, lateOutcome]);
  await closing;

  for (const [name, { text, error }] of [["open connection", kept], ["new connection", opened]] as const) {
    t.equal(error, undefined, `${name}: not reset`);
    t.match(text, /^HTTP\/1\.1 200/, `${name}: the request is answered`);
    t.match(text, /connection: close/i, `${name}: and told that the connection closes`);
    t.match(text, /"nextCode":0/, `${name}: with the allowed reply`);
  }
});
