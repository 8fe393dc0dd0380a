/**
 * Scripted players for Suber's Initial Set, for demos, tests and benchmarks. They act only
 * through the Game's public API, as a person at the command line would, and are
 * deterministic given their seed (their randomness is their own, not the engine's).
 */
import { ActionError, type Game } from "../kernel/game.js";
import type { Json } from "../kernel/types.js";

/** A small seeded generator (mulberry32): bots need reproducible choices, not good randomness. */
export function botRandom(seed: string): () => number {
  let h = 1779033703;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 3432918353) >>> 0;
  return () => {
    h = (h + 0x6d2b79f5) >>> 0;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const subjects = ["the Judge", "every player", "the proposer", "a rule", "the scorekeeper", "the youngest player", "a vote", "the last player"];
const duties = ["shall announce each vote aloud", "may speak in rhyme", "must thank the previous player", "shall keep a public diary of moves", "may not use the letter Q", "shall greet newcomers"];

interface SuberTurn {
  player: string | null;
}
interface SuberProposal {
  number: number;
  status: string;
  votes: Record<string, string>;
}

export interface BotOptions {
  seed: string;
  /** Chance of voting for a proposal. */
  favour?: number;
}

export class SuberBot {
  private readonly random: () => number;
  private readonly favour: number;

  constructor(readonly player: string, options: BotOptions) {
    this.random = botRandom(`${options.seed}:${player}`);
    this.favour = options.favour ?? 0.8;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  /** A rule-change this bot would like to propose now, given the ruleset. */
  proposal(game: Game, attempt: number): Json {
    const mutable = Object.values(game.state.rules).filter((r) => r.mutable);
    const invented = mutable.filter((r) => r.number >= 301);
    const roll = this.random();
    if ((mutable.length >= 24 || roll < 0.15 || attempt > 0) && invented.length > 0) {
      return { kind: "repeal", rule: this.pick(invented).number };
    }
    if (roll < 0.3 && invented.length > 0) {
      return { kind: "amend", rule: this.pick(invented).number, text: `${this.pick(subjects)} ${this.pick(duties)}, as amended.` };
    }
    const subject = this.pick(subjects);
    return { kind: "enact", text: `${subject[0]!.toUpperCase()}${subject.slice(1)} ${this.pick(duties)}.` };
  }

  vote(): "for" | "against" {
    return this.random() < this.favour ? "for" : "against";
  }
}

export interface TurnReport {
  turn: number;
  player: string;
  proposal: number;
  change: Json;
  votes: Record<string, string>;
  status: string;
  reason: string | null;
  points: Record<string, number>;
}

function turnOf(game: Game): SuberTurn {
  return (game.state.values.game.turn ?? { player: null }) as unknown as SuberTurn;
}
function proposalsOf(game: Game): Record<string, SuberProposal & { reason: string | null }> {
  return (game.state.values.game.proposals ?? {}) as unknown as Record<string, SuberProposal & { reason: string | null }>;
}
function points(game: Game): Record<string, number> {
  const all = (game.state.values.player.points ?? {}) as Record<string, number>;
  return Object.fromEntries(game.state.players.map((p) => [p.id, all[p.id] ?? 0]));
}

/**
 * Plays a game of Suber's set with bots until it is over or `maxTurns` turns have been
 * played: the player whose turn it is proposes, then every player votes.
 */
export async function playBotGame(game: Game, bots: Map<string, SuberBot>, options: { maxTurns?: number; onTurn?: (report: TurnReport) => void } = {}): Promise<number> {
  const maxTurns = options.maxTurns ?? 1000;
  if (turnOf(game).player === null) await game.act(game.state.players[0]!.id, "start", {});
  let turns = 0;
  while (game.state.status === "active" && turns < maxTurns) {
    const mover = turnOf(game).player;
    const bot = mover ? bots.get(mover) : undefined;
    if (!mover || !bot) throw new Error(`no bot plays for ${mover ?? "nobody"}, whose turn it is`);
    let change: Json | undefined;
    for (let attempt = 0; attempt < 5 && change === undefined; attempt++) {
      const candidate = bot.proposal(game, attempt);
      try {
        await game.act(mover, "propose", { change: candidate });
        change = candidate;
      } catch (err) {
        if (!(err instanceof ActionError) || attempt === 4) throw err;
      }
    }
    const number = Math.max(...Object.values(proposalsOf(game)).map((p) => p.number));
    for (const player of [...game.state.players]) {
      if (proposalsOf(game)[number]?.status !== "voting") break;
      const vote = player.id === mover ? "for" : (bots.get(player.id)?.vote() ?? "for");
      await game.act(player.id, "vote", { proposal: number, vote });
    }
    const decided = proposalsOf(game)[number]!;
    turns++;
    options.onTurn?.({ turn: turns, player: mover, proposal: number, change: change!, votes: decided.votes, status: decided.status, reason: decided.reason, points: points(game) });
  }
  return turns;
}
