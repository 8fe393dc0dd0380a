/**
 * Channels and messages as a person may read them: the log's facts (src/kernel/messages.ts)
 * with the text the server keeps beside each act. A private channel, and its messages, exist
 * only for its readers.
 */
import type { Channel, Message } from "../api/index.js";
import type { Game } from "../kernel/game.js";
import { channelsOf, gameHost, readsChannel } from "../kernel/messages.js";
import { ruleStatus } from "../kernel/rule-status.js";
import type { GameState } from "../kernel/types.js";
import type { MessageRow, MessageTable } from "./messages.js";
import { personName } from "./routes/forum.js";

/** The most messages one reply holds: a reader pages on with `after`. */
const pageSize = 200;

/** The channels `person` may read; `counts` by channel, from the server's table. */
export function channelList(state: Readonly<GameState>, person: string, counts: ReadonlyMap<string, number> = new Map()): Channel[] {
  return channelsOf(state)
    .filter((c) => readsChannel(c, person))
    .map((c) => ({
      id: c.id,
      title: c.title,
      describe: c.describe,
      writers: c.writers,
      private: c.readers !== null,
      open: c.open,
      messages: counts.get(c.id) ?? 0,
      rule: c.rule,
    }));
}

/**
 * Whether to offer `person` the redaction of others' messages: the host, where no rule in
 * effect answers "message.redact"; anyone, where one does (it may still refuse, saying why).
 */
export function offersRedaction(state: Readonly<GameState>, person: string): boolean {
  const answered = Object.entries(state.declares).some(([n, d]) => d.answers.includes("message.redact") && ruleStatus(state, Number(n)).inEffect);
  return answered || gameHost(state) === person;
}

/**
 * Up to a page of the messages `person` may read after `which.after`, from the server's table
 * (acts and talk alike). Where there are channels they may not read, one indexed read per
 * channel they do read, at most a page each: the others' messages are never scanned, however many.
 */
export function messageList(table: MessageTable, game: Game, person: string, which: { channel?: string; after: number }): Message[] {
  const state = game.state;
  const readable = channelList(state, person).map((c) => c.id);
  const after = which.after;
  const rows: MessageRow[] =
    which.channel === undefined && readable.length === channelsOf(state).length
      ? table.list(game.id, { after, limit: pageSize })
      : readable
          .filter((channel) => which.channel === undefined || channel === which.channel)
          .flatMap((channel) => table.list(game.id, { channel, after, limit: pageSize }))
          .sort((a, b) => a.id - b.id)
          .slice(0, pageSize);
  const name = (id: string) => personName(game, id);
  const redactor = offersRedaction(state, person);
  return rows.map((m) => {
    const gone = m.deleted || m.redacted !== null;
    return {
      id: m.id,
      channel: m.channel,
      author: m.author,
      authorName: name(m.author),
      text: gone ? null : m.text,
      at: m.at,
      editedAt: m.editedAt,
      deleted: m.deleted,
      redacted: m.redacted && { by: m.redacted.by, byName: name(m.redacted.by), reason: m.redacted.reason },
      mayRedact: redactor && !gone && m.author !== person && state.status === "active",
    };
  });
}
