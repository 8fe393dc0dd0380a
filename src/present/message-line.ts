/** How a message act reads in the log: who did what with which message (the text is the server's, shown beside it). */
import type { MessageInput } from "../kernel/types.js";

export function messageLine(input: MessageInput, name: (id: string) => string): string {
  const who = name(input.person);
  switch (input.op) {
    case "post":
      return `${who} posts message ${input.message} in ${input.channel}`;
    case "edit":
      return `${who} edits message ${input.message}`;
    case "delete":
      return `${who} deletes message ${input.message}`;
    case "redact":
      return `${who} redacts message ${input.message}: ${input.reason}`;
  }
}
