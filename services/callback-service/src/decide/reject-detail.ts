import type { Hits } from "@wordguard/contracts";

/**
 * errDlt of a rejection (CONTRACT.md §1.4): `operationID=<id>; categories=<c1,c2>; level=<max>`, plus
 * `; words=<w1,w2>` only when the policy reveals words. The sender's client shows errDlt, and by default it must not
 * teach an evader which word hit. Categories are sorted so equal decisions read the same.
 */
export function rejectDetail(traceId: string, hits: readonly Hits.HitDetail[], revealWords: boolean): string {
  const categories = [...new Set(hits.map((h) => h.category))].sort().join(",");
  const level = hits.reduce((max, h) => Math.max(max, h.level), 0);
  const detail = `operationID=${traceId}; categories=${categories}; level=${level}`;
  return revealWords ? `${detail}; words=${[...new Set(hits.map((h) => h.word))].join(",")}` : detail;
}
