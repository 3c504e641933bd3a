// Regressions found by the end-to-end hostile suite (e2e/test/hostile.test.ts): each of these came back outside the
// callback shape before the fix.
import t from "tap";
import { startHarness, type Harness } from "./helpers/harness.ts";
import { SINGLE, isCallbackShape, singleText } from "./helpers/bodies.ts";

let h: Harness;
t.before(async () => {
  h = await startHarness(t);
});

async function shaped(path: string, body: string, headers: Record<string, string>) {
  const res = await h.postRaw(path, body, headers, "POST");
  t.equal(res.status, 200, `${path.slice(0, 60)}: HTTP 200`);
  const json = res.json() as Record<string, unknown>;
  t.ok(isCallbackShape(json), `callback shape: ${res.text.slice(0, 200)}`);
  return json;
}

t.test("a path that does not decode (lone surrogate %ED%A0%80) is an invalid route, not Fastify's 400", async (t) => {
  const json = await shaped("/callback/im/abc%ED%A0%80", JSON.stringify(singleText("hello")), { "content-type": "application/json" });
  t.equal(json.errCode, 1001);
  t.equal(json.errMsg, "invalid route");
  t.equal(json.nextCode, 0, "CALLBACK_ON_ERROR=continue");
});

t.test("a command of 2,000 characters is an invalid command, not Fastify's 414", async (t) => {
  const command = "x".repeat(2000);
  const json = await shaped(`/callback/im/${command}`, JSON.stringify(singleText("hello")), { "content-type": "application/json" });
  t.equal(json.errCode, 1001);
  t.match(String(json.errMsg), /^invalid command/);
  t.equal(json.errDlt, command);
});

t.test("a Content-Type that is not a media type still has its body read", async (t) => {
  for (const type of ["garbage", "", "text/plain", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded"]) {
    const json = await shaped(`/callback/im/${SINGLE}`, JSON.stringify(singleText("hello there")), { "content-type": type });
    t.equal(json.errCode, 0, `content-type ${JSON.stringify(type)}: allowed`);
    t.equal(json.nextCode, 0);
  }
});
