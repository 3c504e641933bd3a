import { Envelope, Policies } from "@wordguard/contracts";
import { ok } from "../../../envelope.ts";
import { setPolicy } from "../../../governance/policies.ts";
import { actorOf } from "../../../plugins/auth.ts";
import type { AdminApp } from "../../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/policy/set",
    {
      schema: {
        summary: "Change a scene's policy; absent fields are unchanged, `normalize` may set some switches only.",
        tags: ["policy"],
        body: Policies.SetPolicyRequestSchema,
        response: { 200: Envelope(Policies.SetPolicyReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await setPolicy(commitDeps(ctx, request), actorOf(request), request.body)),
  );
}
