// Asking a replica one question: "is this text blocked in this scene right now?" — used to see when a change made
// through the admin API is enforced. Probes use their own sockets so they do not queue behind a load run.
import { randomUUID } from "node:crypto";
import type { Agent } from "node:http";
import { ERRORS, type CallbackReply } from "@wordguard/contracts";
import { checkCallbackReply, isBlocked, isPlainAllowed } from "./callback-reply.ts";
import { keepAliveAgent, send } from "./http-client.ts";
import { COMMAND_OF_SCENE, callbackRequest, messageBody, type CallbackTarget } from "./samples.ts";

export type Verdict = "blocked" | "allowed";

export interface ProbeMessage {
  scene: "single" | "group";
  text: string;
  sendID?: string;
}

export class Prober {
  private readonly agent: Agent = keepAliveAgent(4);
  /** The reply of a blocked message carries this code (SENSITIVE_WORD_BLOCKED_CODE, default 20016). */
  constructor(private readonly blockedCode: number = ERRORS.SensitiveWordBlocked.code) {}

  async ask(target: CallbackTarget, message: ProbeMessage): Promise<CallbackReply> {
    const operationID = `e2e-probe-${randomUUID()}`;
    const body = messageBody(message.scene, { text: message.text, operationID, ...(message.sendID ? { sendID: message.sendID } : {}) });
    const raw = await send(this.agent, callbackRequest(target, COMMAND_OF_SCENE[message.scene], body, { operationID }));
    const checked = checkCallbackReply(raw);
    if (!checked.ok) throw new Error(`probe reply not in the callback shape: ${checked.problem}`);
    return checked.reply;
  }

  /** The verdict, or throws when the reply is neither a clean allow nor a block with the configured code. */
  async verdict(target: CallbackTarget, message: ProbeMessage): Promise<Verdict> {
    const reply = await this.ask(target, message);
    if (isBlocked(reply) && reply.errCode === this.blockedCode) return "blocked";
    if (isPlainAllowed(reply)) return "allowed";
    throw new Error(`unexpected reply ${JSON.stringify(reply)} to ${JSON.stringify(message)}`);
  }

  close(): void {
    this.agent.destroy();
  }
}
