// The service's settings (CONTRACT.md §3), read once at start from the environment. Everything the contracts'
// schema checks is reported at once, one line per bad value; on top of it the standalone service needs a database.
import { CallbackSettingsSchema, loadSettings, SettingsError, type CallbackSettings } from "@wordguard/contracts";
import { SLICE_MIN_US } from "./scheduler-slice.ts";

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
  // The schema admits 0–100000 (a union would report its branches as one unreadable line); from 1 to 99 is for the
  // kernel to refuse, so it is read here from the environment, to be reported with the schema's other problems.
  const slice = Number(env["CALLBACK_LOOP_SLICE_US"]?.trim() || 0);
  if (Number.isInteger(slice) && slice > 0 && slice < SLICE_MIN_US) {
    problems.push(`CALLBACK_LOOP_SLICE_US: 0 (the kernel's default) or at least ${SLICE_MIN_US} µs, the kernel's shortest slice, got ${slice}`);
  }
  if (problems.length > 0 || !settings) throw new SettingsError(problems);
  return settings;
}
