/** One game's table and how the benchmark reads the server's replies about it. */
import type { Session } from "./http-client.js";

export interface Seat {
  session: Session;
  name: string;
  player: string;
}

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
  invite = "";
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
    readonly sessions: Session[],
    readonly names: string[],
  ) {}

  seatOf(player: string): Seat | undefined {
    return this.seats.find((s) => s.player === player);
  }
}

export function effectsOf(body: string): Effect[] {
  return ((JSON.parse(body) as { entry?: { effects?: Effect[] } }).entry?.effects ?? []) as Effect[];
}

export function errorMessage(body: string): string {
  try {
    const e = (JSON.parse(body) as { error?: { code?: string; message?: string } }).error;
    return `${e?.code ?? "?"}: ${e?.message ?? body}`;
  } catch {
    return body.slice(0, 140);
  }
}

export function moverIn(effects: Effect[]): string | null {
  const turn = effects.filter((e) => e.e === "state.set" && e.name === "turn").at(-1);
  const value = turn?.value as TurnValue | undefined;
  return value?.player && !value.waiting && !value.proposed ? value.player : null;
}
