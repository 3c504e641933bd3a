// The admin console's side of the admin API: log in, then POST JSON with the `token` and `operationID` headers.
// Every reply is checked against the envelope, and the `data` of a success against the contract's reply schema,
// so a mismatch with CONTRACT.md surfaces as an error naming the route.
import { randomUUID } from "node:crypto";
import type { Agent } from "node:http";
import type { Static, TSchema } from "typebox";
import { Accounts, Hits, Policies, UserAttributes, Whitelist, Words, compileChecker } from "@wordguard/contracts";
import { checkAdminEnvelope, type AdminEnvelope } from "./admin-envelope.ts";
import { keepAliveAgent, send, type RawReply } from "./http-client.ts";

export class AdminCallError extends Error {
  constructor(
    readonly path: string,
    readonly envelope: AdminEnvelope | undefined,
    message: string,
  ) {
    super(message);
    this.name = "AdminCallError";
  }
}

export interface RawAdminReply {
  raw: RawReply;
  /** undefined when the reply is not in the envelope shape (then `problem` says why) */
  envelope: AdminEnvelope | undefined;
  problem?: string;
}

const checkers = new Map<TSchema, ReturnType<typeof compileChecker>>();
function checkerOf(schema: TSchema): ReturnType<typeof compileChecker> {
  let checker = checkers.get(schema);
  if (!checker) {
    checker = compileChecker(schema);
    checkers.set(schema, checker);
  }
  return checker;
}

export class AdminClient {
  private readonly agent: Agent;
  token = "";

  constructor(readonly baseUrl: string) {
    this.agent = keepAliveAgent(8);
  }

  /** POSTs any body (a string is sent as is, so malformed JSON can be sent) with optional header overrides. */
  async raw(path: string, body: unknown, options: { token?: string | null; headers?: Record<string, string>; rawBody?: boolean } = {}): Promise<RawAdminReply> {
    const headers: Record<string, string> = { "content-type": "application/json", operationID: `e2e-admin-${randomUUID()}`, ...options.headers };
    const token = options.token === undefined ? this.token : options.token;
    if (token !== null && token !== "") headers["token"] = token;
    const raw = await send(this.agent, {
      url: `${this.baseUrl}${path}`,
      headers,
      body: options.rawBody ? (body as string | Buffer) : JSON.stringify(body),
    });
    const checked = checkAdminEnvelope(raw);
    return checked.ok ? { raw, envelope: checked.envelope } : { raw, envelope: undefined, problem: checked.problem };
  }

  /** A call that must succeed: returns `data`, checked against the contract's reply schema. */
  async call<S extends TSchema>(path: string, body: unknown, replySchema: S): Promise<Static<S>> {
    const reply = await this.raw(path, body);
    if (!reply.envelope) throw new AdminCallError(path, undefined, `${path}: reply not in the envelope shape: ${reply.problem}`);
    if (reply.envelope.errCode !== 0) {
      throw new AdminCallError(path, reply.envelope, `${path}: ${reply.envelope.errCode} ${reply.envelope.errMsg} ${reply.envelope.errDlt}`);
    }
    const checked = checkerOf(replySchema)(reply.envelope.data);
    if (!checked.ok) throw new AdminCallError(path, reply.envelope, `${path}: data does not match the contract at ${checked.path}: ${checked.message}`);
    return checked.value as Static<S>;
  }

  async login(account: string, password: string): Promise<Static<typeof Accounts.LoginReplySchema>> {
    const data = await this.call("/adminx/account/login", { account, password }, Accounts.LoginReplySchema);
    this.token = data.adminToken;
    return data;
  }

  addWords(words: Words.NewWord[]): Promise<Words.AddWordsReply> {
    return this.call("/adminx/sensitive_word/add", { words }, Words.AddWordsReplySchema);
  }

  deleteWords(ids: string[]): Promise<Words.DeletedReply> {
    return this.call("/adminx/sensitive_word/del", { ids }, Words.DeletedReplySchema);
  }

  searchWords(request: Words.SearchWordsRequest): Promise<Words.SearchWordsReply> {
    return this.call("/adminx/sensitive_word/search", request, Words.SearchWordsReplySchema);
  }

  addWhitelist(words: Whitelist.NewWhitelistEntry[]): Promise<Whitelist.AddWhitelistReply> {
    return this.call("/adminx/sensitive_word/whitelist/add", { words }, Whitelist.AddWhitelistReplySchema);
  }

  deleteWhitelist(ids: string[]): Promise<Words.DeletedReply> {
    return this.call("/adminx/sensitive_word/whitelist/del", { ids }, Words.DeletedReplySchema);
  }

  setPolicy(request: Policies.SetPolicyRequest): Promise<Policies.SetPolicyReply> {
    return this.call("/adminx/sensitive_word/policy/set", request, Policies.SetPolicyReplySchema);
  }

  getPolicies(request: Policies.GetPolicyRequest = {}): Promise<Policies.GetPolicyReply> {
    return this.call("/adminx/sensitive_word/policy/get", request, Policies.GetPolicyReplySchema);
  }

  searchHits(request: Hits.SearchHitsRequest): Promise<Hits.SearchHitsReply> {
    return this.call("/adminx/sensitive_word/hit/search", request, Hits.SearchHitsReplySchema);
  }

  setUserAttributes(attributes: UserAttributes.SetUserAttributesRequest["attributes"]): Promise<Static<typeof UserAttributes.SetUserAttributesReplySchema>> {
    return this.call("/adminx/user/attribute/set", { attributes }, UserAttributes.SetUserAttributesReplySchema);
  }

  close(): void {
    this.agent.destroy();
  }
}
