/** Callback command names as the messaging server sends them (CONTRACT.md §1.3). */
export const COMMANDS = {
  beforeAddFriend: "callbackBeforeAddFriendCommand",
  beforeSendSingleMsg: "callbackBeforeSendSingleMsgCommand",
  beforeSendGroupMsg: "callbackBeforeSendGroupMsgCommand",
  beforeMsgModify: "callbackBeforeMsgModifyCommand",
} as const;

export type CallbackCommand = (typeof COMMANDS)[keyof typeof COMMANDS];

export const CALLBACK_COMMANDS: readonly CallbackCommand[] = Object.values(COMMANDS);

export function isCallbackCommand(value: string): value is CallbackCommand {
  return (CALLBACK_COMMANDS as readonly string[]).includes(value);
}

/** OpenIM content types whose text we know how to extract (CONTRACT.md §1.3). */
export const CONTENT_TYPES = {
  text: 101,
  atText: 106,
  custom: 110,
  quote: 114,
  advancedText: 117,
  markdown: 118,
} as const;

/** Content types in [NOTIFICATION_MIN, NOTIFICATION_MAX] are server-made notifications: never checked. */
export const NOTIFICATION_MIN = 1000;
export const NOTIFICATION_MAX = 5000;

/** OpenIM session types that map to our scenes. */
export const SESSION_TYPES = { single: 1, group: 3 } as const;
