/**
 * Messages in the log: channels, and posts, edits, deletions and redactions as acts. The
 * log holds what happened (who, where, which message), never the text: the server keeps the
 * text beside the act, so a redaction can remove it for good without rewriting any act.
 * Here, the host's half: an op checked and turned into an act, and the fold of message acts.
 */
import { ActionError } from "./action-error.js";
import { characters, limitWords } from "./limit-words.js";
import type { MessageFacts } from "./guest-protocol.js";
import { own, setOwn } from "./own.js";
import { founderOf, roleOf } from "./participants.js";
import type { Act, ChannelRecord, GameState, MessageInput, MessageRecord } from "./types.js";

/** The game's forum: every game has it. */
export const generalChannel: Readonly<ChannelRecord> = Object.freeze({
  id: "general",
  title: "General",
  describe: null,
  writers: "participants",
  readers: null,
  open: true,
  rule: null,
});

/** What a person asks to do with messages (GameHub.message, Game.message). */
export type MessageOp =
  | { op: "post"; channel: string; text: string }
  | { op: "edit"; message: number; text: string }
  | { op: "delete"; message: number }
  | { op: "redact"; message: number; reason: string };

/** The most characters a message holds, counted as people count them ({@link characters}); the API's schemas take it from here. */
export const messageChars = 10_000;

/** Every channel of the game, "general" first. */
export function channelsOf(state: Readonly<GameState>): ChannelRecord[] {
  return [own(state.channels ?? {}, "general") ?? generalChannel, ...Object.values(state.channels ?? {}).filter((c) => c.id !== "general")];
}

export function channelOf(state: Readonly<GameState>, id: string): ChannelRecord | undefined {
  return id === "general" ? (own(state.channels ?? {}, "general") ?? generalChannel) : own(state.channels ?? {}, id);
}

/** Whether `person` may read the channel (and know it exists). */
export function readsChannel(channel: ChannelRecord, person: string | null): boolean {
  return channel.readers === null || (person !== null && channel.readers.includes(person));
}

export function messageOf(state: Readonly<GameState>, number: number): MessageRecord | undefined {
  return own(state.messages?.index ?? {}, String(number));
}

/** The game's host, who may redact when no rule says otherwise: the person who created it (its founder). */
export const gameHost = founderOf;

function checkedText(text: unknown): string {
  if (typeof text !== "string" || !text.trim()) throw new ActionError("invalid-input", "a message cannot be blank");
  const tooLong = characters(text) > messageChars && limitWords("maxLength", { limit: messageChars }, text);
  if (tooLong) throw new ActionError("invalid-input", `a message ${tooLong}; shorten it`);
  return text;
}

/**
 * The act for `person`'s op, and the facts the rules hear with it; throws an ActionError in
 * words. A new message takes the next number, never below `firstFree` (numbers the server
 * gave messages that were not acts, such as posts after the game ended).
 */
export function messageInput(state: Readonly<GameState>, person: string, op: MessageOp, firstFree = 1): { input: MessageInput; facts: MessageFacts } {
  // Every participant writes (players, applicants, observers); a channel's writers and the rules say where.
  if (roleOf(state, person) === null) throw new ActionError("not-a-player", `"${person}" is not taking part in this game`);
  const host = gameHost(state) === person;
  if (op.op === "post") {
    const channel = typeof op.channel === "string" ? channelOf(state, op.channel) : undefined;
    if (!channel || !readsChannel(channel, person))
      throw new ActionError("invalid-input", `there is no channel "${String(op.channel).slice(0, 60)}" in this game`);
    const text = checkedText(op.text);
    const message = Math.max((state.messages?.last ?? 0) + 1, firstFree);
    return { input: { kind: "message", op: "post", person, channel: channel.id, message }, facts: { channel: channel.id, author: person, text, host } };
  }
  const number = op.message;
  const rec = Number.isSafeInteger(number) ? messageOf(state, number) : undefined;
  const channel = rec && channelOf(state, rec.channel);
  if (!rec || !channel || !readsChannel(channel, person))
    throw new ActionError("invalid-input", `there is no message ${String(number).slice(0, 20)} in this game`);
  if (rec.redacted) throw new ActionError("invalid-input", `message ${number} was redacted`);
  const facts: MessageFacts = { channel: rec.channel, author: rec.author, host };
  switch (op.op) {
    case "edit":
      if (rec.deleted) throw new ActionError("invalid-input", `message ${number} was deleted`);
      return { input: { kind: "message", op: "edit", person, message: number }, facts: { ...facts, text: checkedText(op.text) } };
    case "delete":
      if (rec.deleted) throw new ActionError("invalid-input", `message ${number} was deleted already`);
      return { input: { kind: "message", op: "delete", person, message: number }, facts };
    case "redact": {
      const reason = typeof op.reason === "string" ? op.reason.trim() : "";
      if (!reason) throw new ActionError("invalid-input", "a redaction needs its reason, in words");
      if (reason.length > 1000) throw new ActionError("invalid-input", "a redaction's reason holds at most 1,000 characters");
      return { input: { kind: "message", op: "redact", person, message: number, reason }, facts };
    }
    default:
      throw new ActionError("invalid-input", 'a message op is "post", "edit", "delete" or "redact"');
  }
}

