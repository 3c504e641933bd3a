// The harness starts each service with its own start script's Node arguments, so e2e runs and the benchmark measure
// the runtime flags operators get.
import t from "tap";
import { serviceNodeArgs } from "../src/index.ts";

t.test("the callback service starts with V8's collector on its own thread and no memory reducer, its entry point last", async (t) => {
  const args = serviceNodeArgs("callback-service");
  t.ok(args.includes("--single-threaded-gc"), "the start script's runtime flag is passed on");
  t.ok(args.includes("--no-memory-reducer"), "and so is the second one");
  t.same(args.slice(-3), ["--import", "tsx", "src/server.ts"]);
});

t.test("a start script that runs tsx becomes node --import tsx", async (t) => {
  t.same(serviceNodeArgs("admin-service"), ["--import", "tsx", "src/server.ts"]);
});
