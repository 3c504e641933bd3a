export { ERRORS, ApiError, isApiError, type ErrorName } from "./errors.ts";
export {
  COMMANDS,
  CALLBACK_COMMANDS,
  CONTENT_TYPES,
  NOTIFICATION_MIN,
  NOTIFICATION_MAX,
  SESSION_TYPES,
  isCallbackCommand,
  type CallbackCommand,
} from "./commands.ts";
export {
  SceneSchema,
  ScenesSchema,
  SCENES,
  LevelSchema,
  MatchTypeSchema,
  IdSchema,
  IdListSchema,
  TimeMsSchema,
  OneCharSchema,
  type Scene,
  type Level,
  type MatchType,
} from "./common.ts";
export { NormalizeSettingsSchema, DEFAULT_NORMALIZE, type NormalizeSettings } from "./normalize.ts";
export {
  ChangeKindSchema,
  DictionaryChangedSchema,
  CHANNELS,
  channelName,
  type ChangeKind,
  type DictionaryChanged,
  type ChannelPayloads,
} from "./events.ts";
export {
  AddFriendRequestSchema,
  MessageRequestSchema,
  CallbackReplySchema,
  ALLOWED_REPLY,
  type AddFriendRequest,
  type MessageRequest,
  type CallbackReply,
} from "./callback.ts";
export { Envelope, ErrorEnvelopeSchema, PaginationSchema, EmptySchema, type ErrorEnvelope, type Pagination } from "./envelope.ts";
export { compileChecker, fieldPath, type CheckResult } from "./validate.ts";
export {
  CallbackSettingsSchema,
  AdminSettingsSchema,
  loadSettings,
  SettingsError,
  DEV_ADMIN_ACCOUNT,
  DEV_ADMIN_PASSWORD,
  DEV_JWT_SECRET,
  type CallbackSettings,
  type AdminSettings,
} from "./settings.ts";
export * as Words from "./admin/words.ts";
export * as Whitelist from "./admin/whitelist.ts";
export * as Policies from "./admin/policy.ts";
export * as Hits from "./admin/hits.ts";
export * as Accounts from "./admin/account.ts";
export * as UserAttributes from "./admin/user-attribute.ts";
export * as Audit from "./admin/audit.ts";
export * as WordTest from "./admin/word-test.ts";
export * as WordTransfer from "./admin/word-transfer.ts";
export * as HitPurge from "./admin/hit-purge.ts";
