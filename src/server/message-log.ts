/**
 * The log and exports as people read them: a message act shows its text from the messages
 * table (the log holds none), or the words for a text that is gone ("Deleted", "Redacted by
 * <name>: <reason>"); a message act in a private channel is left out for those who do not read it.
 */
import type { Game } from "../kernel/game.js";
import { messageActSeenBy } from "../kernel/messages.js";
import type { LogEntry } from "../kernel/visibility.js";
import type { Json } from "../kernel/types.js";
import { messageWords, type MessageTable } from "./messages.js";
import { personName } from "./routes/forum.js";

/** What a log entry of a message act shows: the text now (null once gone) and the words to show for it. */
export interface MessageShown {
  channel: string;
  text: string | null;
  shown: string;
}

export function withMessages(
  game: Game,
  table: MessageTable | undefined,
  viewer: string | null,
  entries: LogEntry[],
): (LogEntry & { message?: MessageShown })[] {
  const name = (person: string) => personName(game, person);
  return entries.flatMap((entry) => {
    const input = entry.input;
    if (input.kind !== "message") return [entry];
    if (!messageActSeenBy(game.state, input, viewer)) return [];
    const row = table?.get(game.id, input.message);
    return row ? [{ ...entry, message: { channel: row.channel, text: row.text, shown: messageWords(row, name) } }] : [entry];
  });
}

/** The game's messages for an export file: texts as they stand (null once deleted or redacted). */
export function exportedMessages(gameId: string, table: MessageTable | undefined): Json {
  return (table?.list(gameId, { limit: -1 }) ?? []) as unknown as Json;
}
