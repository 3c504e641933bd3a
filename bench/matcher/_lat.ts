import { readFileSync } from "node:fs";
import { compile } from "@wordguard/matcher";
const corpus = JSON.parse(readFileSync("/tmp/wordguard-matcher-corpus-20261122-30000.json", "utf8"));
const msgs = corpus.messages as { text: string; kind: string }[];
const d = compile({ entries: corpus.entries100k, whitelist: corpus.whitelist });
for (let r = 0; r < 3; r++) for (const m of msgs) d.findHits(m.text);
const us = new Float64Array(msgs.length);
for (let r = 0; r < 3; r++) msgs.forEach((m, i) => { const t0 = performance.now(); d.findHits(m.text); const dt = (performance.now() - t0) * 1000; us[i] = r === 0 ? dt : Math.min(us[i]!, dt); });
const idx = [...us.keys()].sort((a, b) => us[b]! - us[a]!);
const top = idx.slice(0, Math.ceil(msgs.length / 100));
const p99 = us[top[top.length - 1]!]!;
const kinds: Record<string, number> = {}; let len = 0, may = 0;
for (const i of top) { kinds[msgs[i]!.kind] = (kinds[msgs[i]!.kind] ?? 0) + 1; len += msgs[i]!.text.length; }
console.log("p99 (min of 3 per message)", p99.toFixed(2), "top1% kinds", kinds, "avg len", (len / top.length).toFixed(0));
const sorted = Array.from(us).sort((a, b) => a - b); console.log("p50", sorted[msgs.length >> 1]!.toFixed(2));
const byLen = msgs.map((m, i) => [m.text.length, us[i]!] as const).filter(([l]) => l > 250); console.log("len>250 count", byLen.length, "avg us", (byLen.reduce((a, [, u]) => a + u, 0) / byLen.length).toFixed(2));
