// The decision of CONTRACT.md §1.4 for one text, explained. The admin service cannot import the callback service
// (DESIGN.md), so this mirrors its rules from the contract: exemptions, content types, whitelist cancelling,
// minLevel, the policy action, and the rejection's errDlt.
import type { WordTest } from "@wordguard/contracts";
import { toLevel } from "@wordguard/db";
import type { CompiledSnapshot } from "./test-dictionary.ts";

export function decide(compiled: CompiledSnapshot, request: WordTest.TestTextRequest, operationID: string): WordTest.TestTextReply {
  const policy = compiled.policies.get(request.scene);
  const dictionary = compiled.dictionaries.get(request.scene);
  const base = {
    scene: request.scene,
    action: policy?.action ?? "block",
    minLevel: policy?.minLevel ?? 1,
    normalized: "",
    hits: [],
    cancelled: [],
    maskedText: "",
    errMsg: "",
    errDlt: "",
    logged: false,
    dictVersion: compiled.version,
  } satisfies Omit<WordTest.TestTextReply, "decision" | "reason">;
  const allowed = (reason: string): WordTest.TestTextReply => ({ ...base, decision: "allowed", reason });

  if (policy === undefined || dictionary === undefined) return allowed("no policy for the scene");
  if (!policy.enabled) return allowed("policy disabled");
  if (request.sendID !== undefined && policy.exemptUserIDs.includes(request.sendID)) return allowed("sender exempt");
  if (request.groupID !== undefined && policy.exemptGroupIDs.includes(request.groupID)) return allowed("group exempt");
  if (request.contentType !== undefined && !policy.contentTypes.includes(request.contentType)) {
    return allowed(`content type ${request.contentType} not checked by the policy`);
  }

  const explanation = dictionary.explain(request.text, request.scene);
  const hits: WordTest.TestHit[] = explanation.hits.map((hit) => {
    const entry = compiled.entries.get(hit.entryId);
    const level = toLevel(entry?.level ?? 2);
    return {
      wordID: hit.entryId,
      word: entry?.word ?? "",
      category: entry?.category ?? "",
      level,
      matchType: entry?.matchType ?? "contains",
      start: hit.start,
      end: hit.end,
      matched: request.text.slice(hit.start, hit.end),
      actionable: level >= policy.minLevel,
    };
  });
  const cancelled: WordTest.CancelledTestHit[] = explanation.cancelled.map((hit) => ({
    wordID: hit.entryId,
    word: compiled.entries.get(hit.entryId)?.word ?? "",
    start: hit.start,
    end: hit.end,
    matched: request.text.slice(hit.start, hit.end),
    whitelistID: hit.whitelistId,
    whitelistWord: compiled.whitelist.get(hit.whitelistId)?.word ?? "",
    whitelistStart: hit.whitelistStart,
    whitelistEnd: hit.whitelistEnd,
  }));
  const explained = { ...base, normalized: explanation.normalized, hits, cancelled, logged: hits.length > 0 && policy.logHits };
  if (hits.length === 0) return { ...explained, decision: "allowed", reason: cancelled.length > 0 ? "every hit whitelisted" : "no hits" };

  const actionable = hits.filter((h) => h.actionable);
  if (actionable.length === 0) return { ...explained, decision: "logged", reason: `hits below minLevel ${policy.minLevel}` };
  if (policy.action === "log") return { ...explained, decision: "logged", reason: "action log" };
  if (policy.action === "mask") {
    const spans = actionable.map((h) => ({ entryId: h.wordID, start: h.start, end: h.end }));
    return { ...explained, decision: "masked", reason: "action mask", maskedText: dictionary.mask(request.text, spans, policy.maskChar) };
  }
  const categories = [...new Set(actionable.map((h) => h.category))];
  const level = Math.max(...actionable.map((h) => h.level));
  let errDlt = `operationID=${operationID}; categories=${categories.join(",")}; level=${level}`;
  if (policy.revealWords) errDlt += `; words=${[...new Set(actionable.map((h) => h.word))].join(",")}`;
  return { ...explained, decision: "blocked", reason: "action block", errMsg: policy.rejectMessage, errDlt };
}