/** What the host knows of a recorded message act, without its text (a replay: the log never holds it). */
export function replayFacts(state: Readonly<GameState>, input: MessageInput): MessageFacts {
  const rec = input.op === "post" ? { channel: input.channel, author: input.person } : messageOf(state, input.message);
  return { channel: rec?.channel ?? "general", author: rec?.author ?? input.person, host: gameHost(state) === input.person };
}

/** Folds a message act into what the state knows of the game's messages. */
export function foldMessage(state: GameState, act: Act): void {
  const input = act.input;
  if (input.kind !== "message") return;
  const messages = (state.messages ??= { last: 0, index: {} });
  if (input.op === "post") {
    messages.last = Math.max(messages.last, input.message);
    setOwn(messages.index, String(input.message), { channel: input.channel, author: input.person, at: act.time });
    return;
  }
  const rec = own(messages.index, String(input.message));
  if (!rec) return;
  const next: MessageRecord = { ...rec };
  if (input.op === "redact") next.redacted = { by: input.person, reason: input.reason };
  else if (input.op === "edit") next.editedAt = act.time;
  else next.deleted = true;
  setOwn(messages.index, String(input.message), next);
}

/** Folds a channel's opening or closing. */
export function foldChannel(state: GameState, effect: { e: "channel.opened"; channel: ChannelRecord } | { e: "channel.closed"; id: string }): void {
  const channels = (state.channels ??= {});
  if (effect.e === "channel.opened") setOwn(channels, effect.channel.id, { ...effect.channel, readers: effect.channel.readers && [...effect.channel.readers] });
  else {
    const old = channelOf(state, effect.id);
    if (old) setOwn(channels, effect.id, { ...old, open: false });
  }
}

/** Whether `viewer` may read the channel `id` and know of its messages (a channel the state does not know hides nothing). */
export function channelReadBy(state: Readonly<GameState>, id: string | undefined, viewer: string | null): boolean {
  const channel = id === undefined ? undefined : channelOf(state, id);
  return channel === undefined || readsChannel(channel, viewer);
}

/** Whether `viewer` may read what a message act is about (its channel may be private). */
export function messageActSeenBy(state: Readonly<GameState>, input: MessageInput, viewer: string | null): boolean {
  return channelReadBy(state, input.op === "post" ? input.channel : messageOf(state, input.message)?.channel, viewer);
}

/** A copy of the state for `viewer` holds no private channel they do not read, nor its messages. */
export function hideChannels(state: GameState, viewer: string | null): void {
  const hidden = new Set(
    channelsOf(state)
      .filter((c) => !readsChannel(c, viewer))
      .map((c) => c.id),
  );
  if (hidden.size === 0) return;
  for (const id of hidden) delete state.channels?.[id];
  for (const [n, m] of Object.entries(state.messages?.index ?? {})) if (hidden.has(m.channel)) delete state.messages?.index[n];
}
