// Propagation of governance changes: make a change through the admin API and measure how long until every replica
// enforces it (from sending the admin request, so the admin's own commit and publish are included), by probing each
// replica in a tight loop with a message whose verdict the change flips.
import { performance } from "node:perf_hooks";
import type { AdminClient } from "./admin-client.ts";
import type { Prober, ProbeMessage, Verdict } from "./probe.ts";
import type { CallbackTarget } from "./samples.ts";
import { sleep } from "./wait.ts";

export type ChangeKind = "word-add" | "whitelist-add" | "policy-log" | "policy-block" | "whitelist-del" | "word-del";

export interface PlannedChange {
  kind: ChangeKind;
  apply(): Promise<void>;
  probe: ProbeMessage;
  /** the verdict once the change is enforced (the opposite holds before it) */
  after: Verdict;
}

export interface ChangeMeasurement {
  kind: ChangeKind;
  /** send of the admin request → the last replica enforcing the change */
  delayMs: number;
  /** the admin request alone */
  adminMs: number;
  perReplicaMs: number[];
  probes: number;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
function letters(n: number, width: number): string {
  let out = "";
  for (let i = 0; i < width; i++) {
    out = LETTERS[n % 26] + out;
    n = Math.floor(n / 26);
  }
  return out;
}

/**
 * Six changes around one new word w (contains, level 2), each flipping a probe's verdict in the `single` scene:
 * add w (blocked) → whitelist "w+ok" (its probe allowed) → policy action log (w allowed) → policy action block
 * (w blocked) → delete the whitelist entry (its probe blocked) → delete w (allowed).
 */
export function roundOfChanges(admin: AdminClient, tag: string, round: number): PlannedChange[] {
  const word = `zq${tag}${letters(round, 3)}`;
  const phrase = `${word}ok`;
  const wordProbe: ProbeMessage = { scene: "single", text: `please check ${word} today` };
  const phraseProbe: ProbeMessage = { scene: "single", text: `please check ${phrase} today` };
  let wordId = "";
  let whitelistId = "";
  return [
    {
      kind: "word-add",
      probe: wordProbe,
      after: "blocked",
      async apply() {
        const reply = await admin.addWords([{ word, level: 2, matchType: "contains", category: "abuse" }]);
        const added = reply.added[0];
        if (!added) throw new Error(`word ${word} not added: ${JSON.stringify(reply)}`);
        wordId = added.id;
      },
    },
    {
      kind: "whitelist-add",
      probe: phraseProbe,
      after: "allowed",
      async apply() {
        const reply = await admin.addWhitelist([{ word: phrase }]);
        const added = reply.added[0];
        if (!added) throw new Error(`whitelist ${phrase} not added: ${JSON.stringify(reply)}`);
        whitelistId = added.id;
      },
    },
    {
      kind: "policy-log",
      probe: wordProbe,
      after: "allowed",
      apply: async () => void (await admin.setPolicy({ scene: "single", action: "log" })),
    },
    {
      kind: "policy-block",
      probe: wordProbe,
      after: "blocked",
      apply: async () => void (await admin.setPolicy({ scene: "single", action: "block" })),
    },
    {
      kind: "whitelist-del",
      probe: phraseProbe,
      after: "blocked",
      async apply() {
        const reply = await admin.deleteWhitelist([whitelistId]);
        if (reply.deleted !== 1) throw new Error(`whitelist ${whitelistId} not deleted: ${JSON.stringify(reply)}`);
      },
    },
    {
      kind: "word-del",
      probe: wordProbe,
      after: "allowed",
      async apply() {
        const reply = await admin.deleteWords([wordId]);
        if (reply.deleted !== 1) throw new Error(`word ${wordId} not deleted: ${JSON.stringify(reply)}`);
      },
    },
  ];
}

const opposite = (verdict: Verdict): Verdict => (verdict === "blocked" ? "allowed" : "blocked");

export interface MeasureOptions {
  timeoutMs: number;
  probeIntervalMs?: number;
}

/** Checks the "before" verdict on every replica, applies the change, and measures until all show the "after" one. */
export async function measureChange(
  prober: Prober,
  replicas: readonly CallbackTarget[],
  change: PlannedChange,
  options: MeasureOptions,
): Promise<ChangeMeasurement> {
  for (const [index, replica] of replicas.entries()) {
    const before = await prober.verdict(replica, change.probe);
    if (before !== opposite(change.after)) {
      throw new Error(`${change.kind}: replica ${index} already answers ${before} for ${JSON.stringify(change.probe.text)} before the change`);
    }
  }
  const started = performance.now();
  let adminMs = Number.NaN;
  let failed = false;
  const applied = change.apply().then(
    () => {
      adminMs = performance.now() - started;
    },
    (error: unknown) => {
      failed = true;
      throw error;
    },
  );
  let probes = 0;
  const watch = async (replica: CallbackTarget): Promise<number> => {
    for (;;) {
      const verdict = await prober.verdict(replica, change.probe);
      probes += 1;
      if (verdict === change.after) return performance.now() - started;
      if (failed) throw new Error(`${change.kind}: the admin request failed`);
      if (performance.now() - started > options.timeoutMs) {
        throw new Error(`${change.kind}: not enforced after ${options.timeoutMs} ms (${replica.baseUrl} still ${verdict})`);
      }
      await sleep(options.probeIntervalMs ?? 2);
    }
  };
  const [perReplicaMs] = await Promise.all([Promise.all(replicas.map(watch)), applied]);
  return { kind: change.kind, delayMs: Math.max(...perReplicaMs), adminMs, perReplicaMs, probes };
}
