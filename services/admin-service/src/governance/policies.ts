// Scene policies (CONTRACT.md §2.3): one row per scene; `set` changes only the fields it is given.
import { Prisma, policyFromRow } from "@wordguard/db";
import { SCENES, Policies } from "@wordguard/contracts";
import type { Actor } from "../types.ts";
import { writeAudit } from "./audit.ts";
import { commitChange, type CommitDeps } from "./commit.ts";

export async function setPolicy(deps: CommitDeps, actor: Actor, request: Policies.SetPolicyRequest): Promise<Policies.SetPolicyReply> {
  const { value } = await commitChange(deps, "policy", async (tx, version) => {
    // Lock the row: two concurrent partial updates of one scene must not lose each other's fields.
    await tx.$queryRaw(Prisma.sql`SELECT 1 FROM "sensitive_word_policy" WHERE "scene" = ${request.scene}::"Scene" FOR UPDATE`);
    const row = await tx.scenePolicy.findUnique({ where: { scene: request.scene } });
    const before = row ? policyFromRow(row) : null;
    const base: Policies.PolicySettings = before ?? { ...Policies.DEFAULT_POLICY, normalize: { ...Policies.DEFAULT_POLICY.normalize } };
    const { scene, normalize, ...fields } = request;
    const settings: Policies.PolicySettings = {
      enabled: fields.enabled ?? base.enabled,
      action: fields.action ?? base.action,
      minLevel: fields.minLevel ?? base.minLevel,
      contentTypes: fields.contentTypes ?? base.contentTypes,
      normalize: { ...base.normalize, ...normalize },
      rejectMessage: fields.rejectMessage ?? base.rejectMessage,
      revealWords: fields.revealWords ?? base.revealWords,
      logHits: fields.logHits ?? base.logHits,
      maskChar: fields.maskChar ?? base.maskChar,
      exemptUserIDs: fields.exemptUserIDs ?? base.exemptUserIDs,
      exemptGroupIDs: fields.exemptGroupIDs ?? base.exemptGroupIDs,
    };
    const data = { ...settings, updateBy: actor.operatorID, version: await version() };
    const saved = await tx.scenePolicy.upsert({ where: { scene }, create: { scene, ...data }, update: data });
    const after = policyFromRow(saved);
    await writeAudit(tx, actor, [{ action: "policy.set", targetType: "policy", targetID: scene, before, after }]);
    return { value: after, changed: true };
  });
  return { policy: value };
}

export async function getPolicies(deps: CommitDeps, request: Policies.GetPolicyRequest): Promise<Policies.GetPolicyReply> {
  const scenes = request.scene ? [request.scene] : [...SCENES];
  const rows = await deps.prisma.scenePolicy.findMany({ where: { scene: { in: scenes } }, orderBy: { scene: "asc" } });
  return { policies: rows.map(policyFromRow) };
}
