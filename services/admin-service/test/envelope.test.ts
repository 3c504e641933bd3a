// The wire conventions of CONTRACT.md §2.1 for any route: HTTP 200 and the envelope whatever goes wrong,
// operationID echoed or generated, CORS, OpenAPI, and a real socket.
import t from "tap";
import { setup } from "./helper.ts";

const env = await setup(t, { ADMIN_BODY_LIMIT: String(64 * 1024) });

t.test("operationID is echoed, or generated when absent", async (t) => {
  const given = await env.post("/adminx/sensitive_word/policy/get", {}, env.superToken, { operationID: "op-123" });
  t.equal(given.status, 200);
  t.equal(given.headers["operationid"], "op-123");
  const generated = await env.post("/adminx/sensitive_word/policy/get", {}, env.superToken);
  t.match(generated.headers["operationid"], /^[0-9a-f]{32}$/);
});

t.test("unknown routes, wrong methods, bad JSON and oversized bodies get the envelope with 1001", async (t) => {
  const unknown = await env.post("/adminx/nope", {}, env.superToken);
  t.same([unknown.status, unknown.errCode, unknown.errMsg], [200, 1001, "ArgsError"]);
  t.match(unknown.errDlt, "/adminx/nope");

  const get = await env.service.app.inject({ method: "GET", url: "/adminx/sensitive_word/search" });
  t.equal(get.statusCode, 200);
  t.match(JSON.parse(get.body), { errCode: 1001, errMsg: "ArgsError" });

  const badJson = await env.post("/adminx/sensitive_word/search", "{not json", env.superToken);
  t.same([badJson.status, badJson.errCode], [200, 1001]);
  t.match(badJson.errDlt, /^body: /);

  const big = await env.post("/adminx/sensitive_word/add", { words: [{ word: "x".repeat(70 * 1024) }] }, env.superToken);
  t.same([big.status, big.errCode], [200, 1001]);
  t.match(big.errDlt, "body too large");
  t.notOk("data" in big, "no data on errors");
});

t.test("a body of any content type is JSON; an empty body is {}", async (t) => {
  const res = await env.service.app.inject({
    method: "POST",
    url: "/adminx/sensitive_word/policy/get",
    headers: { token: env.superToken, "content-type": "text/plain" },
    payload: JSON.stringify({ scene: "group" }),
  });
  const body = JSON.parse(res.body) as { errCode: number; data: { policies: Array<{ scene: string }> } };
  t.equal(body.errCode, 0);
  t.same(body.data.policies.map((p) => p.scene), ["group"]);
  const empty = await env.service.app.inject({ method: "POST", url: "/adminx/account/info", headers: { token: env.superToken } });
  t.equal(JSON.parse(empty.body).errCode, 0);
});

t.test("prototype poisoning is refused", async (t) => {
  const res = await env.post("/adminx/sensitive_word/search", '{"__proto__":{"x":1},"pagination":{"pageNumber":1,"showNumber":1}}', env.superToken);
  t.equal(res.errCode, 1001);
});

t.test("validation errors carry the field path", async (t) => {
  const missing = await env.post("/adminx/sensitive_word/search", {}, env.superToken);
  t.equal(missing.errCode, 1001);
  t.match(missing.errDlt, /^pagination: /);
  const wrongType = await env.post("/adminx/sensitive_word/search", { pagination: { pageNumber: "1", showNumber: 10 } }, env.superToken);
  t.match(wrongType.errDlt, /^pagination\.pageNumber: /);
  const nested = await env.post("/adminx/sensitive_word/add", { words: [{ word: "ok" }, { word: 5 }] }, env.superToken);
  t.match(nested.errDlt, /^words\[1\]\.word: /);
});

t.test("CORS: preflight answers 200 with the headers the console needs", async (t) => {
  const res = await env.service.app.inject({
    method: "OPTIONS",
    url: "/adminx/sensitive_word/add",
    headers: { origin: "http://console.example", "access-control-request-method": "POST", "access-control-request-headers": "token,operationid,content-type" },
  });
  t.equal(res.statusCode, 200);
  t.equal(res.headers["access-control-allow-origin"], "*");
  t.match(String(res.headers["access-control-allow-headers"]).toLowerCase(), "token");
  const bare = await env.service.app.inject({ method: "OPTIONS", url: "/adminx/account/login" });
  t.equal(bare.statusCode, 200, "a bare OPTIONS too");
  const post = await env.post("/adminx/sensitive_word/policy/get", {}, env.superToken, { origin: "http://console.example" });
  t.equal(post.headers["access-control-allow-origin"], "*");
});

t.test("OpenAPI is generated from the schemas and served at /adminx/docs", async (t) => {
  const json = await env.service.app.inject({ method: "GET", url: "/adminx/docs/json" });
  t.equal(json.statusCode, 200);
  const spec = JSON.parse(json.body) as { openapi: string; paths: Record<string, { post?: { requestBody?: unknown } }> };
  t.match(spec.openapi, /^3\./);
  for (const path of ["/adminx/sensitive_word/add", "/adminx/sensitive_word/hit/search", "/adminx/account/login", "/adminx/user/attribute/set"]) {
    t.ok(spec.paths[path]?.post?.requestBody, `${path} documented with its body`);
  }
  const ui = await env.service.app.inject({ method: "GET", url: "/adminx/docs" });
  t.ok(ui.statusCode === 200 || ui.statusCode === 302, "UI served");
});

t.test("an internal failure is a 500 envelope whose details stay in the log", async (t) => {
  const broken = await setup(t);
  await broken.db.prisma.$executeRawUnsafe(`DROP TABLE "sensitive_word" CASCADE`);
  const res = await broken.post("/adminx/sensitive_word/search", { pagination: { pageNumber: 1, showNumber: 10 } }, broken.superToken, { operationID: "op-broken" });
  t.same([res.status, res.errCode, res.errMsg, res.errDlt], [200, 500, "ServerInternalError", "operationID=op-broken"]);
});

t.test("over a real socket", async (t) => {
  const url = await env.service.app.listen({ host: "127.0.0.1", port: 0 });
  const login = await fetch(`${url}/adminx/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json", operationID: "sock-1" },
    body: JSON.stringify({ account: "chatAdmin", password: "chatAdmin" }),
  });
  t.equal(login.status, 200);
  t.equal(login.headers.get("operationid"), "sock-1");
  const body = (await login.json()) as { errCode: number; data: { adminToken: string } };
  t.equal(body.errCode, 0);
  const add = await fetch(`${url}/adminx/sensitive_word/add`, {
    method: "POST",
    headers: { "content-type": "application/json", token: body.data.adminToken },
    body: JSON.stringify({ words: [{ word: "socket-word" }] }),
  });
  const added = (await add.json()) as { errCode: number; data: { added: Array<{ word: string }> } };
  t.same(added.data.added.map((w) => w.word), ["socket-word"]);
  const tooBig = await fetch(`${url}/adminx/sensitive_word/add`, {
    method: "POST",
    headers: { "content-type": "application/json", token: body.data.adminToken },
    body: JSON.stringify({ words: [{ word: "y".repeat(100 * 1024) }] }),
  });
  t.equal(tooBig.status, 200);
  t.match(await tooBig.json(), { errCode: 1001 });
});
