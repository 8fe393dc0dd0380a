/**
 * The driver of an N_omic bot game: it plays whole turns for the bots (purchase, proposal,
 * discussion, voting, movement, the Epic Poem), acting through Game.act as a person would
 * and treating a refusal as part of play (it tries the bot's next choice). N_omic never
 * ends by itself (Rule 312), so the driver stops where its caller says.
 */
import { ActionError, fireAllDueTimers, type Game } from "../../../kernel/game.js";
import type { Act, Json } from "../../../kernel/types.js";
import type { NomicBotPlayer } from "./bot.js";
export { SimulatedClock } from "../../../bots/simulated-clock.js";
import {
  amountOf,
  moveCost,
  amountsOf,
  labelOf,
  phaseOf,
  playersOf,
  positionOf,
  proposalOf,
  turnOf,
  type NomicProposal,
  type Square,
  type Vote,
} from "./state.js";

const hour = 3_600_000;

export interface NomicTurnReport {
  /** The game's turn number. */
  turn: number;
  /** Complete circuits of turns after this one. */
  circuits: number;
  player: string;
  /** The word on the mover's forehead, as the others read it. */
  label: string | null;
  /** Extra rule-changes bought. */
  extra: number;
  proposal: {
    number: number;
    numbers: number[];
    label: string;
    changes: Json[];
    suggesters: string[] | null;
    votes: Record<string, Vote>;
    extra: Record<string, Vote>;
    status: string;
    reason: string | null;
    outcomes: NomicProposal["outcomes"];
  } | null;
  move: { from: Square; to: Square; cost: number } | null;
  lines: string[];
  /** Everyone's points, Groks and wins after the turn. */
  points: Record<string, number>;
  groks: Record<string, number>;
  wins: Record<string, number>;
  /** Wins during the turn, with the points that won (Rule 312 resets them at once). */
  won: { player: string; points: number }[];
}

export interface NomicDriverOptions {
  /** The clock of the game's engine: the driver moves it on through the waits the rules impose. */
  clock: { advance(ms: number): void };
  /** Stop after this many turns. */
  maxTurns?: number;
  /** Stop after the turn this returns true for (such as the first win). */
  until?: (report: NomicTurnReport) => boolean;
  onTurn?: (report: NomicTurnReport) => void;
  /** Called once if the driver stops for a reason other than `until`. */
  onStop?: (reason: string) => void;
}

