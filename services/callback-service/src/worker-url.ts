/**
 * The URL to start a worker on `entry` (a URL next to the caller). When the service runs from TypeScript sources
 * (tsx, tap), a worker does not inherit the parent's loader hooks, so it starts with a tiny ES module that registers
 * tsx and then imports the entry. Compiled JavaScript starts the entry directly.
 */
export function workerUrl(entry: URL): URL {
  if (!entry.pathname.endsWith(".ts")) return entry;
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(entry.href)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}
