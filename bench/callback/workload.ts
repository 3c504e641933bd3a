// The callback benchmark's workload, built from the matcher benchmark's corpus (real Chinese phrases and English
// words, disjoint chat and dictionary vocabularies): the 100k dictionary, and a cycle of 100 request bodies shaped
// like open-im-server's — 97 clean, 3 with a dictionary entry, over the content types a deployment sees.
import { compile, normalizeWord, type DictionaryEntry } from "@wordguard/matcher";
import { generateCorpus } from "../matcher/corpus.ts";
import { loadMaterial } from "../matcher/material.ts";
import { generateDictionary, type GeneratedWord } from "./dictionary.ts";

export interface BenchRequest {
  path: string;
  /** the body exactly as sent: one JSON line and its newline */
  body: string;
  kind: "clean" | "hit";
  contentType: number;
}

export interface Workload {
  /** exactly `size` entries, distinct after normalisation (the database's unique key) */
  words: GeneratedWord[];
  requests: BenchRequest[];
  notes: string[];
}

const SINGLE = "callbackBeforeSendSingleMsgCommand";
const GROUP = "callbackBeforeSendGroupMsgCommand";

/** Where each of the 100 slots of the cycle goes: command, content type; 3 slots carry a hit. */
const SLOTS: { command: string; contentType: number }[] = [
  ...Array.from({ length: 40 }, () => ({ command: SINGLE, contentType: 101 })),
  ...Array.from({ length: 10 }, () => ({ command: GROUP, contentType: 101 })),
  ...Array.from({ length: 15 }, () => ({ command: GROUP, contentType: 106 })),
  ...Array.from({ length: 10 }, () => ({ command: GROUP, contentType: 114 })),
  ...Array.from({ length: 5 }, () => ({ command: SINGLE, contentType: 117 })),
  ...Array.from({ length: 5 }, () => ({ command: SINGLE, contentType: 118 })),
  ...Array.from({ length: 10 }, () => ({ command: GROUP, contentType: 1504 })), // notification: never checked
  ...Array.from({ length: 5 }, () => ({ command: GROUP, contentType: 110 })), // custom: not in the default list
];
/** Slots whose text carries a dictionary entry (Text single, AtText group, Quote group). */
const HIT_SLOTS = new Set([7, 55, 70]);

function element(contentType: number, text: string): unknown {
  switch (contentType) {
    case 106:
      return { text: `@Bob ${text}`, atUserList: ["6960562805"], atUsersInfo: [{ atUserID: "6960562805", groupNickname: "Bob" }], isAtSelf: false };
    case 114:
      return { text, quoteMessage: { clientMsgID: "1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f", contentType: 101, content: '{"content":"earlier"}' } };
    case 117:
      return { text, messageEntityList: [] };
    case 1504:
      return { detail: JSON.stringify({ group: { groupID: "3411007805" }, entrantUser: { userID: "6960562805" }, note: text }) };
    case 110:
      return { data: JSON.stringify({ type: "card", title: text }), description: "", extension: "" };
    default:
      return { content: text };
  }
}

function body(i: number, command: string, contentType: number, text: string): string {
  const group = command === GROUP;
  const message = {
    sendID: `40865${String(i).padStart(5, "0")}`,
    callbackCommand: command,
    serverMsgID: `bench-server-${i}`,
    clientMsgID: `bench-client-${i}`,
    operationID: `bench-op-${i}`,
    senderPlatformID: 5,
    senderNickname: "bench",
    sessionType: group ? 3 : 1,
    msgFrom: contentType >= 1000 ? 200 : 100,
    contentType,
    status: 1,
    sendTime: 1719800000456,
    createTime: 1719800000321,
    content: JSON.stringify(element(contentType, text)),
    seq: 0,
    atUserList: contentType === 106 ? ["6960562805"] : null,
    faceURL: "",
    ex: "",
    ...(group ? { groupID: "3411007805" } : { recvID: "6960562805" }),
  };
  return `${JSON.stringify(message)}\n`;
}

export async function buildWorkload(size = 100_000): Promise<Workload> {
  const corpus = generateCorpus(await loadMaterial(), 4000);
  const toWord = (e: DictionaryEntry): GeneratedWord => ({
    word: e.word,
    matchType: e.matchType ?? "contains",
    category: e.category ?? "ads",
    level: (e.level ?? 2) as 1 | 2 | 3,
  });
  // Distinct under the admin service's duplicate key; generated words fill the places of merged ones.
  const seen = new Set<string>();
  const words: GeneratedWord[] = [];
  const fromCorpus = corpus.entries100k.length;
  let generated = 0;
  for (const [index, word] of [...corpus.entries100k.map(toWord), ...generateDictionary(10_000, 7)].entries()) {
    const key = `${normalizeWord(word.word)}|${word.matchType}`;
    if (seen.has(key) || word.word.length > 64) continue;
    seen.add(key);
    words.push(word);
    if (index >= fromCorpus) generated++;
    if (words.length === size) break;
  }
  // Clean means clean under the service's default policy (every stage on, separators skipped too) and the
  // dictionary exactly as loaded.
  const dictionary = compile({ entries: words.map((w, i) => ({ id: String(i), ...w })) });
  const clean = corpus.messages.filter((m) => m.kind === "clean" && !dictionary.hasHit(m.text));
  const hits = corpus.messages.filter((m) => m.kind === "hit" && dictionary.hasHit(m.text));
  const requests = SLOTS.map((slot, i) => {
    const hit = HIT_SLOTS.has(i);
    const message = hit ? hits[i % hits.length]! : clean[i]!;
    return {
      path: `/callback/im/${slot.command}`,
      body: body(i, slot.command, slot.contentType, message.text),
      kind: hit ? ("hit" as const) : ("clean" as const),
      contentType: slot.contentType,
    };
  });
  return {
    words,
    requests,
    notes: [...corpus.notes, `${words.length} entries distinct after normalisation, ${generated} of them generated fill-ins`],
  };
}
