// Messaging-server traffic with known answers: messages that carry a prohibited word (blocked), clean messages
// (allowed) and add-friend requests to accepting, refusing and unknown users. Each planned request carries its
// expectation and a unique operationID, so every reply can be judged and every blocked message looked up in the
// hit log afterwards.
import { COMMANDS, ERRORS, type CallbackReply } from "@wordguard/contracts";
import { isBlocked, isPlainAllowed } from "./callback-reply.ts";
import type { LoadRecord, PlannedRequest } from "./load-generator.ts";
import type { Rng } from "./prng.ts";
import { COMMAND_OF_SCENE, addFriendBody, callbackRequest, messageBody, type CallbackTarget } from "./samples.ts";

/** `decided`: a plain allow or a block, for texts whose verdict the test does not know in advance. */
export type Expectation = "blocked" | "allowed" | "refused" | "unknown-user" | "decided";

export interface TrafficTag {
  kind: "single" | "group" | "add-friend";
  expect: Expectation;
  operationID: string;
}

/** Sentences without any of the suite's prohibited words (Latin, CJK, mixed, emoji). */
export const CLEAN_TEXTS: readonly string[] = [
  "see you at the station at eight",
  "今天天气很好，我们去公园散步吧",
  "the quarterly report is attached, please review",
  "明天下午三点开会，记得带电脑",
  "happy birthday! 🎂🎉 have a great one",
  "ok 👍",
  "can you send me the address of the restaurant?",
  "我已经到了，你在哪里？",
  "Grüße aus München, bis bald",
  "this is a longer message about nothing in particular, written to look like the kind of thing people send to each other when they are bored at work on a friday afternoon",
];

export interface TrafficMix {
  /** Prohibited words (enabled, both scenes, level ≥ the policies' minLevel, action block). */
  hitWords: readonly string[];
  acceptingUser: string;
  refusingUser: string;
  unknownUser: string;
  /** Shares of the three kinds; normalised. */
  shares: { hit: number; clean: number; friend: number };
  /** Makes every message body about this long (UTF-16 units) by padding with clean text. */
  padTo?: number;
}

function pad(text: string, length: number | undefined, rng: Rng): string {
  if (length === undefined) return text;
  let out = text;
  while (out.length < length) out = `${rng.pick(CLEAN_TEXTS)} ${out}`;
  return out;
}

const MARKER = "__E2E_OPERATION_ID__";

/**
 * Serialised bodies are cached by everything but the operationID, which is spliced in per request: building and
 * stringifying a fresh body per request would cost the load generator more CPU than the service spends answering.
 */
class BodyCache {
  private readonly parts = new Map<string, { before: string; after: string | undefined }>();

  serialise(key: string, build: (operationID: string) => unknown, operationID: string): string {
    let parts = this.parts.get(key);
    if (!parts) {
      // Bounded: long benchmark runs draw from many combinations.
      if (this.parts.size >= 20_000) this.parts.clear();
      const text = `${JSON.stringify(build(MARKER))}\n`;
      const at = text.indexOf(MARKER);
      parts = at < 0 ? { before: text, after: undefined } : { before: text.slice(0, at), after: text.slice(at + MARKER.length) };
      this.parts.set(key, parts);
    }
    return parts.after === undefined ? parts.before : `${parts.before}${operationID}${parts.after}`;
  }
}

/**
 * The seq-th request's target (`pickTarget(seq)`) and operationID, and how it becomes a planned request once its
 * command, body and expectation are drawn: what every planner below shares.
 */
function requestSlot(
  targets: readonly CallbackTarget[],
  pickTarget: (seq: number) => number,
  operationPrefix: string,
  seq: number,
): { operationID: string; plan(command: string, body: string, tag: Omit<TrafficTag, "operationID">): PlannedRequest<TrafficTag> } {
  const target = pickTarget(seq);
  const base = targets[target];
  if (!base) throw new Error(`no target ${target}`);
  const operationID = `${operationPrefix}-${seq}`;
  return {
    operationID,
    plan: (command, body, tag) => ({
      target,
      request: { ...callbackRequest(base, command, null, { operationID }), body },
      tag: { ...tag, operationID },
    }),
  };
}

