// A TCP proxy between the services and PostgreSQL. "PostgreSQL unavailable" is simulated here, never on the shared
// server: `down()` destroys every open connection in both directions and closes the listener, so new connections
// are refused (ECONNREFUSED) exactly as with a stopped server; `up()` listens again on the same port.
import { createServer, connect, type Server, type Socket } from "node:net";
import { sleep } from "./wait.ts";

export interface TcpProxyOptions {
  targetHost: string;
  targetPort: number;
  /** 0 = any free port (kept across down/up). */
  listenPort?: number;
}

export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private listenPort: number;
  /** Connections accepted since start (both down and up phases). */
  accepted = 0;
  /** Connections cut by `down()`. */
  cut = 0;

  constructor(private readonly options: TcpProxyOptions) {
    this.listenPort = options.listenPort ?? 0;
  }

  get port(): number {
    if (this.listenPort === 0) throw new Error("proxy is not listening yet");
    return this.listenPort;
  }

  get isUp(): boolean {
    return this.server !== undefined;
  }

  /** Rewrites a postgresql:// URL so it goes through this proxy. */
  rewriteUrl(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = "127.0.0.1";
    parsed.port = String(this.port);
    return parsed.toString();
  }

  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => this.forward(client));
    // The port was ours a moment ago; another process may grab it meanwhile (very unlikely on loopback): retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await new Promise<void>((resolve, reject) => {
          server.once("error", reject);
          server.listen(this.listenPort, "127.0.0.1", () => {
            server.off("error", reject);
            resolve();
          });
        });
        break;
      } catch (error) {
        if (attempt >= 50) throw error;
        await sleep(100);
      }
    }
    const address = server.address();
    if (address === null || typeof address === "string") throw new Error("proxy has no port");
    this.listenPort = address.port;
    this.server = server;
  }

  /** Refuse new connections and reset every open one. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) {
      socket.destroy();
      this.cut += 1;
    }
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async close(): Promise<void> {
    await this.down();
  }

  private forward(client: Socket): void {
    this.accepted += 1;
    const upstream = connect({ host: this.options.targetHost, port: this.options.targetPort });
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    this.sockets.add(client);
    this.sockets.add(upstream);
    const closeBoth = (): void => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on("error", closeBoth);
    upstream.on("error", closeBoth);
    client.on("close", closeBoth);
    upstream.on("close", closeBoth);
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
