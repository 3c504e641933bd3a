// First start: the policy of each scene, with the contract's defaults, when it does not exist yet.
import { Policies, SCENES, type Scene } from "@wordguard/contracts";
import type { PrismaClient } from "./client.ts";
import { bumpVersion } from "./version.ts";

export interface EnsureDefaultsResult {
  /** scenes whose default policy this call created (empty when they all existed) */
  created: Scene[];
  /** the dictionary version after the call */
  version: number;
}

/**
 * Creates the dictionary-version row and the default policies that are missing. Idempotent and safe when several
 * replicas start at once: the inserts skip existing keys, and an insert racing another transaction's uncommitted
 * insert of the same scene waits for it and then skips, so each policy is created exactly once. Creating a policy
 * bumps the version, so a replica that loaded a snapshot before the policy existed reloads.
 */
export async function ensureDefaults(prisma: PrismaClient): Promise<EnsureDefaultsResult> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO "dict_version" ("id", "version") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING`;
    const inserted = await tx.scenePolicy.createManyAndReturn({
      data: SCENES.map((scene) => ({ scene, ...Policies.DEFAULT_POLICY, updateBy: "system" })),
      skipDuplicates: true,
      select: { scene: true },
    });
    const created = inserted.map((row) => row.scene);
    if (created.length === 0) {
      const row = await tx.dictVersion.findUnique({ where: { id: 1 }, select: { version: true } });
      return { created, version: row?.version ?? 0 };
    }
    const version = await bumpVersion(tx);
    await tx.scenePolicy.updateMany({ where: { scene: { in: created } }, data: { version } });
    return { created, version };
  });
}
