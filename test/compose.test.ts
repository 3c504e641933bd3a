import t from "tap";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { AdminSettingsSchema, CallbackSettingsSchema, loadSettings } from "@wordguard/contracts";

// No Docker engine runs here, so the compose file is checked against the settings the services accept:
// a variable a service does not know, or a value it would refuse, fails this test instead of a deployment.
const root = fileURLToPath(new URL("..", import.meta.url));
const compose = parse(readFileSync(`${root}docker-compose.yml`, "utf8"), { merge: true }) as {
  services: Record<string, { command?: string[]; environment?: Record<string, string>; ports?: string[]; depends_on?: object }>;
};
const rootScripts = (JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { scripts: Record<string, string> }).scripts;

/** Compose interpolation as a deployment would do it, with a sample value for every required variable. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (_m, _name: string, kind?: string, rest?: string) =>
    kind === "-" ? (rest ?? "") : "sample-secret-value",
  );
}

function envOf(name: string): Record<string, string> {
  const env = compose.services[name]?.environment ?? {};
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(String(v))]));
}

const kinds = {
  "start:callback": CallbackSettingsSchema,
  "start:admin": AdminSettingsSchema,
} as const;

t.test("the file has postgres, redis, a migration job, the admin service and two callback replicas", async (t) => {
  const names = Object.keys(compose.services);
  for (const name of ["postgres", "redis", "migrate", "admin-service"]) t.ok(names.includes(name), name);
  const callbacks = names.filter((n) => compose.services[n]?.command?.includes("start:callback"));
  t.equal(callbacks.length, 2, "two callback replicas");
  t.same(compose.services.migrate?.command, ["pnpm", "db:migrate"]);
  t.ok(rootScripts["db:migrate"], "the migration job runs a script that exists");
});

t.test("every service variable is a setting that service accepts, with a value it accepts", async (t) => {
  for (const [name, service] of Object.entries(compose.services)) {
    const script = service.command?.[1];
    if (script === undefined || !(script in kinds)) continue;
    t.ok(rootScripts[script], `${name}: root script ${script} exists`);
    const schema = kinds[script as keyof typeof kinds];
    const env = envOf(name);
    for (const key of Object.keys(env)) t.ok(key in schema.properties, `${name}: ${key} is a known setting`);
    t.ok(env.DATABASE_URL && env.REDIS_URL, `${name}: real servers configured`);
    const settings = loadSettings(schema, env) as Record<string, unknown>;
    t.equal(settings.NODE_ENV, "production", `${name}: production mode`);
    const port = String(settings.CALLBACK_PORT ?? settings.ADMIN_PORT);
    t.ok(service.ports?.some((p) => p.endsWith(`:${port}`)), `${name}: publishes its port ${port}`);
  }
});

t.test("a refused value would be caught: the check is not a rubber stamp", async (t) => {
  t.throws(() => loadSettings(CallbackSettingsSchema, { ...envOf("callback-service-1"), CALLBACK_ON_ERROR: "explode" }));
});
