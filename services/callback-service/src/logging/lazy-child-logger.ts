// Every request gets a child logger bound to its trace id. Creating a pino child costs about half a microsecond and
// some garbage per request, and on this hot path almost no request ever logs: the child is made on the first log call
// that is written (a call below the level, such as a debug line at info, makes nothing).
import type { FastifyBaseLogger } from "fastify";
import type { Logger } from "pino";

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildOptions = Parameters<FastifyBaseLogger["child"]>[1];
type Log = (...args: unknown[]) => void;
type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

class LazyChildLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: Logger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  /** Writes a line at `level`; below the level, without making the child (it would only discard the line). */
  #write(level: Level, args: unknown[]): void {
    if (this.#child) (this.#child[level] as Log)(...args);
    else if (this.#parent.isLevelEnabled(level)) (this.#real()[level] as Log)(...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#write("fatal", args);
  }
  error(...args: unknown[]): void {
    this.#write("error", args);
  }
  warn(...args: unknown[]): void {
    this.#write("warn", args);
  }
  info(...args: unknown[]): void {
    this.#write("info", args);
  }
  debug(...args: unknown[]): void {
    this.#write("debug", args);
  }
  trace(...args: unknown[]): void {
    this.#write("trace", args);
  }
  silent(...args: unknown[]): void {
    (this.#real().silent as Log)(...args);
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory` option, writing to `logger`. The app gives Fastify no logger of its own: with one,
 * Fastify adds "finish" and "error" listeners to every response (for its completed-request line, which this service
 * turns off anyway) and validates every child it is handed; without one it passes its no-op logger here as the
 * parent, which is ignored, so request.log is still a child of `logger` bound to the trace id.
 */
export function lazyChildLoggerFactory(logger: Logger) {
  return (_parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger =>
    new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