/** Plays whole turns until `until` holds, a limit is reached or no bot can go on; returns the turns played. */
export async function playNomicGame(game: Game, bots: Iterable<NomicBotPlayer>, options: NomicDriverOptions): Promise<number> {
  const byId = new Map([...bots].map((b) => [b.player, b]));
  const maxTurns = options.maxTurns ?? 1000;
  const name = (id: string) => game.state.players.find((p) => p.id === id)?.name ?? id;
  let turns = 0;
  let won: NomicTurnReport["won"] = [];

  /** Notes every win an act records, with the total that won. */
  const watch = (act: Act) => {
    const totals = new Map<string, number>();
    for (const e of act.effects) {
      if (e.e !== "event") continue;
      const data = e.data as { player?: string; total?: number };
      if (e.type === "points.changed" && data.player && typeof data.total === "number") totals.set(data.player, data.total);
      if (e.type === "player.won" && data.player) won.push({ player: data.player, points: totals.get(data.player) ?? amountOf(game, "points", data.player) });
    }
  };
  /** One act; false if the rules refused it (or the rule taking it failed, which changes nothing). */
  const act = async (actor: string, action: string, input: Json): Promise<boolean> => {
    try {
      const outcome = await game.act(actor, action, input);
      watch(outcome.act);
      return outcome.failed === null;
    } catch (err) {
      if (err instanceof ActionError && err.code !== "failed") return false;
      throw err;
    }
  };
  const fireTimers = async () => {
    for (const fired of await fireAllDueTimers(game)) watch(fired);
  };
  const stop = (reason: string): number => {
    options.onStop?.(reason);
    return turns;
  };
  const phase = () => phaseOf(game)?.name;

  async function vote(number: number, mover: string): Promise<void> {
    for (const voter of [mover, ...playersOf(game).filter((p) => p !== mover)]) {
      const p = proposalOf(game, number);
      const bot = byId.get(voter);
      if (p?.status !== "voting") return;
      if (!bot || p.votes[voter] !== undefined || !playersOf(game).includes(voter)) continue;
      const last = playersOf(game).every((v) => v === voter || p.votes[v] !== undefined);
      const choice = bot.vote(game, p, last);
      const ballot = { proposal: number, vote: choice.vote };
      if (!(choice.extra && (await act(voter, "vote", { ...ballot, extra: true })))) await act(voter, "vote", ballot);
    }
  }

  /** One whole turn of `bot`'s, from whatever phase it is in; a report, or why it cannot be played. */
  async function turn(bot: NomicBotPlayer, number: number): Promise<NomicTurnReport | string> {
    const mover = bot.player;
    // Between turns, Players put changes on the list for later movers to use (Rule 322).
    for (const other of byId.values()) {
      const change = playersOf(game).includes(other.player) ? other.suggestion(game) : null;
      if (change) await act(other.player, "suggest", { change });
    }
    const label = labelOf(game, mover);
    if (phase() === "purchase") {
      const extra = bot.purchase(game);
      if (!(await act(mover, "purchase", { extra })) && !(extra > 0 && (await act(mover, "purchase", { extra: 0 })))) {
        return `${name(mover)} could not announce a purchase`;
      }
    }
    const extra = phaseOf(game)?.extra ?? 0;
    let lines: string[] = [];
    const addLines = async () => {
      const wanted = bot.poem(game);
      if (await act(mover, "add-poem-lines", { lines: wanted })) lines = [...lines, ...wanted];
    };
    if (bot.poemFirst(game)) await addLines();

    if (phase() === "proposal") {
      let proposed = false;
      for (const input of bot.proposals(game, extra + 1)) if ((proposed = await act(mover, "propose", input))) break;
      if (!proposed) return `the rules refused every proposal ${name(mover)} could make`;
    }
    const proposal = phaseOf(game)?.proposal ?? null;
    if (phase() === "discussion" && proposal !== null) {
      const p = proposalOf(game, proposal);
      const revised = p ? bot.revision(game, p) : null;
      if (revised) await act(mover, "revise-proposal", { proposal, changes: revised });
      // Nobody argues, so the discussion lasts exactly the 24 hours Rule 335 requires.
      options.clock.advance((proposalOf(game, proposal)?.discussionEnds ?? game.state.time + 24 * hour) - game.state.time);
      await fireTimers();
      if (!(await act(mover, "final-form", { proposal }))) return `${name(mover)} could not end the discussion of proposal ${proposal}`;
    }
    if (phase() === "voting" && proposal !== null) {
      await vote(proposal, mover);
      if (proposalOf(game, proposal)?.status === "voting") return `proposal ${proposal} cannot be decided: no bot could cast the missing votes`;
    }

    let move: NomicTurnReport["move"] = null;
    if (phase() === "movement") {
      const from = positionOf(game, mover);
      for (const to of bot.moves(game)) {
        if (from && (await act(mover, "move", { x: to.x, y: to.y }))) {
          move = { from, to, cost: moveCost(from.y, to.y) };
          break;
        }
      }
      if (!move && !(await act(mover, "stay", {}))) return `${name(mover)} could neither move nor stay`;
    }
    const ongoing = () => turnOf(game)?.number === number && game.state.status !== "over";
    // Rule 328: the turn cannot end without the lines; adding them after moving ends it.
    if (ongoing() && lines.length === 0) await addLines();
    if (ongoing()) return `turn ${number} could not end: ${turnOf(game)?.waiting ?? "the rules hold it open"}`;

    const p = proposal === null ? undefined : proposalOf(game, proposal);
    return {
      turn: number,
      circuits: turnOf(game)?.circuits ?? 0,
      player: mover,
      label,
      extra,
      proposal: p
        ? {
            number: p.number,
            numbers: p.numbers,
            label: p.label,
            changes: p.changes,
            suggesters: p.suggesters,
            votes: p.votes,
            extra: p.extra,
            status: p.status,
            reason: p.reason,
            outcomes: p.outcomes ?? [],
          }
        : null,
      move,
      lines,
      points: amountsOf(game, "points"),
      groks: amountsOf(game, "groks"),
      wins: amountsOf(game, "wins"),
      won,
    };
  }

  for (;;) {
    if (game.state.status === "over") return turns;
    if (turns >= maxTurns) return stop(`reached the limit of ${maxTurns} turns`);
    await fireTimers();
    const now = turnOf(game);
    if (!now) return stop("the rules declare no turn, so no bot knows when to move");
    if (now.player === null) {
      const first = [...byId.keys()][0];
      if (!first || !(await act(first, "start", {}))) return stop("play could not begin");
      continue;
    }
    if (now.waiting) return stop(`the next turn cannot begin: ${now.waiting}`);
    const bot = byId.get(now.player);
    if (!bot) return stop(`no bot plays for ${name(now.player)}, whose turn it is`);
    const report = await turn(bot, now.number);
    if (typeof report === "string") return stop(report);
    turns++;
    won = [];
    options.onTurn?.(report);
    if (options.until?.(report)) return turns;
  }
}
