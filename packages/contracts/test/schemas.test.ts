import t from "tap";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Value } from "typebox/value";
import {
  AddFriendRequestSchema,
  CallbackReplySchema,
  ALLOWED_REPLY,
  COMMANDS,
  MessageRequestSchema,
  Policies,
  Words,
  compileChecker,
  fieldPath,
  DictionaryChangedSchema,
  channelName,
  CHANNELS,
} from "../src/index.ts";

const samplesDir = fileURLToPath(new URL("../../../../shared/samples/", import.meta.url));

t.test("every sample body of the real server passes its request schema", async (t) => {
  const files = readdirSync(samplesDir).filter((f) => f.endsWith(".json"));
  t.ok(files.length >= 5);
  const checkFriend = compileChecker(AddFriendRequestSchema);
  const checkMessage = compileChecker(MessageRequestSchema);
  for (const file of files) {
    const body = JSON.parse(readFileSync(samplesDir + file, "utf8") + "\n") as { callbackCommand: string };
    const result = body.callbackCommand === COMMANDS.beforeAddFriend ? checkFriend(body) : checkMessage(body);
    t.ok(result.ok, `${file} is accepted`);
  }
});

t.test("wrong types are reported with the field path", async (t) => {
  const check = compileChecker(MessageRequestSchema);
  const base = JSON.parse(readFileSync(samplesDir + "before-send-single.json", "utf8")) as Record<string, unknown>;
  const wrong = check({ ...base, contentType: "101" });
  t.same(wrong.ok ? null : wrong.path, "contentType");
  const missing = check({ ...base, sendID: undefined });
  t.same(missing.ok ? null : missing.path, "sendID");
  const notObject = check([1, 2]);
  t.same(notObject.ok ? null : notObject.path, "body");
  const nested = compileChecker(Words.AddWordsRequestSchema)({ words: [{ word: "a" }, { word: "b", level: 7 }] });
  t.same(nested.ok ? null : nested.path, "words[1].level");
});

t.test("fieldPath turns JSON pointers into dotted paths", async (t) => {
  t.equal(fieldPath(""), "body");
  t.equal(fieldPath("/words/3/word"), "words[3].word");
  t.equal(fieldPath("/a~1b/c"), "a/b.c");
});

t.test("the allowed reply and the default policy satisfy their schemas", async (t) => {
  t.ok(Value.Check(CallbackReplySchema, ALLOWED_REPLY));
  t.ok(Object.isFrozen(ALLOWED_REPLY));
  const policy = { scene: "single", ...Policies.DEFAULT_POLICY, updateBy: "system", updateTime: 0, version: 0 };
  t.ok(Value.Check(Policies.PolicySchema, policy));
  t.same(Policies.DEFAULT_POLICY.contentTypes, [101, 106, 114, 117, 118]);
  t.equal(Policies.DEFAULT_POLICY.normalize.ignoreRepeat, false);
  t.equal(Policies.DEFAULT_POLICY.normalize.leet, false);
  t.equal(Policies.DEFAULT_POLICY.normalize.confusables, true);
});

t.test("maskChar is exactly one code point", async (t) => {
  const check = compileChecker(Policies.SetPolicyRequestSchema);
  t.ok(check({ scene: "group", maskChar: "#" }).ok);
  t.ok(check({ scene: "group", maskChar: "😀" }).ok, "a surrogate pair is one character");
  t.notOk(check({ scene: "group", maskChar: "**" }).ok);
  t.notOk(check({ scene: "group", maskChar: "" }).ok);
  t.notOk(check({ scene: "group", maskChar: "\uD800" }).ok, "a lone surrogate is not a character");
});

t.test("change events and channel names", async (t) => {
  t.ok(Value.Check(DictionaryChangedSchema, { version: 3, kind: "word", at: Date.now() }));
  t.notOk(Value.Check(DictionaryChangedSchema, { version: 3, kind: "other", at: 1 }));
  t.equal(channelName("prod:", CHANNELS.dictionaryChanged), "prod:sensitive_word:changed");
});
