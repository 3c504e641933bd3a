// A free loopback port: listen on 0, read the port the kernel chose, close. Parallel runs get different ports; the
// short window before the real listener binds is acceptable for tests (a collision fails loudly at start).
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address === null || typeof address === "string") {
        server.close();
        reject(new Error("no port assigned"));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}
