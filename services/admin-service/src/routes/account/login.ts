import { Accounts, Envelope } from "@wordguard/contracts";
import { login } from "../../accounts/login.ts";
import { ok } from "../../envelope.ts";
import type { AdminApp } from "../../types.ts";
import type { RouteContext } from "../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  const { settings, prisma } = ctx.deps;
  app.post(
    "/account/login",
    {
      schema: {
        summary: "Log in: an admin token (HS256 JWT, OpenIM chat claims). `password` is the md5 hex or the plain password.",
        tags: ["account"],
        security: [],
        body: Accounts.LoginRequestSchema,
        response: { 200: Envelope(Accounts.LoginReplySchema) },
      },
      // Per client IP and minute; over the limit the reply is errCode 1509 TooManyRequests.
      config: { rateLimit: { max: settings.LOGIN_RATE_LIMIT, timeWindow: 60_000 } },
    },
    async (request) => {
      const reply = await login({ prisma, secret: settings.ADMIN_JWT_SECRET, ttlSeconds: settings.ADMIN_TOKEN_TTL }, request.body);
      request.log.info({ adminUserID: reply.adminUserID }, "admin logged in");
      return ok(reply);
    },
  );
}
