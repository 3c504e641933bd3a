// Polling helpers for "until it is true" waits, with a deadline and the last failure in the error.

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** Named in the timeout error. */
  what: string;
}

/** Calls `check` until it returns a value other than undefined/false; rejects after `timeoutMs` with the last error. */
export async function waitFor<T>(check: () => Promise<T | undefined | false> | T | undefined | false, options: WaitOptions): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? `: ${lastError.message}` : "";
      throw new Error(`timed out after ${options.timeoutMs} ms waiting for ${options.what}${reason}`);
    }
    await sleep(options.intervalMs ?? 50);
  }
}
