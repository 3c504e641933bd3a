// What the app is built from, and what its requests carry. Everything here is injected by the caller of buildApp:
// the app creates no connections of its own, so the server, the tests and the one-process launcher share it.
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { AdminSettings } from "@wordguard/contracts";
import type { PrismaClient } from "@wordguard/db";
import type { EventBus } from "@wordguard/bus";
import type { RevocationStore } from "./auth/revocations.ts";

export interface AdminDeps {
  settings: AdminSettings;
  prisma: PrismaClient;
  bus: EventBus;
  revocations: RevocationStore;
}

/** The admin behind a request, resolved from its token. */
export interface AdminIdentity {
  userID: string;
  /** 100 super admin, 80 admin */
  level: number;
  account: string;
  nickname: string;
  createTime: number;
  /** false for a token of a shared-secret OpenIM chat deployment whose UserID has no account here */
  local: boolean;
  /** revocation key of this token and its expiry (seconds since the epoch), for logout */
  tokenKey: string;
  tokenExp: number;
}

/** Who performs a change and under which trace id: what every audit row records. */
export interface Actor {
  operatorID: string;
  operationID: string;
}

export type AdminApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression<RawServerDefault>,
  RawReplyDefaultExpression<RawServerDefault>,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module "fastify" {
  interface FastifyContextConfig {
    /** Minimum admin level for the route; absent = no token needed (login, docs). */
    minLevel?: number;
  }
  interface FastifyRequest {
    admin: AdminIdentity | null;
  }
}