/** A planner for the load generator: the seq-th request of the mix, sent to `pickTarget(seq)`. */
export function mixedTraffic(
  targets: readonly CallbackTarget[],
  mix: TrafficMix,
  rng: Rng,
  operationPrefix: string,
  pickTarget: (seq: number) => number = (seq) => seq % targets.length,
): (seq: number) => PlannedRequest<TrafficTag> {
  const total = mix.shares.hit + mix.shares.clean + mix.shares.friend;
  const cache = new BodyCache();
  return (seq) => {
    const { operationID, plan } = requestSlot(targets, pickTarget, operationPrefix, seq);
    const draw = rng.next() * total;
    if (draw < mix.shares.hit + mix.shares.clean) {
      const hit = draw < mix.shares.hit;
      const scene = rng.chance(0.7) ? "single" : "group";
      const clean = rng.pick(CLEAN_TEXTS);
      const text = pad(hit ? `${clean} ${rng.pick(mix.hitWords)} ${rng.pick(CLEAN_TEXTS)}` : clean, mix.padTo, rng);
      const contentType = rng.pick([101, 101, 101, 106, 114, 117, 118]);
      const sendID = `u${rng.int(1, 50)}`;
      const body = cache.serialise(`${scene}|${contentType}|${sendID}|${text}`, (id) => messageBody(scene, { text, operationID: id, contentType, sendID }), operationID);
      return plan(COMMAND_OF_SCENE[scene], body, { kind: scene, expect: hit ? "blocked" : "allowed" });
    }
    const roll = rng.int(0, 2);
    const toUser = roll === 0 ? mix.acceptingUser : roll === 1 ? mix.refusingUser : mix.unknownUser;
    const expect: Expectation = roll === 0 ? "allowed" : roll === 1 ? "refused" : "unknown-user";
    const fromUser = `u${rng.int(1, 50)}`;
    const body = cache.serialise(`friend|${fromUser}|${toUser}`, () => addFriendBody(fromUser, toUser), operationID);
    return plan(COMMANDS.beforeAddFriend, body, { kind: "add-friend", expect });
  };
}

/**
 * Messages with given texts (e.g. a benchmark corpus), single and group scenes alternating at random, each sent
 * as the server would; the verdict is not known in advance ("decided"), blocked ones are tracked like any other.
 */
export function textTraffic(
  targets: readonly CallbackTarget[],
  texts: readonly string[],
  rng: Rng,
  operationPrefix: string,
  pickTarget: (seq: number) => number = (seq) => seq % targets.length,
): (seq: number) => PlannedRequest<TrafficTag> {
  const cache = new BodyCache();
  return (seq) => {
    const { operationID, plan } = requestSlot(targets, pickTarget, operationPrefix, seq);
    const index = rng.int(0, texts.length - 1);
    const scene = rng.chance(0.6) ? "single" : "group";
    const text = texts[index]!;
    const body = cache.serialise(`${scene}|${index}`, (id) => messageBody(scene, { text, operationID: id }), operationID);
    return plan(COMMAND_OF_SCENE[scene], body, { kind: scene, expect: "decided" });
  };
}

/** Whether a reply is the answer the request expects (default codes of CONTRACT.md §1.2). */
export function meetsExpectation(expect: Expectation, reply: CallbackReply): boolean {
  switch (expect) {
    case "blocked":
      return isBlocked(reply) && reply.errCode === ERRORS.SensitiveWordBlocked.code && reply.errMsg !== "";
    case "allowed":
      return isPlainAllowed(reply);
    case "refused":
      return isBlocked(reply) && reply.errCode === ERRORS.RefuseFriend.code && reply.errMsg === "RefuseFriend";
    case "unknown-user":
      return isBlocked(reply) && reply.errCode === ERRORS.RecordNotFoundError.code && reply.errMsg === "RecordNotFoundError";
    case "decided":
      return meetsExpectation("allowed", reply) || meetsExpectation("blocked", reply);
  }
}

/** The internal-failure reply under CALLBACK_ON_ERROR=continue: let the action through, say why. */
export function isInternalFailure(reply: CallbackReply): boolean {
  return reply.nextCode === 0 && reply.errCode === ERRORS.ServerInternalError.code && reply.errMsg === "ServerInternalError";
}

export interface TrafficVerdicts {
  total: number;
  correct: number;
  transportErrors: LoadRecord<TrafficTag>[];
  shapeProblems: LoadRecord<TrafficTag>[];
  wrong: LoadRecord<TrafficTag>[];
  /** operationIDs of the blocked messages: each must be in the hit log */
  blocked: string[];
}

/** Sorts records into correct, wrong, transport errors and shape problems. */
export function judgeTraffic(records: readonly LoadRecord<TrafficTag>[], accept: (record: LoadRecord<TrafficTag>) => boolean = () => false): TrafficVerdicts {
  const verdicts: TrafficVerdicts = { total: records.length, correct: 0, transportErrors: [], shapeProblems: [], wrong: [], blocked: [] };
  for (const record of records) {
    if (record.error !== undefined) verdicts.transportErrors.push(record);
    else if (record.reply === undefined) verdicts.shapeProblems.push(record);
    else if (meetsExpectation(record.tag.expect, record.reply) || accept(record)) {
      verdicts.correct += 1;
      if (record.tag.kind !== "add-friend" && isBlocked(record.reply)) verdicts.blocked.push(record.tag.operationID);
    } else verdicts.wrong.push(record);
  }
  return verdicts;
}

/** A short description of the first few bad records, for assertion messages. */
export function describeRecords(records: readonly LoadRecord<TrafficTag>[], limit = 5): string {
  return records
    .slice(0, limit)
    .map((r) => `#${r.seq} ${r.tag.kind} expect ${r.tag.expect} → ${r.error ?? r.problem ?? JSON.stringify(r.reply)}`)
    .join("; ");
}
