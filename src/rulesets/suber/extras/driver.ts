/**
 * The driver of a bot game: the player whose turn it is proposes, every player votes, and
 * so on until the game is over or a limit is reached. It acts only through Game.act, and
 * treats a refusal (ActionError) as part of play: it tries the bot's next proposal, or
 * skips a vote the rules will not take. When nothing more can be done it stops, it does
 * not throw; errors other than refusals (a failing store, say) do propagate.
 */
import { ActionError, type Game } from "../../../kernel/game.js";
import type { Json } from "../../../kernel/types.js";
import { pointsOf, proposalOf, proposalsOf, turnOf, type SuberProposal } from "./state.js";

/** What the driver needs of a bot. */
export interface BotPlayer {
  readonly player: string;
  /** Rule-changes to propose, best first; the driver tries them in order. */
  proposals(game: Game): Json[];
  vote(game: Game, proposal: SuberProposal): "for" | "against";
}

export interface TurnReport {
  /** Turns decided in this run, counting from 1. */
  turn: number;
  player: string;
  proposal: number;
  change: Json;
  votes: Record<string, string>;
  status: string;
  reason: string | null;
  /** Every player's points after the turn. */
  points: Record<string, number>;
}

export interface DriverOptions {
  /** Stop after this many acts (refused attempts do not count: they record nothing). */
  maxActs?: number;
  /** Stop after this many decided proposals. */
  maxTurns?: number;
  onTurn?: (report: TurnReport) => void;
  /** Called once if the driver stops before the game is over, with the reason. */
  onStop?: (reason: string) => void;
}

/** Plays until the game is over or a limit is reached; returns the number of turns decided. */
export async function playBotGame(game: Game, bots: ReadonlyMap<string, BotPlayer> | Iterable<BotPlayer>, options: DriverOptions = {}): Promise<number> {
  const byId = bots instanceof Map ? (bots as ReadonlyMap<string, BotPlayer>) : new Map([...(bots as Iterable<BotPlayer>)].map((b) => [b.player, b]));
  const maxActs = options.maxActs ?? 100_000;
  const maxTurns = options.maxTurns ?? 10_000;
  let acts = 0;
  let turns = 0;

  /** One act; false if the rules refused it. */
  const tryAct = async (actor: string, name: string, input: Json): Promise<boolean> => {
    try {
      await game.act(actor, name, input);
      acts++;
      return true;
    } catch (err) {
      if (err instanceof ActionError && err.code !== "failed") return false;
      throw err;
    }
  };
  const stop = (reason: string): number => {
    options.onStop?.(reason);
    return turns;
  };

  for (;;) {
    if (game.state.status === "over") return turns;
    if (acts >= maxActs) return stop(`reached the limit of ${maxActs} acts`);
    if (turns >= maxTurns) return stop(`reached the limit of ${maxTurns} turns`);

    const open = proposalsOf(game).find((p) => p.status === "voting");
    if (open) {
      let voted = false;
      for (const player of [...game.state.players]) {
        const current = proposalOf(game, open.number);
        if (current?.status !== "voting" || acts >= maxActs) break;
        const bot = byId.get(player.id);
        if (!bot || current.votes[player.id] !== undefined) continue;
        voted = (await tryAct(player.id, "vote", { proposal: open.number, vote: bot.vote(game, current) })) || voted;
      }
      const decided = proposalOf(game, open.number);
      if (decided && decided.status !== "voting") {
        turns++;
        options.onTurn?.({
          turn: turns,
          player: decided.proposer,
          proposal: decided.number,
          change: decided.change,
          votes: { ...decided.votes },
          status: decided.status,
          reason: decided.reason ?? null,
          points: pointsOf(game),
        });
      } else if (!voted) {
        return stop(`proposal ${open.number} cannot be decided: no bot could cast the missing votes`);
      }
      continue;
    }

    const turn = turnOf(game);
    if (!turn) return stop("the rules declare no turn, so no bot knows when to move");
    if (turn.player === null) {
      const first = game.state.players[0];
      if (!first || !(await tryAct(first.id, "start", {}))) return stop("play could not begin");
      continue;
    }
    if (turn.waiting) return stop(`the next turn cannot begin: ${turn.waiting}`);
    const bot = byId.get(turn.player);
    if (!bot) return stop(`no bot plays for ${turn.player}, whose turn it is`);
    let proposed = false;
    for (const change of bot.proposals(game)) {
      if ((proposed = await tryAct(turn.player, "propose", { change }))) break;
    }
    if (!proposed) return stop(`the rules refused every proposal ${turn.player} could make`);
  }
}
