// The ceiling of the callback benchmark: a bare Fastify route that answers every callback with the allowed reply
// through the same response schema, with Fastify's default body parsing and no logger. Started pinned to a core by
// run.ts: `node --import tsx baseline-server.ts <port>`.
import Fastify from "fastify";
import { ALLOWED_REPLY, CallbackReplySchema } from "@wordguard/contracts";

const port = Number(process.argv[2] ?? 18100);
const app = Fastify({ logger: false });
app.post("/callback/im/:command", { schema: { response: { 200: CallbackReplySchema } } }, async () => ALLOWED_REPLY);
app.get("/readyz", async () => ({ status: "ready" }));
await app.listen({ port, host: "127.0.0.1" });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
