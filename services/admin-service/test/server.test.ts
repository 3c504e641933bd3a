// src/server.ts as a process: the production refusal happens before any connection is attempted.
// (Malformed settings are refused by loadSettings, tested in @wordguard/contracts.)
import t from "tap";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const cwd = fileURLToPath(new URL("..", import.meta.url));
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, ["--import", "tsx", "src/server.ts"], { cwd, env: { PATH: process.env["PATH"] ?? "", ...env }, encoding: "utf8", timeout: 60_000 });

t.test("production with the default secret and password refuses to start, before touching the database", async (t) => {
  const result = run({ NODE_ENV: "production", DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none" });
  t.equal(result.status, 1);
  t.match(result.stdout, /refusing to start in production/);
  t.match(result.stdout, /ADMIN_JWT_SECRET/);
  t.match(result.stdout, /ADMIN_PASSWORD/);
});
