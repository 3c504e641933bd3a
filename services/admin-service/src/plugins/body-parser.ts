// Every body is JSON, whatever its Content-Type says (the console sends application/json, scripts often send
// nothing or text/plain). An empty body is `{}`, so argument-less routes accept a bare POST.
import type { FastifyRequest } from "fastify";
import { fail } from "../envelope.ts";
import type { AdminApp } from "../types.ts";

export function setupBodyParser(app: AdminApp): void {
  // Fastify's own parser rejects __proto__ / constructor.prototype keys (prototype poisoning); it is kept for that.
  const secureParse = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (request: FastifyRequest, body: string | Buffer, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, {});
      return;
    }
    secureParse(request, text, (error: Error | null, value?: unknown) => {
      if (error === null) return done(null, value);
      // Its message is generic; JSON.parse says where the text went wrong (or the poisoning check failed).
      let detail = error.message;
      try {
        JSON.parse(text);
      } catch (syntax) {
        detail = (syntax as Error).message;
      }
      done(fail("ArgsError", `body: ${detail}`), undefined);
    });
  });
}
