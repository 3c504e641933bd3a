import { COMMANDS, type CallbackCommand } from "@wordguard/contracts";

export type MessageCommand = Exclude<CallbackCommand, typeof COMMANDS.beforeAddFriend>;

export function isMessageCommand(command: CallbackCommand): command is MessageCommand {
  return command !== COMMANDS.beforeAddFriend;
}
