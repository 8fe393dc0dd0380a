/**
 * How the players reach their games: over HTTP, to a server process (http-transport.ts), or
 * in this process, straight to the engine (engine-transport.ts). The turn logic (players.ts)
 * is the same for both, so the two runs differ only in what lies between a player and a game.
 */
import type { Reply } from "./http-client.js";
import type { Effect, ProposalValue, TurnValue } from "./table.js";

/** A person playing: the transport knows how they are signed in. */
export interface Account {
  username: string;
  name: string;
}

/** An account's player in one game. */
export interface Seat {
  account: Account;
  player: string;
}

export type Timing = Reply["timing"];

/** A request's outcome: a status as the API would give it, and the reply's size where one was serialized. */
export interface Answer {
  status: number;
  bytes: number;
  timing?: Timing;
  /** Why it was refused or failed, as "code: message". */
  error?: string;
}

export interface ActAnswer extends Answer {
  /** The act's effects as the actor may see them (its log entry), when it was taken. */
  effects?: Effect[];
}

/** What a player's page of a game says that the players need to find their place again. */
export interface PageFacts {
  status: string;
  turn: TurnValue;
  proposals: Record<string, ProposalValue>;
  /** The numbers of the mutable rules in effect. */
  mutable: number[];
}

export interface Transport {
  /** A new Suber game with `owner` seated; `ticket` is what the others join it with. */
  createGame(owner: Account, name: string): Promise<Answer & { game?: { id: string; ticket: string; me: string } }>;
  join(account: Account, ticket: string): Promise<Answer & { me?: string }>;
  act(seat: Seat, gameId: string, action: string, input: unknown): Promise<ActAnswer>;
  /** A player's page of the game, read as a page watching it would (the reply not kept). */
  read(seat: Seat, gameId: string): Promise<Answer>;
  /** The page and the rules, read to carry on after a surprise. */
  facts(seat: Seat, gameId: string): Promise<Answer & { facts?: PageFacts }>;
}
