import { Envelope, UserAttributes } from "@wordguard/contracts";
import { ok } from "../../../envelope.ts";
import { setUserAttributes } from "../../../governance/user-attributes.ts";
import { actorOf } from "../../../plugins/auth.ts";
import type { AdminApp } from "../../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/user/attribute/set",
    {
      schema: {
        summary: "Set users' friend permission (allowAddFriend 1 accept, -1 refuse); upsert, up to 10,000 a call.",
        tags: ["user"],
        body: UserAttributes.SetUserAttributesRequestSchema,
        response: { 200: Envelope(UserAttributes.SetUserAttributesReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await setUserAttributes(commitDeps(ctx, request), actorOf(request), request.body)),
  );
}
