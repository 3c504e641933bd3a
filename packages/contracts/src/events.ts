import { Type, type Static } from "typebox";

/**
 * What changed. A replica rebuilds its whole snapshot for a word or whitelist change; a policy change that is the only
 * change since its snapshot (the event's version is the next one) is applied to the compiled dictionaries in place.
 */
export const ChangeKindSchema = Type.Union([Type.Literal("word"), Type.Literal("whitelist"), Type.Literal("policy")]);
export type ChangeKind = Static<typeof ChangeKindSchema>;

/** Payload on `${REDIS_PREFIX}sensitive_word:changed` (CONTRACT.md §2.4). A hint, never the data itself. */
export const DictionaryChangedSchema = Type.Object({
  version: Type.Integer({ minimum: 0 }),
  kind: ChangeKindSchema,
  at: Type.Integer({ minimum: 0 }),
});
export type DictionaryChanged = Static<typeof DictionaryChangedSchema>;

/** Channel suffixes, typed by payload: one map so publisher and subscriber cannot disagree. */
export const CHANNELS = {
  dictionaryChanged: "sensitive_word:changed",
} as const;

export interface ChannelPayloads {
  [CHANNELS.dictionaryChanged]: DictionaryChanged;
}

export function channelName(prefix: string, channel: keyof ChannelPayloads): string {
  return `${prefix}${channel}`;
}
