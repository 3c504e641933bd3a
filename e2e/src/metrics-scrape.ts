// Reading a service's Prometheus /metrics (text format): the sum of every sample of a metric whose labels include
// the given ones. The metric names are the service's own (not part of the contract), so callers treat a missing
// metric as "not reported", never as a failure.
export async function scrapeMetric(baseUrl: string, name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  const response = await fetch(`${baseUrl}/metrics`, { signal: AbortSignal.timeout(5000) });
  if (response.status !== 200) return undefined;
  const text = await response.text();
  let total: number | undefined;
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const labelText = match[2] ?? "";
    if (!Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`))) continue;
    const value = Number(match[3]);
    if (Number.isFinite(value)) total = (total ?? 0) + value;
  }
  return total;
}
