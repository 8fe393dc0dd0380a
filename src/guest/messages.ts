/**
 * Messages in the log, the guest's half: the channels (declared by `channel(...)` at a rule's
 * top level, opened and closed in play with `game.channels`), and message acts heard by the
 * rules. The host gives the text with the act (src/kernel/messages.ts); the rules hear it
 * while the act runs, and the log records the event without it.
 */
import type { EngineEventType } from "../kernel/engine-events.js";
import type { ChannelRecord, Json, MessageInput } from "../kernel/types.js";
import { generalChannel } from "../kernel/messages.js";
import { charge, cur, emitEffect, fail, record, refusal } from "./act.js";
import { checkedName, frozenJson, text } from "./json.js";
import type { Loaded } from "./loaded.js";
import { account, isPlayer } from "./mirror.js";
import { isParticipant } from "./participants.js";
import { ask } from "./questions.js";
import { noteActed } from "./forum.js";
import { mayChange, mayRead } from "./run.js";

/** Channels other than "general", by id. */
export const channels = new Map<string, ChannelRecord>();

export type DeclaredChannel = Pick<ChannelRecord, "title" | "describe" | "writers">;

function channel(id: string): ChannelRecord | undefined {
  return channels.get(id) ?? (id === "general" ? generalChannel : undefined);
}

/** A channel's record counts as the rules' state (the host's StateBudget counts it too). */
const slot = (id: string) => `\u0001channel\u0000${id}`;

/** Each channel's slot and size, to measure the state a game is booted with. */
export function channelSizes(): [string, number][] {
  return [...channels.values()].map((c) => [slot(c.id), JSON.stringify(c).length]);
}

function put(rec: ChannelRecord): number {
  const size = JSON.stringify(rec).length;
  account(slot(rec.id), size);
  const old = channels.get(rec.id);
  record(() => (old ? channels.set(rec.id, old) : channels.delete(rec.id)));
  channels.set(rec.id, rec);
  return size;
}

function open(rec: ChannelRecord): void {
  charge(put(Object.freeze(rec)));
  emitEffect({ e: "channel.opened", channel: rec });
}

/** The channel options a rule gives (`channel(...)`, `game.channels.open`), checked in words. */
function options(number: number, id: string, given: unknown): DeclaredChannel {
  const o = (given ?? {}) as { title?: unknown; describe?: unknown; writers?: unknown };
  const title = text(o.title ?? "", `channel "${id}"'s title`, 200).trim();
  if (!title) throw new Error(`Rule ${number}: channel "${id}" needs a title, in words`);
  if (o.writers !== undefined && o.writers !== "players" && o.writers !== "participants")
    throw new Error(`Rule ${number}: channel "${id}"'s writers are "players" or "participants"`);
  return {
    title,
    describe: o.describe === undefined ? null : text(o.describe, `channel "${id}"'s description`, 2000),
    writers: (o.writers ?? "participants") as ChannelRecord["writers"],
  };
}

/** `channel(id, options)` at a rule's top level. */
export function declareChannel(number: number, l: Loaded, id: unknown, given: unknown): void {
  const n = checkedName(id, `Rule ${number}: a channel`);
  if (n === "general") throw new Error(`Rule ${number}: the channel "general" is the engine's; declare another`);
  l.channels.set(n, options(number, n, given));
}

/** A rule's code loaded in this act: the channels it declares that the game lacks are opened. */
export function openDeclared(number: number, l: Loaded): void {
  for (const [id, d] of l.channels) if (!channel(id)) open({ id, ...d, readers: null, open: true, rule: number });
}

/** The part of `game` a rule uses for channels (rule-api.d.ts). */
export function channelApi(number: number) {
  return Object.freeze({
    open: (id: unknown, given?: { readers?: unknown }) => {
      mayChange(number, "opening a channel");
      const n = checkedName(id, `Rule ${number}: a channel`);
      if (n === "general") throw new Error(`Rule ${number}: the channel "general" is always open`);
      const readers = given?.readers === undefined ? null : (frozenJson(given.readers, "a channel's readers") as unknown);
      if (readers !== null && (!Array.isArray(readers) || readers.some((p) => typeof p !== "string")))
        throw new Error(`Rule ${number}: a channel's readers list person ids`);
      open({ id: n, ...options(number, n, given), readers: readers === null ? null : [...new Set(readers as string[])], open: true, rule: number });
    },
    close: (id: unknown) => {
      mayChange(number, "closing a channel");
      const c = typeof id === "string" ? channel(id) : undefined;
      if (!c?.open) return;
      put(Object.freeze({ ...c, open: false }));
      emitEffect({ e: "channel.closed", id: c.id, rule: number });
    },
    list: () => {
      mayRead(number, "the channels");
      return [channel("general")!, ...[...channels.values()].filter((c) => c.id !== "general")].map((c) =>
        Object.freeze({ ...c, readers: c.readers && Object.freeze([...c.readers]) }),
      );
    },
  });
}

