// What route handlers share: the injected dependencies and the compiled dictionary of the test endpoint.
import type { FastifyRequest } from "fastify";
import { Accounts } from "@wordguard/contracts";
import type { CommitDeps } from "../governance/commit.ts";
import type { TestDictionary } from "../governance/test-dictionary.ts";
import type { AdminDeps } from "../types.ts";

export interface RouteContext {
  deps: AdminDeps;
  testDictionary: TestDictionary;
}

/** Governance work logs with the request's logger, so its lines carry the operationID. */
export function commitDeps(ctx: RouteContext, request: FastifyRequest): CommitDeps {
  return { prisma: ctx.deps.prisma, bus: ctx.deps.bus, log: request.log };
}

/** Governance routes need an admin (80 or more); account management a super admin. */
export const ADMIN = { minLevel: Accounts.ADMIN_LEVELS.admin } as const;
export const SUPER_ADMIN = { minLevel: Accounts.ADMIN_LEVELS.superAdmin } as const;
