// The service's settings (CONTRACT.md §3), read once at start from the environment. Everything the contracts'
// schema checks is reported at once, one line per bad value; on top of it the standalone service needs a database.
import { CallbackSettingsSchema, loadSettings, SettingsError, type CallbackSettings } from "@wordguard/contracts";

export function readCallbackSettings(env: Record<string, string | undefined>, options: { requireDatabase?: boolean } = {}): CallbackSettings {
  let settings: CallbackSettings | undefined;
  const problems: string[] = [];
  try {
    settings = loadSettings(CallbackSettingsSchema, env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    // Already one line per bad setting (loadSettings reports a failing union once).
    problems.push(...error.problems);
  }
  if (options.requireDatabase && !env["DATABASE_URL"]) {
    problems.push("DATABASE_URL: required to run the callback service on its own (the root `pnpm start` offers the embedded database)");
  }
  if (problems.length > 0 || !settings) throw new SettingsError(problems);
  return settings;
}
