import { Envelope, UserAttributes } from "@wordguard/contracts";
import { ok } from "../../../envelope.ts";
import { searchUserAttributes } from "../../../governance/user-attributes.ts";
import type { AdminApp } from "../../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/user/attribute/search",
    {
      schema: {
        summary: "Search friend permissions, most recently changed first.",
        tags: ["user"],
        body: UserAttributes.SearchUserAttributesRequestSchema,
        response: { 200: Envelope(UserAttributes.SearchUserAttributesReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await searchUserAttributes(commitDeps(ctx, request), request.body)),
  );
}
