// Hits of a message's text fields with the metadata a hit log carries. Offsets are UTF-16 offsets into the stored
// text: the fields joined with "\n" (one field in every type but Custom), so a log row explains itself.
import type { Hit } from "@wordguard/matcher";
import type { Hits, Scene } from "@wordguard/contracts";
import type { ScenePlan } from "../snapshot/compiled-snapshot.ts";
import type { EntryTable } from "../snapshot/entry-table.ts";
import type { TextSource } from "../extract/text-source.ts";

export interface LocatedHits {
  /** the checked text as stored in the hit log */
  text: string;
  /** every remaining hit (whitelist already applied), in the stored text */
  all: Hits.HitDetail[];
  /** the hits at or above the policy's minLevel */
  effective: Hits.HitDetail[];
  /** effective hits per field, in that field's own offsets (what masking needs) */
  effectiveByField: Map<string | undefined, Hit[]>;
}

export function locateHits(plan: ScenePlan, table: EntryTable, source: TextSource, scene: Scene): LocatedHits {
  const { dictionary, policy } = plan;
  const all: Hits.HitDetail[] = [];
  const effective: Hits.HitDetail[] = [];
  const effectiveByField = new Map<string | undefined, Hit[]>();
  let text = "";
  source.fields.forEach((field, index) => {
    if (index > 0) text += "\n";
    const base = text.length;
    text += field.text;
    for (const hit of dictionary.findHits(field.text, scene)) {
      const info = table.lookup(hit.entryId);
      const detail: Hits.HitDetail = {
        wordID: hit.entryId,
        word: info?.word ?? "",
        category: info?.category ?? "",
        level: info?.level ?? 1,
        start: base + hit.start,
        end: base + hit.end,
      };
      all.push(detail);
      if (detail.level >= policy.minLevel) {
        effective.push(detail);
        const list = effectiveByField.get(field.key) ?? [];
        list.push(hit);
        effectiveByField.set(field.key, list);
      }
    }
  });
  return { text, all, effective, effectiveByField };
}
