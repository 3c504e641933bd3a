import { Type, type Static } from "typebox";
import { TimeMsSchema } from "../common.ts";
import { PaginationSchema } from "../envelope.ts";

/** OpenIM chat's allowAddFriend: 1 accept, -1 refuse (CONTRACT.md §2.5). */
export const AllowAddFriendSchema = Type.Union([Type.Literal(1), Type.Literal(-1)]);
export const ALLOW_ADD_FRIEND = { accept: 1, refuse: -1 } as const;

const UserIdSchema = Type.String({ minLength: 1, maxLength: 64 });

export const UserAttributeSchema = Type.Object({
  userID: UserIdSchema,
  allowAddFriend: AllowAddFriendSchema,
  updateTime: TimeMsSchema,
});
export type UserAttribute = Static<typeof UserAttributeSchema>;

export const SetUserAttributesRequestSchema = Type.Object({
  attributes: Type.Array(Type.Object({ userID: UserIdSchema, allowAddFriend: AllowAddFriendSchema }), {
    minItems: 1,
    maxItems: 10_000,
  }),
});
export type SetUserAttributesRequest = Static<typeof SetUserAttributesRequestSchema>;
export const SetUserAttributesReplySchema = Type.Object({ updated: Type.Integer({ minimum: 0 }) });

export const SearchUserAttributesRequestSchema = Type.Object({
  userIDs: Type.Optional(Type.Array(UserIdSchema, { maxItems: 1000 })),
  allowAddFriend: Type.Optional(AllowAddFriendSchema),
  pagination: PaginationSchema,
});
export type SearchUserAttributesRequest = Static<typeof SearchUserAttributesRequestSchema>;
export const SearchUserAttributesReplySchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  attributes: Type.Array(UserAttributeSchema),
});
