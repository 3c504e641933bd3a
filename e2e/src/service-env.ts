// The environment of a service child: the test process' environment without any setting of CONTRACT.md §3 (a
// developer's or CI's DATABASE_URL/REDIS_URL must never leak into a child pointed at our own Redis and proxy) and
// without the test runner's loader hooks, plus exactly the settings the stack chooses.
import { AdminSettingsSchema, CallbackSettingsSchema } from "@wordguard/contracts";

const SETTING_KEYS = new Set([...Object.keys(CallbackSettingsSchema.properties), ...Object.keys(AdminSettingsSchema.properties)]);

export function serviceEnv(settings: Record<string, string | number>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (SETTING_KEYS.has(key)) continue;
    // tap runs test files with its own --import hooks and coverage; a service must start as an operator starts it.
    if (key === "NODE_OPTIONS" || key === "NODE_V8_COVERAGE" || key.startsWith("TAP") || key.startsWith("_TAPJS")) continue;
    env[key] = value;
  }
  for (const [key, value] of Object.entries(settings)) env[key] = String(value);
  return env;
}
