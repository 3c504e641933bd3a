// The add-friend check (CONTRACT.md §1.3, §2.5): the target's friend permission, the only database read on the
// request path (one primary-key lookup).
import { ERRORS, type AddFriendRequest, type CallbackSettings } from "@wordguard/contracts";
import { ALLOWED, failure, rejection } from "../reply/callback-reply.ts";
import type { FriendLookup } from "../friends/friend-lookup.ts";
import type { Decision } from "./decision.ts";

export type AddFriendSettings = Pick<CallbackSettings, "REFUSE_FRIEND_CODE" | "FRIEND_UNKNOWN_USER" | "CALLBACK_ON_ERROR">;

/** allowAddFriend value that accepts requests; anything else refuses. */
const ACCEPTS = 1;

export async function decideAddFriend(lookup: FriendLookup, body: AddFriendRequest, settings: AddFriendSettings): Promise<Decision> {
  let allow: number | undefined;
  try {
    allow = await lookup(body.toUserID);
  } catch (error) {
    return {
      reply: failure(settings.CALLBACK_ON_ERROR, ERRORS.ServerInternalError.code, "ServerInternalError", "friend permission lookup failed"),
      outcome: "error",
      error,
    };
  }
  if (allow === undefined) {
    if (settings.FRIEND_UNKNOWN_USER === "allow") return { reply: ALLOWED, outcome: "friend_unknown", note: { toUserID: body.toUserID } };
    return {
      reply: rejection(ERRORS.RecordNotFoundError.code, "RecordNotFoundError", body.toUserID),
      outcome: "friend_unknown",
      note: { toUserID: body.toUserID },
    };
  }
  if (allow !== ACCEPTS) {
    return {
      reply: rejection(settings.REFUSE_FRIEND_CODE, "RefuseFriend", `user ${body.toUserID} does not accept friend requests`),
      outcome: "friend_refused",
      note: { toUserID: body.toUserID },
    };
  }
  return { reply: ALLOWED, outcome: "friend_accepted" };
}
