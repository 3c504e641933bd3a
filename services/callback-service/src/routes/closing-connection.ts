// During shutdown every reply closes its keep-alive connection: a connection that finishes a request after the server
// began closing would otherwise stay open for keepAliveTimeout and hold the shutdown (and the hit-log flush behind it)
// past its deadline. Fastify does the same only once app.close() runs, which comes after the accept pause.
//
// Set on the raw response (Node merges it into the head Fastify writes) from the arrival hook and again where a
// callback reply is sent, rather than in an onSend hook: an onSend hook makes Fastify run a hook chain for every
// reply (~0.2 µs of the hot path) to read one boolean.
import type { FastifyReply } from "fastify";

export function closeConnectionWhenClosing(reply: FastifyReply, isClosing: () => boolean): void {
  if (isClosing() && !reply.raw.headersSent) reply.raw.setHeader("connection", "close");
}
