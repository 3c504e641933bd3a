import { Type, type Static } from "typebox";
import { IdListSchema, TimeMsSchema } from "../common.ts";

/** 100 manages admin accounts; 80 reads and writes governance data (CONTRACT.md §2.2). */
export const ADMIN_LEVELS = { superAdmin: 100, admin: 80 } as const;
export const AdminLevelSchema = Type.Union([Type.Literal(100), Type.Literal(80)]);
export type AdminLevel = Static<typeof AdminLevelSchema>;

/** OpenIM chat's token claims; UserType 2 marks an admin. */
export const AdminTokenClaimsSchema = Type.Object({
  UserID: Type.String({ minLength: 1 }),
  UserType: Type.Integer(),
  PlatformID: Type.Integer(),
  exp: Type.Integer(),
  nbf: Type.Integer(),
  iat: Type.Integer(),
});
export type AdminTokenClaims = Static<typeof AdminTokenClaimsSchema>;
export const ADMIN_USER_TYPE = 2;

const AccountSchema = Type.String({ minLength: 1, maxLength: 64 });
/** The console sends md5 hex of the password; scripts may send it plain. */
const PasswordSchema = Type.String({ minLength: 1, maxLength: 256 });

export const LoginRequestSchema = Type.Object({ account: AccountSchema, password: PasswordSchema });
export type LoginRequest = Static<typeof LoginRequestSchema>;
export const LoginReplySchema = Type.Object({
  adminToken: Type.String(),
  adminUserID: Type.String(),
  level: AdminLevelSchema,
  expireTimeSeconds: Type.Integer(),
});
export type LoginReply = Static<typeof LoginReplySchema>;

export const AdminInfoSchema = Type.Object({
  adminUserID: Type.String(),
  account: Type.String(),
  nickname: Type.String(),
  level: AdminLevelSchema,
  createTime: TimeMsSchema,
});
export type AdminInfo = Static<typeof AdminInfoSchema>;

export const AddAdminRequestSchema = Type.Object({
  account: AccountSchema,
  password: PasswordSchema,
  nickname: Type.Optional(Type.String({ maxLength: 64 })),
  level: Type.Optional(AdminLevelSchema),
});
export type AddAdminRequest = Static<typeof AddAdminRequestSchema>;
export const AddAdminReplySchema = Type.Object({ adminUserID: Type.String() });
export type AddAdminReply = Static<typeof AddAdminReplySchema>;

export const DelAdminRequestSchema = Type.Object({ userIDs: IdListSchema });
export type DelAdminRequest = Static<typeof DelAdminRequestSchema>;
