import { Type, type Static } from "typebox";

/** What changed; replicas reload the whole snapshot either way, the kind is for logs and metrics. */
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
