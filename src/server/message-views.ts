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
import type { ServerContext } from "./context.js";

/** The most messages one reply holds: a reader pages on with `after`. */
const pageSize = 200;

export function channelList(state: Readonly<GameState>, person: string): Channel[] {
  const counts = new Map<string, number>();
  for (const m of Object.values(state.messages?.index ?? {})) counts.set(m.channel, (counts.get(m.channel) ?? 0) + 1);
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

/** A person's name in the game, whether they still take part or not. */
function namer(state: Readonly<GameState>): (id: string) => string {
  const names = new Map<string, string>();
  for (const p of [...state.departed, ...state.players]) names.set(p.id, p.name);
  for (const o of (state as { observers?: readonly { id: string; name: string }[] }).observers ?? []) names.set(o.id, o.name);
  return (id) => names.get(id) ?? id;
}

/**
 * Whether to offer `person` the redaction of others' messages: the host, where no rule in
 * effect answers "message.redact"; anyone, where one does (it may still refuse, saying why).
 */
export function offersRedaction(state: Readonly<GameState>, person: string): boolean {
  const answered = Object.entries(state.declares).some(([n, d]) => d.answers.includes("message.redact") && ruleStatus(state, Number(n)).inEffect);
  return answered || gameHost(state) === person;
}

export function messageList(context: ServerContext, game: Game, person: string, which: { channel?: string; after: number }): Message[] {
  const state = game.state;
  const readable = new Set(channelList(state, person).map((c) => c.id));
  const facts = Object.entries(state.messages?.index ?? {})
    .map(([id, m]) => ({ id: Number(id), ...m }))
    .filter((m) => m.id > which.after && readable.has(m.channel) && (which.channel === undefined || m.channel === which.channel))
    .sort((a, b) => a.id - b.id)
    .slice(0, pageSize);
  const texts = context.accounts.messageTexts(game.id, facts.map((m) => m.id));
  const name = namer(state);
  const redactor = offersRedaction(state, person);
  return facts.map((m) => ({
    id: m.id,
    channel: m.channel,
    author: m.author,
    authorName: name(m.author),
    text: m.deleted || m.redacted ? null : (texts.get(m.id) ?? null),
    at: m.at,
    editedAt: m.editedAt ?? null,
    deleted: !!m.deleted,
    redacted: m.redacted ? { by: m.redacted.by, byName: name(m.redacted.by), reason: m.redacted.reason } : null,
    mayRedact: redactor && !m.redacted && !m.deleted && m.author !== person,
  }));
}
