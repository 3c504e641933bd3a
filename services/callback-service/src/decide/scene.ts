import { COMMANDS, SESSION_TYPES, type Scene } from "@wordguard/contracts";
import type { MessageCommand } from "./message-command.ts";

/**
 * The policy scene of a message command: fixed by the before-send commands; from `sessionType` for the modify
 * command (1 single, 3 group). Any other session type (notification sessions) has no scene and is not checked.
 */
export function sceneOf(command: MessageCommand, sessionType: number | null | undefined): Scene | undefined {
  if (command === COMMANDS.beforeSendSingleMsg) return "single";
  if (command === COMMANDS.beforeSendGroupMsg) return "group";
  if (sessionType === SESSION_TYPES.single) return "single";
  if (sessionType === SESSION_TYPES.group) return "group";
  return undefined;
}