const event = (type: EngineEventType, data: Record<string, Json>, logged: Record<string, Json>, channel?: ChannelRecord) =>
  cur.queue.push({
    origin: "engine",
    type,
    data: frozenJson(data, "event", Infinity),
    rule: null,
    target: null,
    logged: frozenJson(logged, "event"),
    ...(channel?.readers && "text" in data ? { privateTo: { owner: channel.rule, withheld: frozenJson({ ...data, text: null }, "event", Infinity) } } : {}),
  });

/** Who may do what with messages when no rule answers "message.allowed". */
function byDefault(input: MessageInput, c: ChannelRecord, author: string): string | null {
  if (input.op === "post") {
    if (c.readers !== null && !c.readers.includes(input.person)) return `you cannot read the channel "${c.title}"`;
    if (c.writers === "players" && !isPlayer(input.person)) return `only players post in "${c.title}"`;
    return null;
  }
  return author === input.person ? null : `only its author may ${input.op} a message`;
}

/**
 * The rules' say on a message op: the first answer (by precedence) that is a reason (refuses),
 * true (allows) or false (refuses, in the rule's name); undefined if none. An answer of another
 * kind is its rule's failure, recorded, and counts as no answer.
 */
function verdict(question: "message.allowed" | "message.redact", args: Json, what: string): { rule: number; value: string | boolean } | undefined {
  for (const a of ask(question, args, true)) {
    if (typeof a.value === "string" || typeof a.value === "boolean") {
      if (a.value === false) return { rule: a.rule, value: `the rules do not allow ${what}` };
      return { rule: a.rule, value: a.value };
    }
    fail(a.rule, `answer ${question}`, `the answer to "${question}" must be true, false or a reason (a string), not ${JSON.stringify(a.value).slice(0, 60)}`);
  }
  return undefined;
}

/** A message act: the rules are asked whether it may be, then hear it. */
export function messageAct(input: MessageInput): void {
  const facts = cur.request?.message;
  if (!facts) throw refusal("a message act comes with what the host knows of the message", null);
  const { person, message: id } = input;
  if (!isParticipant(person)) throw refusal(`${person} is not taking part in this game`, null);
  const c = channel(facts.channel);
  if (!c) throw refusal(`there is no channel "${facts.channel}"`, null);
  if (isPlayer(person)) noteActed(person); // Player.lastActed: a participant who is not a player has none
  const at = cur.request!.time;
  const about = { id, channel: c.id, author: facts.author };
  if (input.op === "redact") {
    const answer = verdict("message.redact", { by: person, message: id, author: facts.author, channel: c.id }, "this redaction");
    if (answer && typeof answer.value === "string") throw refusal(answer.value, answer.rule);
    if (!answer && !facts.host) throw refusal("only the game's host may redact a message, unless a rule says who may", null);
    const data = { ...about, by: person, reason: input.reason, at };
    event("message.redacted", data, data);
    return;
  }
  if (input.op === "post" && !c.open) throw refusal(`the channel "${c.title}" is closed`, c.rule);
  const what = input.op === "post" ? `a post in "${c.title}"` : `this ${input.op === "edit" ? "edit" : "deletion"}`;
  const answer = verdict("message.allowed", { op: input.op, person, channel: c.id, ...(input.op === "post" ? {} : { message: id }) }, what);
  if (answer && typeof answer.value === "string") throw refusal(answer.value, answer.rule);
  const refused = answer?.value === true ? null : byDefault(input, c, facts.author);
  if (refused) throw refusal(refused, null);
  const words = facts.text ?? "";
  if (input.op === "post") {
    event("message.posted", { ...about, text: words, at }, { ...about, at }, c);
    // The forum's old event, for rules written for it: a player's post in "general" (its data names a player).
    if (c.id === "general" && isPlayer(person)) event("forum.posted", { player: person, topic: c.id }, { player: person, topic: c.id });
  } else if (input.op === "edit") event("message.edited", { ...about, text: words, at }, { ...about, at }, c);
  else event("message.deleted", { ...about, at }, { ...about, at });
}
