// Main-thread side of a worker build: start the worker, adopt its buffers, rebuild the dictionaries around them.
import { Worker } from "node:worker_threads";
import { fromTransferable, type Dictionary } from "@wordguard/matcher";
import { assembleSnapshot, type CompiledSnapshot } from "../compiled-snapshot.ts";
import { EntryTable } from "../entry-table.ts";
import { workerUrl } from "../../worker-url.ts";
import type { BuildWorkerInput, BuildWorkerOutput } from "./protocol.ts";

export interface WorkerBuild {
  result: Promise<{ snapshot: CompiledSnapshot; loadMs: number; compileMs: number }>;
  /** Stops the worker (shutdown); `result` then rejects. */
  cancel(): Promise<void>;
}

const ENTRY = new URL("./build-worker.ts", import.meta.url);

export function buildInWorker(input: BuildWorkerInput): WorkerBuild {
  // The parent's loader flags (a test runner's TypeScript hooks, tsx's) are not inherited: workerUrl() brings its own
  // loader, and stacking a second TypeScript compiler in front of it made a build many times slower.
  const worker = new Worker(workerUrl(ENTRY), { workerData: input, execArgv: [] });
  const result = new Promise<BuildWorkerOutput>((resolve, reject) => {
    let settled = false;
    worker.once("message", (message: BuildWorkerOutput) => {
      settled = true;
      resolve(message);
      // The worker exits by itself once its connection is closed; make sure a stuck disconnect cannot keep it alive.
      setTimeout(() => void worker.terminate(), 10_000).unref();
    });
    worker.once("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`build worker exited with code ${code} before answering`));
    });
  }).then((output) => {
    if (!output.ok) throw new Error(`build worker failed: ${output.message}`);
    const dictionaries = new Map<string, Dictionary>(output.dictionaries.map((d) => [d.key, fromTransferable(d.transferable)]));
    const snapshot = assembleSnapshot(
      {
        version: output.version,
        policies: output.policies,
        dictionaries,
        table: new EntryTable(output.table),
        entries: output.entries,
        whitelist: output.whitelist,
      },
      "worker",
    );
    return { snapshot, loadMs: output.loadMs, compileMs: output.compileMs };
  });
  return {
    result,
    async cancel() {
      await worker.terminate();
    },
  };
}
