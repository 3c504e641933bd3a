import Fastify, { LogController } from "fastify";
import { pino } from "pino";
import { ALLOWED_REPLY, CallbackReplySchema } from "@wordguard/contracts";
const [portArg, variantArg] = process.argv.slice(2);
const port = Number(portArg);
const v = Number(variantArg);
const logger = pino({ level: "info" }, pino.destination({ dest: "/dev/null", sync: true }));
let n = 0;
const app = Fastify({
  ...(v >= 1 ? { loggerInstance: logger, logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "operationID" }) } : { logger: false }),
  ...(v >= 2 ? { genReqId: (req: { headers: Record<string, unknown> }) => (req.headers["operationid"] as string) ?? `x${++n}`, routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true } } : {}),
});
if (v >= 3) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_r, body, done) => done(null, body));
}
if (v >= 4) app.addHook("onResponse", (_req, _reply, done) => done());
const opts = { schema: { response: { 200: CallbackReplySchema } } };
if (v >= 3) app.post("/callback/im/:command", opts, (req, reply) => { JSON.parse(req.body as string); reply.send(ALLOWED_REPLY); });
else app.post("/callback/im/:command", opts, async () => ALLOWED_REPLY);
app.get("/readyz", async () => ({ status: "ready" }));
await app.listen({ port, host: "127.0.0.1" });
