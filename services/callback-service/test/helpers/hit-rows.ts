// A hit-log row as the decisions build it, for the tests of the insert paths and the writer.
import type { NewHitLog } from "@wordguard/db";

export function hitRow(i: number, overrides: Partial<NewHitLog> = {}): NewHitLog {
  return {
    operationID: `op-${i}`,
    command: "callbackBeforeSendSingleMsgCommand",
    scene: "single",
    sendID: "u1",
    recvID: "u2",
    groupID: "",
    clientMsgID: `c${i}`,
    serverMsgID: `s${i}`,
    contentType: 101,
    action: "blocked",
    hits: [{ wordID: "1", word: "w", category: "ads", level: 2, start: 0, end: 1 }],
    text: `text ${i}`,
    dictVersion: 3,
    createTime: Date.now(),
    ...overrides,
  };
}
