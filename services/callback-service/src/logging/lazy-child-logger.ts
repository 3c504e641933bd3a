// Fastify gives every request a child logger bound to its trace id. Creating a pino child costs about half a
// microsecond and some garbage per request, and on this hot path almost no request ever logs: the child is made on
// the first log call instead.
import type { FastifyBaseLogger } from "fastify";

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

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: unknown[]): void {
    (this.#real().fatal as Log)(...args);
  }
  error(...args: unknown[]): void {
    (this.#real().error as Log)(...args);
  }
  warn(...args: unknown[]): void {
    (this.#real().warn as Log)(...args);
  }
  info(...args: unknown[]): void {
    (this.#real().info as Log)(...args);
  }
  debug(...args: unknown[]): void {
    (this.#real().debug as Log)(...args);
  }
  trace(...args: unknown[]): void {
    (this.#real().trace as Log)(...args);
  }
  silent(...args: unknown[]): void {
    (this.#real().silent as Log)(...args);
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory` option. */
export function lazyChildLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
