import t from "tap";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

// DESIGN.md "who may import whom": the matcher imports nothing of ours, contracts only typebox, db only contracts,
// services import the packages and never each other. `bus` is the shared pub/sub package both services use.
const allowed: Record<string, string[]> = {
  "@wordguard/matcher": [],
  "@wordguard/contracts": [],
  "@wordguard/db": ["@wordguard/contracts"],
  "@wordguard/bus": ["@wordguard/contracts"],
  "@wordguard/callback-service": ["@wordguard/matcher", "@wordguard/contracts", "@wordguard/db", "@wordguard/bus"],
  "@wordguard/admin-service": ["@wordguard/matcher", "@wordguard/contracts", "@wordguard/db", "@wordguard/bus"],
  // End-to-end tests drive the services as separate processes over HTTP; they never import a service.
  "@wordguard/e2e": ["@wordguard/contracts", "@wordguard/db"],
};

const root = fileURLToPath(new URL("..", import.meta.url));
const folders = [
  ...["packages", "services"].flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name))),
  join(root, "e2e"),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === "node_modules" || name === "generated" || name.startsWith(".")) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(name) ? [path] : [];
  });
}

const importPattern = /(?:from\s+|import\s*\(\s*|import\s+)["'](@wordguard\/[^/"']+)/g;

for (const folder of folders) {
  let manifest: { name: string; dependencies?: Record<string, string> };
  try {
    manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
  } catch {
    continue;
  }
  t.test(`${manifest.name} imports only what DESIGN.md allows`, async (t) => {
    const rule = allowed[manifest.name];
    t.ok(rule, "the package has a rule in this test");
    const deps = Object.keys(manifest.dependencies ?? {}).filter((d) => d.startsWith("@wordguard/"));
    for (const dep of deps) t.ok(rule?.includes(dep), `declares ${dep}`);
    for (const file of sourceFiles(folder)) {
      const source = readFileSync(file, "utf8");
      for (const m of source.matchAll(importPattern)) {
        const target = m[1]!;
        if (target === manifest.name) continue;
        t.ok(rule?.includes(target), `${file.slice(root.length)} imports ${target}`);
      }
    }
  });
}

t.test("the rule table is not vacuous", async (t) => {
  t.ok(folders.length >= 6, "all packages and services were found");
  t.notOk(allowed["@wordguard/matcher"]!.length, "the matcher stands alone");
});
