import t from "tap";
import { DEFAULT_NORMALIZE as contractDefaults } from "@wordguard/contracts";
import { DEFAULT_NORMALIZE as matcherDefaults } from "@wordguard/matcher";

// The matcher may import nothing of ours (DESIGN.md), so the policy's normalisation switches are declared twice:
// on the wire in contracts and as the matcher's options. This keeps the two from drifting apart.
t.test("the policy's default normalisation is the matcher's", async (t) => {
  t.same(matcherDefaults, contractDefaults);
  t.same(Object.keys(matcherDefaults).sort(), Object.keys(contractDefaults).sort());
});
