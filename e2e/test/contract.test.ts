// The samples of /work/shared/samples against a running system (admin + two callback replicas as processes):
// what the messaging server sees for each command, in both route forms, and that a blocked message is in the hit
// log the console reads. The baseline the propagation, fault and hostile tests build on.
import t from "tap";
import { randomUUID } from "node:crypto";
import { COMMANDS, ERRORS } from "@wordguard/contracts";
import {
  addFriendBody,
  callbackRequest,
  checkCallbackReply,
  keepAliveAgent,
  messageBody,
  sample,
  send,
  startStack,
  waitFor,
  type CallbackTarget,
} from "../src/index.ts";

const stack = await startStack({ label: "contract" });
t.teardown(async () => {
  const kept = await stack.close(!t.passing());
  if (kept) t.comment(`logs kept in ${kept}`);
});
const agent = keepAliveAgent(4);
t.teardown(() => agent.destroy());
const admin = stack.adminClient;

async function call(target: CallbackTarget, command: string, body: unknown, form: "path" | "query" = "path") {
  const operationID = `e2e-contract-${randomUUID()}`;
  const raw = await send(agent, callbackRequest(target, command, body, { operationID, form }));
  const checked = checkCallbackReply(raw);
  if (!checked.ok) throw new Error(`${command}: ${checked.problem}`);
  return { reply: checked.reply, operationID };
}

const ALLOWED = { actionCode: 0, nextCode: 0, errCode: 0, errMsg: "", errDlt: "" };

t.test("every sample is allowed by both replicas while the dictionary is empty", async (t) => {
  for (const replica of stack.replicas) {
    for (const [name, command] of [
      ["single", COMMANDS.beforeSendSingleMsg],
      ["groupAtText", COMMANDS.beforeSendGroupMsg],
      ["groupNotification", COMMANDS.beforeSendGroupMsg],
      ["modify", COMMANDS.beforeMsgModify],
    ] as const) {
      for (const form of ["path", "query"] as const) {
        const { reply } = await call(replica, command, sample(name), form);
        t.same(reply, ALLOWED, `${replica.name} ${name} (${form} form)`);
      }
    }
  }
});

t.test("a word added through the admin API blocks the single sample on both replicas, errDlt hides the word", async (t) => {
  const added = await admin.addWords([{ word: "cheap", category: "ads", level: 2 }]);
  t.equal(added.added.length, 1, "word added");
  for (const replica of stack.replicas) {
    const { reply, operationID } = await waitFor(
      async () => {
        const result = await call(replica, COMMANDS.beforeSendSingleMsg, sample("single"));
        return result.reply.nextCode === 1 ? result : undefined;
      },
      { timeoutMs: 10_000, what: `${replica.name} to enforce the new word` },
    );
    t.same(
      reply,
      {
        actionCode: 0,
        nextCode: 1,
        errCode: ERRORS.SensitiveWordBlocked.code,
        errMsg: "sensitive word detected",
        errDlt: `operationID=${operationID}; categories=ads; level=2`,
      },
      `${replica.name} blocks with the default code, message and detail`,
    );
  }
});

t.test("the blocked message is in the hit log with its trace id, offsets and action", async (t) => {
  const target = stack.replicas[0]!;
  const { operationID } = await call(target, COMMANDS.beforeSendSingleMsg, sample("single"));
  const found = await waitFor(
    async () => {
      const reply = await admin.searchHits({ operationID, pagination: { pageNumber: 1, showNumber: 10 } });
      return reply.total > 0 ? reply : undefined;
    },
    { timeoutMs: 10_000, what: "the hit log row" },
  );
  t.equal(found.total, 1, "one row for the message");
  const hit = found.hits[0]!;
  const body = sample("single");
  t.match(
    hit,
    {
      operationID,
      command: COMMANDS.beforeSendSingleMsg,
      scene: "single",
      sendID: body["sendID"],
      recvID: body["recvID"],
      clientMsgID: body["clientMsgID"],
      serverMsgID: body["serverMsgID"],
      contentType: 101,
      action: "blocked",
      text: "hello, buy cheap stuff at example.com",
    },
    "row fields",
  );
  t.same(
    hit.hits.map((h) => ({ word: h.word, category: h.category, level: h.level, start: h.start, end: h.end })),
    [{ word: "cheap", category: "ads", level: 2, start: 11, end: 16 }],
    "hit with UTF-16 offsets into the text",
  );
});

t.test("group notifications are always allowed, even when their content holds a prohibited word", async (t) => {
  await admin.addWords([{ word: "entrantUser", category: "custom", level: 3 }]);
  const probe = messageBody("group", { text: "entrantUser said hi", operationID: "x" });
  await waitFor(async () => (await call(stack.replicas[0]!, COMMANDS.beforeSendGroupMsg, probe)).reply.nextCode === 1, {
    timeoutMs: 10_000,
    what: "the word to be enforced",
  });
  for (const replica of stack.replicas) {
    const { reply } = await call(replica, COMMANDS.beforeSendGroupMsg, sample("groupNotification"));
    t.same(reply, ALLOWED, `${replica.name} allows the 1504 notification`);
  }
});

t.test("modify: with the mask action the reply carries the masked element JSON and nothing else", async (t) => {
  await admin.addWords([{ word: "heck", category: "abuse", level: 1 }]);
  await admin.setPolicy({ scene: "single", action: "mask", maskChar: "#" });
  for (const replica of stack.replicas) {
    const reply = await waitFor(
      async () => {
        const result = await call(replica, COMMANDS.beforeMsgModify, sample("modify"));
        return result.reply.content !== undefined ? result.reply : undefined;
      },
      { timeoutMs: 10_000, what: `${replica.name} to mask` },
    );
    t.same(reply, { ...ALLOWED, content: JSON.stringify({ content: "what the ####" }) }, `${replica.name} masks`);
    const single = await call(replica, COMMANDS.beforeSendSingleMsg, messageBody("single", { text: "what the heck", operationID: "m" }));
    t.same(single.reply, ALLOWED, `${replica.name}: before-send is allowed under mask`);
  }
  await admin.setPolicy({ scene: "single", action: "block", maskChar: "*" });
});

t.test("add-friend: unknown target, accepting and refusing targets", async (t) => {
  const body = sample("addFriend");
  const target = String(body["toUserID"]);
  for (const replica of stack.replicas) {
    const { reply } = await call(replica, COMMANDS.beforeAddFriend, body);
    t.same(reply, { actionCode: 0, nextCode: 1, errCode: 1004, errMsg: "RecordNotFoundError", errDlt: target }, `${replica.name}: unknown target`);
  }
  await admin.setUserAttributes([
    { userID: target, allowAddFriend: 1 },
    { userID: "e2e-refuser", allowAddFriend: -1 },
  ]);
  for (const replica of stack.replicas) {
    const accepted = await call(replica, COMMANDS.beforeAddFriend, body);
    t.same(accepted.reply, ALLOWED, `${replica.name}: target accepts`);
    const refused = await call(replica, COMMANDS.beforeAddFriend, addFriendBody("4086502943", "e2e-refuser"));
    t.match(refused.reply, { actionCode: 0, nextCode: 1, errCode: ERRORS.RefuseFriend.code, errMsg: "RefuseFriend" }, `${replica.name}: target refuses`);
  }
});

t.test("no service crashed", async (t) => {
  t.same(stack.crashed().map((s) => s.name), []);
});
