// Real-socket HTTP for the tests that must see exactly what the messaging server would send and get.
import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json(): unknown;
}

export function post(port: number, path: string, body: string | Buffer, headers: Record<string, string> = {}, method = "POST"): Promise<RawResponse> {
  // With `transfer-encoding: chunked` the body goes without a length, as Node then chunks it.
  const chunked = Object.entries(headers).some(([k, v]) => k.toLowerCase() === "transfer-encoding" && v === "chunked");
  const allHeaders = chunked ? headers : { "content-length": String(Buffer.byteLength(body)), ...headers };
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path, method, headers: allHeaders, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as unknown });
        });
      },
    );
    // A server may answer (e.g. 413) and close before the whole body is written: the answer is what counts.
    req.on("error", reject);
    req.end(body);
  });
}
