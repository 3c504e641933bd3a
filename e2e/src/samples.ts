// Request bodies the way open-im-server v3.8.x sends them (fixtures/samples, copied from /work/shared/samples): every
// field present, empty lists as null, `content` a string holding the element JSON, a trailing newline, POSTed to
// `{url}/{command}` with `Content-Type: application/json; charset=utf-8` and the canonicalised `Operationid` header.
// Builders start from a sample and change only the fields a test cares about, so the shape stays the server's.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { COMMANDS, type AddFriendRequest, type CallbackCommand, type MessageRequest } from "@wordguard/contracts";
import type { RawRequest } from "./http-client.ts";
import { SAMPLES_DIR } from "./paths.ts";

export const SAMPLE_FILES = {
  addFriend: "before-add-friend.json",
  modify: "before-msg-modify.json",
  groupAtText: "before-send-group-attext.json",
  groupNotification: "before-send-group-notification.json",
  single: "before-send-single.json",
} as const;

export type SampleName = keyof typeof SAMPLE_FILES;

const cache = new Map<SampleName, Record<string, unknown>>();

/** A fresh copy of a sample body. */
export function sample(name: SampleName): Record<string, unknown> {
  let body = cache.get(name);
  if (!body) {
    body = JSON.parse(readFileSync(join(SAMPLES_DIR, SAMPLE_FILES[name]), "utf8")) as Record<string, unknown>;
    cache.set(name, body);
  }
  return structuredClone(body);
}

/** The element JSON of a content type, with the text where CONTRACT.md §1.3 says it is. */
export function elementJson(contentType: number, text: string): string {
  switch (contentType) {
    case 106:
      return JSON.stringify({ text, atUserList: null, atUsersInfo: null, isAtSelf: false });
    case 114:
      return JSON.stringify({ text, quoteMessage: { clientMsgID: "q1", contentType: 101, content: "{\"content\":\"quoted\"}" } });
    case 117:
      return JSON.stringify({ text, messageEntityList: null });
    case 110:
      return JSON.stringify({ data: text, description: text, extension: "" });
    default:
      return JSON.stringify({ content: text });
  }
}

export type MessageScene = "single" | "group" | "modify";

export interface MessageOptions {
  text: string;
  operationID: string;
  contentType?: number;
  sendID?: string;
  recvID?: string;
  groupID?: string;
  /** modify only: 1 single, 3 group */
  sessionType?: number;
  clientMsgID?: string;
}

export const COMMAND_OF_SCENE: Record<MessageScene, CallbackCommand> = {
  single: COMMANDS.beforeSendSingleMsg,
  group: COMMANDS.beforeSendGroupMsg,
  modify: COMMANDS.beforeMsgModify,
};

/** A before-send (single/group) or modify body shaped as the server's, carrying `text`. */
export function messageBody(scene: MessageScene, options: MessageOptions): MessageRequest & Record<string, unknown> {
  const body = sample(scene === "single" ? "single" : scene === "group" ? "groupAtText" : "modify");
  const contentType = options.contentType ?? 101;
  body["contentType"] = contentType;
  body["content"] = elementJson(contentType, options.text);
  body["operationID"] = options.operationID;
  if (options.sendID !== undefined) body["sendID"] = options.sendID;
  if (options.clientMsgID !== undefined) body["clientMsgID"] = options.clientMsgID;
  if (scene === "single" && options.recvID !== undefined) body["recvID"] = options.recvID;
  if (scene === "group") {
    if (options.groupID !== undefined) body["groupID"] = options.groupID;
    if (contentType !== 106) body["atUserList"] = null;
  }
  if (scene === "modify" && options.sessionType !== undefined) body["sessionType"] = options.sessionType;
  return body as MessageRequest & Record<string, unknown>;
}

export function addFriendBody(fromUserID: string, toUserID: string): AddFriendRequest & Record<string, unknown> {
  const body = sample("addFriend");
  body["fromUserID"] = fromUserID;
  body["toUserID"] = toUserID;
  return body as AddFriendRequest & Record<string, unknown>;
}

export interface CallbackTarget {
  /** e.g. http://127.0.0.1:41234 (the service's base URL; the webhook URL is `${base}/callback/im`). */
  baseUrl: string;
}

/**
 * The request the messaging server makes: POST `{base}/callback/im/{command}` (or the documented `?command=` form),
 * JSON with a trailing newline, `Operationid` header.
 */
export function callbackRequest(
  target: CallbackTarget,
  command: string,
  body: unknown,
  options: { operationID?: string; form?: "path" | "query"; timeoutMs?: number } = {},
): RawRequest {
  const url = options.form === "query"
    ? `${target.baseUrl}/callback/im?command=${encodeURIComponent(command)}`
    : `${target.baseUrl}/callback/im/${encodeURIComponent(command)}`;
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8" };
  if (options.operationID !== undefined) headers["Operationid"] = options.operationID;
  return { url, headers, body: `${JSON.stringify(body)}\n`, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) };
}
