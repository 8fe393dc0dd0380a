/**
 * The log and exports as people read them: a message act shows its text from the messages
 * table (the log holds none), or the words for a text that is gone ("Deleted", "Redacted by
 * <name>: <reason>"). Which acts a person may read is the kernel's question (visibleLog).
 */
import type { Game } from "../kernel/game.js";
import type { LogEntry } from "../kernel/visibility.js";
import { messageWords, type MessageTable } from "./messages.js";
import { personName } from "./routes/forum.js";

/** What a log entry of a message act shows: the text now (null once gone) and the words to show for it. */
export interface MessageShown {
  channel: string;
  text: string | null;
  shown: string;
}

/** `entries` (as their viewer may read them: visibleLog), each message act with its message as it is now. */
export function withMessages(game: Game, table: MessageTable | undefined, entries: LogEntry[]): (LogEntry & { message?: MessageShown })[] {
  const name = (person: string) => personName(game, person);
  return entries.map((entry) => {
    const input = entry.input;
    if (input.kind !== "message") return entry;
    const row = table?.get(game.id, input.message);
    return row ? { ...entry, message: { channel: row.channel, text: row.text, shown: messageWords(row, name) } } : entry;
  });
}
