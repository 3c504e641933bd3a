import { Type, type Static } from "typebox";

/**
 * Callback wire shapes (CONTRACT.md §1). The messaging server sends every field, empty lists as null;
 * we check the types of the fields we read and let the rest pass, so a newer server version that adds fields
 * keeps working.
 */
const OptionalString = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const OptionalInteger = Type.Optional(Type.Union([Type.Integer(), Type.Null()]));

export const AddFriendRequestSchema = Type.Object({
  callbackCommand: OptionalString,
  fromUserID: Type.String(),
  toUserID: Type.String(),
  reqMsg: OptionalString,
  ex: OptionalString,
  operationID: OptionalString,
});
export type AddFriendRequest = Static<typeof AddFriendRequestSchema>;

/** Common message fields (before-send single/group and the modify extension). */
export const MessageRequestSchema = Type.Object({
  callbackCommand: OptionalString,
  operationID: OptionalString,
  sendID: Type.String(),
  recvID: OptionalString,
  groupID: OptionalString,
  serverMsgID: OptionalString,
  clientMsgID: OptionalString,
  senderPlatformID: OptionalInteger,
  senderNickname: OptionalString,
  sessionType: OptionalInteger,
  msgFrom: OptionalInteger,
  contentType: Type.Integer(),
  status: OptionalInteger,
  sendTime: OptionalInteger,
  createTime: OptionalInteger,
  content: Type.String(),
  seq: OptionalInteger,
  atUserList: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()])),
  faceURL: OptionalString,
  ex: OptionalString,
});
export type MessageRequest = Static<typeof MessageRequestSchema>;

/**
 * The only reply shape of the callback service. The server blocks only when actionCode == 0 && nextCode == 1.
 * `content` is set only by the modify command when it masks; other modify fields are never sent because
 * "" or 0 would overwrite the message.
 */
export const CallbackReplySchema = Type.Object({
  actionCode: Type.Integer(),
  nextCode: Type.Union([Type.Literal(0), Type.Literal(1)]),
  errCode: Type.Integer(),
  errMsg: Type.String(),
  errDlt: Type.String(),
  content: Type.Optional(Type.String()),
});
export type CallbackReply = Static<typeof CallbackReplySchema>;

export const ALLOWED_REPLY: Readonly<CallbackReply> = Object.freeze({
  actionCode: 0,
  nextCode: 0,
  errCode: 0,
  errMsg: "",
  errDlt: "",
});
