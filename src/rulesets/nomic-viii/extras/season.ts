/**
 * A season being played: the game on its file, the simulated clock, the cast (who plays
 * which part of the story), each person's bot, and the ways they act: actions through
 * Game.act, chat messages through the file's message table. Every act read back from the
 * log goes to the account.
 */
import { botRandom, shuffle } from "../../../bots/random.js";
import type { SimulatedClock } from "../../../bots/simulated-clock.js";
import { fireAllDueTimers, type Game } from "../../../kernel/game.js";
import { participantsOf } from "../../../kernel/participants.js";
import type { Act, Json } from "../../../kernel/types.js";
import type { SqliteStore } from "../../../store/sqlite-store.js";
import { ViiiBot } from "./bot.js";
import { Chat } from "./chat.js";
import { queuedBy, type Side } from "./state.js";

/** Who plays which part. Players by id; the moderator takes part without playing. */
export interface Cast {
  moderator: string;
  /** The person who asks to join in the season's second week (a name: they have no id until they ask). */
  joiner: string;
  /** Proposes the points rule. */
  architect: string;
  /** Reaches 1,024 points and claims victory. */
  leader: string;
  /** Whose proposal the edited and deleted votes defeat; invokes Judgment on it. */
  victim: string;
  /** Authors of the fourth and fifth proposals. */
  fourth: string;
  fifth: string;
  /** Every first player, in the season's order. */
  order: string[];
}

/** The game and its file: replaced when the game is reloaded from the file mid-season. */
export interface SeasonParts {
  game: Game;
  store: SqliteStore;
}

/** A seeded order of these people, for one part of the story (`what` names it). */
export const seasonOrder = (seed: string, what: string, people: readonly string[]): string[] => shuffle(botRandom(`nomic-viii:${seed}:${what}`), people);

export class Season {
  game: Game;
  store: SqliteStore;
  chat: Chat;
  private readonly bots = new Map<string, ViiiBot>();
  /** The message that holds each person's latest vote, by channel: to edit or delete it. */
  private readonly voted = new Map<string, number>();
  private seen: number;

  constructor(
    parts: SeasonParts,
    readonly clock: SimulatedClock,
    readonly seed: string,
    readonly cast: Cast,
    private readonly onAct: (act: Act) => void,
    /** The last act already accounted for. */
    seen = parts.game.state.seq,
  ) {
    this.game = parts.game;
    this.store = parts.store;
    this.chat = new Chat(parts.store, parts.game);
    this.seen = seen;
  }

  /** The game reloaded from its file (as a server restarted would): play goes on with it. */
  replace(parts: SeasonParts): void {
    this.game = parts.game;
    this.store = parts.store;
    this.chat = new Chat(parts.store, parts.game);
  }

  bot(person: string): ViiiBot {
    let bot = this.bots.get(person);
    if (!bot) this.bots.set(person, (bot = new ViiiBot(person, this.seed)));
    return bot;
  }

  /** The players now, by id, in the order they joined. */
  players(): string[] {
    return this.game.state.players.map((p) => p.id);
  }

  name = (person: string): string => [...participantsOf(this.game.state), ...this.game.state.departed].find((p) => p.id === person)?.name ?? person;

  /** A seeded order of these people, for one part of the story (`what` names it). */
  order(what: string, people: readonly string[]): string[] {
    return seasonOrder(this.seed, what, people);
  }

  /** Moves the clock to `at` and fires every timer due by then, each an act of its own. */
  async runTo(at: number): Promise<void> {
    this.clock.moveTo(at);
    await fireAllDueTimers(this.game, at);
    this.flush();
  }

  async act(person: string, action: string, input: Json = {}): Promise<void> {
    const outcome = await this.game.act(person, action, input);
    if (outcome.failed) throw new Error(`Rule ${outcome.failed.rule} failed on ${action}: ${outcome.failed.error}`);
    this.flush();
  }

  async say(person: string, channel: string, text: string): Promise<number> {
    const n = await this.chat.post(person, channel, text);
    this.flush();
    return n;
  }

  /** A vote cast as a message in the vote's channel, in the bot's own words. */
  async vote(person: string, channel: string, side: Side | "withdraw"): Promise<number> {
    const n = await this.say(person, channel, this.bot(person).word(side));
    this.voted.set(`${channel}:${person}`, n);
    return n;
  }

  /** The message that holds this person's latest vote in the channel. */
  voteMessage(person: string, channel: string): number {
    const n = this.voted.get(`${channel}:${person}`);
    if (n === undefined) throw new Error(`${this.name(person)} has not voted in ${channel}`);
    return n;
  }

  async edit(person: string, message: number, text: string): Promise<void> {
    await this.chat.edit(person, message, text);
    this.flush();
  }

  async delete(person: string, message: number): Promise<void> {
    await this.chat.delete(person, message);
    this.flush();
  }

  async redact(person: string, message: number, reason: string): Promise<void> {
    await this.chat.redact(person, message, reason);
    this.flush();
  }

  async join(name: string): Promise<string> {
    const id = (await this.game.join(name)).id;
    this.flush();
    return id;
  }

  /** The key ("q4") of the author's proposal in the Proposal Queue. */
  queued(author: string): string {
    const p = queuedBy(this.game, author);
    if (!p) throw new Error(`${this.name(author)} has no proposal in the Proposal Queue`);
    return p.key;
  }

  /** Hands every act recorded since the last call to the account. */
  flush(): void {
    const acts = this.store.readActs(this.game.id, this.seen);
    for (const act of acts) this.onAct(act);
    this.seen = acts.at(-1)?.seq ?? this.seen;
  }
}
