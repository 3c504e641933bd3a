import { Worker } from "node:worker_threads";
import t from "tap";
import { compile, fromTransferable, type TransferableDictionary } from "../src/index.ts";
import { caseDictionary } from "./helpers.ts";

t.test("a worker builds the dictionary and transfers it without copying", async (t) => {
  const worker = new Worker(new URL("./fixtures/build-worker.ts", import.meta.url), { workerData: caseDictionary });
  const messages: unknown[] = await new Promise((resolve, reject) => {
    const got: unknown[] = [];
    worker.on("message", (m) => {
      got.push(m);
      if (got.length === 2) resolve(got);
    });
    worker.on("error", reject);
  });
  await worker.terminate();
  const [transferred, status] = messages as [TransferableDictionary, { detached: boolean }];
  t.equal(status.detached, true, "the worker's buffers were moved, not copied");
  const received = fromTransferable(transferred);
  const local = compile(caseDictionary);
  for (const text of ["f.u.c.k", "三黄片和黃片", "class", "ⓕⓤⓒⓚ you an ass!"]) {
    t.same(received.findHits(text), local.findHits(text), text);
    // ids (entries and whitelist entries) decoded lazily from the buffer on the receiving side
    t.same(received.explain(text), local.explain(text), `explain ${text}`);
  }
  t.same(received.invalid, local.invalid);
  t.equal(received.stats().bytes, local.stats().bytes);
});

t.test("fromTransferable refuses what is not a dictionary", async (t) => {
  t.throws(() => fromTransferable({} as never), TypeError);
  t.throws(() => fromTransferable({ header: { format: "other" }, buffers: [] } as never), TypeError);
});
