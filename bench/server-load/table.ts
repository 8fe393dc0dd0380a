/** One game's table, and who is to move by an act's effects. */
import type { Account, Seat } from "./transport.js";

export type Effect = { e: string; name?: string; key?: string; value?: unknown; rule?: unknown; number?: number; type?: string };
export type Plan = "enact" | "repeal" | "defeat";

export interface ProposalValue {
  number: number;
  status: string;
  votes: Record<string, string>;
}
export interface TurnValue {
  player: string | null;
  proposed: boolean;
  waiting: string | null;
}

/** One game's table: its players, whose turn it is, the vote under way. */
export class Table {
  id = "";
  seats: Seat[] = [];
  mover: string | null = null;
  proposal = 0;
  turn = 0;
  plan: Plan = "enact";
  toRepeal: number | null = null;
  votesLeft = 0;
  voteReplies: (Effect[] | null)[] = [];
  generation = 0;
  dead = false;

  constructor(
    readonly index: number,
    readonly accounts: Account[],
  ) {}

  seatOf(player: string): Seat | undefined {
    return this.seats.find((s) => s.player === player);
  }
}

export function moverIn(effects: Effect[]): string | null {
  const turn = effects.filter((e) => e.e === "state.set" && e.name === "turn").at(-1);
  const value = turn?.value as TurnValue | undefined;
  return value?.player && !value.waiting && !value.proposed ? value.player : null;
}
