// @wordguard/e2e: a harness that runs the services as real processes on loopback (own Redis, PostgreSQL through a
// TCP proxy) and drives them as the messaging server and the admin console would. Tests live in test/; the e2e
// benchmark (bench/e2e/run.ts) builds on the same pieces.
export { REPO_ROOT, SAMPLES_DIR, serviceDir, serviceNodeArgs, type ServiceName } from "./paths.ts";
export { freePort } from "./free-port.ts";
export { sleep, waitFor, type WaitOptions } from "./wait.ts";
export { percentile, summarize, describeSummary, formatMs, type Summary } from "./stats.ts";
export { createRng, type Rng } from "./prng.ts";
export { createLogDir, type LogDir } from "./log-dir.ts";
export { ServiceProcess, type ServiceProcessOptions, type ExitStatus } from "./service-process.ts";
export { serviceEnv } from "./service-env.ts";
export { RedisServer, pingRedis, type RedisServerOptions } from "./redis-server.ts";
export { TcpProxy, type TcpProxyOptions } from "./tcp-proxy.ts";
export { send, keepAliveAgent, errorCode, type RawRequest, type RawReply } from "./http-client.ts";
export { checkCallbackReply, isBlocked, isPlainAllowed, type ReplyCheck } from "./callback-reply.ts";
export { checkAdminEnvelope, errorName, type AdminEnvelope, type EnvelopeCheck } from "./admin-envelope.ts";
export { AdminClient, AdminCallError, type RawAdminReply } from "./admin-client.ts";
export {
  sample,
  elementJson,
  messageBody,
  addFriendBody,
  callbackRequest,
  COMMAND_OF_SCENE,
  SAMPLE_FILES,
  type SampleName,
  type MessageScene,
  type MessageOptions,
  type CallbackTarget,
} from "./samples.ts";
export { runLoad, LoadRun, type LoadOptions, type LoadRecord, type LoadResult, type PlannedRequest } from "./load-generator.ts";
export { Prober, type ProbeMessage, type Verdict } from "./probe.ts";
export { roundOfChanges, measureChange, type PlannedChange, type ChangeKind, type ChangeMeasurement, type MeasureOptions } from "./propagation.ts";
export { fingerprint, fingerprintDiff, Fingerprinter, type Fingerprint } from "./db-fingerprint.ts";
export { startStack, type Stack, type StackOptions } from "./stack.ts";
export {
  CLEAN_TEXTS,
  mixedTraffic,
  textTraffic,
  meetsExpectation,
  isInternalFailure,
  judgeTraffic,
  describeRecords,
  type Expectation,
  type TrafficTag,
  type TrafficMix,
  type TrafficVerdicts,
} from "./traffic.ts";
export { hitLogRows, accountHits, type HitLogAccount } from "./hit-log.ts";
export { signToken, type TokenClaims } from "./jwt.ts";
export {
  callbackCase,
  judgeCallbackCase,
  toRawRequest,
  DEFAULT_BODY_LIMIT,
  type CallbackCase,
  type CallbackExpectation,
} from "./hostile/callback-cases.ts";
export { adminCases, ADMIN_WRITE_ROUTES, type AdminCase, type AdminCaseContext, type AdminExpectation } from "./hostile/admin-cases.ts";
export { scrapeMetric } from "./metrics-scrape.ts";
