// The only reply shape of this service (CONTRACT.md §1.2): HTTP 200 and {actionCode, nextCode, errCode, errMsg,
// errDlt}. The messaging server blocks only on actionCode 0 with nextCode 1; error replies pass or block the user's
// action as CALLBACK_ON_ERROR says.
import { ALLOWED_REPLY, type CallbackReply, type CallbackSettings } from "@wordguard/contracts";

export type OnError = CallbackSettings["CALLBACK_ON_ERROR"];

export const ALLOWED: Readonly<CallbackReply> = ALLOWED_REPLY;

/** A decision against the message or request: always blocks. */
export function rejection(errCode: number, errMsg: string, errDlt: string): CallbackReply {
  return { actionCode: 0, nextCode: 1, errCode, errMsg, errDlt };
}

/** A reply for a request this service could not judge: continue or stop per CALLBACK_ON_ERROR. */
export function failure(onError: OnError, errCode: number, errMsg: string, errDlt: string): CallbackReply {
  return { actionCode: 0, nextCode: onError === "stop" ? 1 : 0, errCode, errMsg, errDlt };
}
