// Request bodies shaped like the messaging server's, built from the samples so every field is present.
import { sample } from "./samples.ts";

export const SINGLE = "callbackBeforeSendSingleMsgCommand";
export const GROUP = "callbackBeforeSendGroupMsgCommand";
export const MODIFY = "callbackBeforeMsgModifyCommand";
export const ADD_FRIEND = "callbackBeforeAddFriendCommand";

let counter = 0;

/** A single-chat text message (contentType 101) saying `text`; override any field. */
export function singleText(text: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  return {
    ...sample("before-send-single"),
    content: JSON.stringify({ content: text }),
    clientMsgID: `client-${counter}`,
    serverMsgID: `server-${counter}`,
    operationID: `op-body-${counter}`,
    ...overrides,
  };
}

/** A group message of any content type with the given element. */
export function groupMessage(contentType: number, element: unknown, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  return {
    ...sample("before-send-group-attext"),
    contentType,
    content: typeof element === "string" ? element : JSON.stringify(element),
    clientMsgID: `client-${counter}`,
    serverMsgID: `server-${counter}`,
    operationID: `op-body-${counter}`,
    ...overrides,
  };
}

export function modifyText(text: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...sample("before-msg-modify"), content: JSON.stringify({ content: text }), ...overrides };
}

export function addFriend(toUserID: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...sample("before-add-friend"), toUserID, ...overrides };
}

/** The exact reply shape of CONTRACT.md §1.2: these keys and types, `content` only where given. */
export function isCallbackShape(value: unknown, allowContent = false): boolean {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const keys = Object.keys(v).sort().join(",");
  const base = "actionCode,errCode,errDlt,errMsg,nextCode";
  if (keys !== base && !(allowContent && keys === "actionCode,content,errCode,errDlt,errMsg,nextCode")) return false;
  return (
    v["actionCode"] === 0 &&
    (v["nextCode"] === 0 || v["nextCode"] === 1) &&
    Number.isInteger(v["errCode"]) &&
    typeof v["errMsg"] === "string" &&
    typeof v["errDlt"] === "string"
  );
}

export const ALLOWED_TEXT = '{"actionCode":0,"nextCode":0,"errCode":0,"errMsg":"","errDlt":""}';
