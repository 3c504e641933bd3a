// Every request gets a child logger bound to its trace id. Creating a pino child costs about half a microsecond and
// some garbage per request, and on this hot path almost no request ever logs: the child is made on
// the first log call that is written: a call below the level (a debug line at info) makes nothing.
import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildOptions = Parameters<FastifyBaseLogger["child"]>[1];
type Log = (...args: unknown[]) => void;

class LazyChildLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  /** The logger to write a line at `level` with, or nothing when that level is off (the child would only discard it). */
  #writer(level: string): FastifyBaseLogger | undefined {
    if (this.#child) return this.#child;
    return isEnabled(this.#parent.level, level) ? this.#real() : undefined;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: unknown[]): void {
    const log = this.#writer("fatal");
    if (log) (log.fatal as Log)(...args);
  }
  error(...args: unknown[]): void {
    const log = this.#writer("error");
    if (log) (log.error as Log)(...args);
  }
  warn(...args: unknown[]): void {
    const log = this.#writer("warn");
    if (log) (log.warn as Log)(...args);
  }
  info(...args: unknown[]): void {
    const log = this.#writer("info");
    if (log) (log.info as Log)(...args);
  }
  debug(...args: unknown[]): void {
    const log = this.#writer("debug");
    if (log) (log.debug as Log)(...args);
  }
  trace(...args: unknown[]): void {
    const log = this.#writer("trace");
    if (log) (log.trace as Log)(...args);
  }
  silent(...args: unknown[]): void {
    (this.#real().silent as Log)(...args);
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Whether a logger at `threshold` writes lines at `level` ("silent" and unknown thresholds write nothing). */
function isEnabled(threshold: string, level: string): boolean {
  const values: Record<string, number> = pino.levels.values;
  const min = values[threshold];
  const at = values[level];
  return min !== undefined && at !== undefined && at >= min;
}

/**
 * Fastify's `childLoggerFactory` option, writing to `logger`. The app gives Fastify no logger of its own: with one,
 * Fastify adds "finish" and "error" listeners to every response (for its completed-request line, which this service
 * turns off anyway) and validates every child it is handed; without one it passes its no-op logger here as the
 * parent, which is ignored, so request.log is still a child of `logger` bound to the trace id.
 */
export function lazyChildLoggerFactory(logger: FastifyBaseLogger) {
  return (_parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger =>
    new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
