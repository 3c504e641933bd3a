// A prohibited-word decision for the message commands (CONTRACT.md §1.3–1.4). Made from the in-memory snapshot
// only: nothing here touches the network. Clean messages (the vast majority) leave through hasHit, the matcher's
// fastest path; only a message with a hit pays for offsets, metadata and the hit log.
import { COMMANDS, NOTIFICATION_MAX, NOTIFICATION_MIN, type MessageRequest } from "@wordguard/contracts";
import type { NewHitLog } from "@wordguard/db";
import type { CompiledSnapshot } from "../snapshot/compiled-snapshot.ts";
import { extractText } from "../extract/text-source.ts";
import { maskedContent } from "../extract/masked-element.ts";
import { ALLOWED, rejection } from "../reply/callback-reply.ts";
import type { Decision } from "./decision.ts";
import { locateHits } from "./locate-hits.ts";
import type { MessageCommand } from "./message-command.ts";
import { rejectDetail } from "./reject-detail.ts";
import { sceneOf } from "./scene.ts";

export interface MessageDecideSettings {
  /** SENSITIVE_WORD_BLOCKED_CODE */
  blockedCode: number;
}

const SKIPPED: Decision = Object.freeze({ reply: ALLOWED, outcome: "skipped" });
const CLEAN: Decision = Object.freeze({ reply: ALLOWED, outcome: "clean" });
const DEFAULT_REJECT_MESSAGE = "sensitive word detected";

export function decideMessage(
  snapshot: CompiledSnapshot,
  command: MessageCommand,
  body: MessageRequest,
  traceId: string,
  settings: MessageDecideSettings,
): Decision {
  const scene = sceneOf(command, body.sessionType);
  if (scene === undefined) return SKIPPED;
  const contentType = body.contentType;
  // Server-made notifications are never checked (v3.8.x sends group notifications to the group hook).
  if (contentType >= NOTIFICATION_MIN && contentType <= NOTIFICATION_MAX) return SKIPPED;
  const plan = snapshot.scenes[scene];
  const { policy } = plan;
  if (!policy.enabled || !plan.contentTypes.has(contentType)) return SKIPPED;
  if (plan.exemptUsers.has(body.sendID)) return SKIPPED;
  if (body.groupID && plan.exemptGroups.has(body.groupID)) return SKIPPED;
  const modify = command === COMMANDS.beforeMsgModify;
  // The modify command only ever masks; with any other action it has nothing to do.
  if (modify && policy.action !== "mask") return SKIPPED;

  const source = extractText(contentType, body.content);
  let suspicious = false;
  for (const field of source.fields) {
    if (plan.dictionary.hasHit(field.text, scene)) {
      suspicious = true;
      break;
    }
  }
  if (!suspicious) return CLEAN;

  const located = locateHits(plan, snapshot.table, source, scene);
  if (located.all.length === 0) return CLEAN;

  if (modify) {
    // Logged by the before-send command, which the server calls first for the same message; not logged twice.
    if (located.effective.length === 0) return CLEAN;
    const masked = new Map<string | undefined, string>();
    for (const field of source.fields) {
      const hits = located.effectiveByField.get(field.key);
      if (hits) masked.set(field.key, plan.dictionary.mask(field.text, hits, policy.maskChar));
    }
    return {
      reply: { ...ALLOWED, content: maskedContent(source, masked, body.content) },
      outcome: "masked",
      note: { hits: located.effective.length },
    };
  }

  const action =
    located.effective.length === 0 ? "logged" : policy.action === "block" ? "blocked" : policy.action === "mask" ? "masked" : "logged";
  const hitLog: NewHitLog | undefined = policy.logHits
    ? {
        operationID: traceId,
        command,
        scene,
        sendID: body.sendID,
        recvID: body.recvID ?? "",
        groupID: body.groupID ?? "",
        clientMsgID: body.clientMsgID ?? "",
        serverMsgID: body.serverMsgID ?? "",
        contentType,
        action,
        hits: located.all,
        text: located.text,
        dictVersion: snapshot.version,
        createTime: Date.now(),
      }
    : undefined;
  const note = {
    action,
    hits: located.all.length,
    categories: [...new Set(located.effective.map((h) => h.category))],
    level: located.effective.reduce((max, h) => Math.max(max, h.level), 0),
  };
  const reply =
    action === "blocked"
      ? rejection(
          settings.blockedCode,
          policy.rejectMessage || DEFAULT_REJECT_MESSAGE,
          rejectDetail(traceId, located.effective, policy.revealWords),
        )
      : ALLOWED;
  return { reply, outcome: action, note, ...(hitLog ? { hitLog } : {}) };
}
