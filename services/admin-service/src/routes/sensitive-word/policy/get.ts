import { Envelope, Policies } from "@wordguard/contracts";
import { ok } from "../../../envelope.ts";
import { getPolicies } from "../../../governance/policies.ts";
import type { AdminApp } from "../../../types.ts";
import { ADMIN, commitDeps, type RouteContext } from "../../context.ts";

export default function route(app: AdminApp, ctx: RouteContext): void {
  app.post(
    "/sensitive_word/policy/get",
    {
      schema: {
        summary: "The policies (one when scene is given).",
        tags: ["policy"],
        body: Policies.GetPolicyRequestSchema,
        response: { 200: Envelope(Policies.GetPolicyReplySchema) },
      },
      config: ADMIN,
    },
    async (request) => ok(await getPolicies(commitDeps(ctx, request), request.body)),
  );
}
