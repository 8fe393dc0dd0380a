/**
 * The driver of a Nomic VIII season: it brings the people in (the moderator who instantiates
 * the game, then the players), casts them, and plays the script turn by turn on a simulated
 * clock, firing the rules' timers as their moments come and running each step at its own.
 * It stops when the game ends, at a turn limit, or when the rules refuse a step (and says which).
 */
import { SimulatedClock } from "../../../bots/simulated-clock.js";
import { engineOptions } from "../../../engine.js";
import { Game, type EngineOptions } from "../../../kernel/game.js";
import { loadPreset } from "../../../ruleset-sources/presets.js";
import type { SqliteStore } from "../../../store/sqlite-store.js";
import { Account, type TurnAccount } from "./account.js";
import { secondHalf } from "./script-court.js";
import { firstHalf, opening } from "./script.js";
import { Season, seasonOrder, type Cast, type SeasonParts } from "./season.js";
import { turnOf } from "./state.js";
import { day, momentsOf, type Step } from "./steps.js";

/** The season starts on Wednesday 7 January 2026 at noon UTC; its first turn, on Thursday the 8th. */
export const seasonStart = Date.UTC(2026, 0, 7, 12);

/** The script's players: at least five, so that every part of the story has its own; at most eight. */
export const seasonPlayers = { min: 5, max: 8 };

export interface SeasonOptions {
  seed: string;
  /** The first players, by name. */
  players: string[];
  /** Who instantiates the game and moderates it without playing. */
  moderator: string;
  /** Who asks to join in the second week. */
  joiner: string;
  maxTurns?: number;
  /** Each turn's account, once the turn is over (and the last, when play ends). */
  onTurn?: (account: TurnAccount, game: Game) => void;
  /** After each turn: may hand back the game loaded again from its file, which play goes on with. */
  between?: (turn: number, parts: SeasonParts) => Promise<SeasonParts | undefined>;
}

export interface SeasonResult {
  /** The game as play left it (reloaded, if `between` reloaded it). */
  game: Game;
  cast: Cast;
  /** Why play stopped before the game ended, or null. */
  stopped: string | null;
}

/** The engine a season's game runs on: the file's store, the simulated clock (and, for tests, other parts). */
export const seasonEngine = (store: SqliteStore, clock: SimulatedClock, parts: Partial<EngineOptions> = {}): EngineOptions =>
  engineOptions({ store, clock: clock.now, ...parts });

/** A new game of Nomic VIII on the store, created at the clock's time. */
export function newSeasonGame(store: SqliteStore, clock: SimulatedClock, seed: string, parts: Partial<EngineOptions> = {}): Promise<Game> {
  const { rules, archived } = loadPreset("nomic-viii");
  return Game.create(seasonEngine(store, clock, parts), { name: `Bot season (seed ${seed})`, preset: "nomic-viii", rules, archived, seed });
}

/** A clock for a season: one second per act, from the season's start. */
export const seasonClock = (start = seasonStart) => new SimulatedClock(start, 1000);

const turnDays = new Set([1, 4, 6]);
/** The next 00:00 UTC on a Monday, Thursday or Saturday strictly after `after` (Rule 202's boundaries). */
function nextBoundary(after: number): number {
  let at = Math.floor(after / day) * day + day;
  while (!turnDays.has(new Date(at).getUTCDay())) at += day;
  return at;
}

/** Plays the season on a game just created; `clock` is its engine's. */
export async function playSeason(parts: SeasonParts, clock: SimulatedClock, options: SeasonOptions): Promise<SeasonResult> {
  if (options.players.length < seasonPlayers.min || options.players.length > seasonPlayers.max)
    throw new Error(`the season is written for ${seasonPlayers.min} to ${seasonPlayers.max} players, not ${options.players.length}`);
  let season: Season | undefined;
  const account = new Account(
    {
      name: (id) => season!.name(id),
      message: (n) => season!.chat.message(n),
      turn: () => turnOf(season!.game),
    },
    (a) => options.onTurn?.(a, season!.game),
  );
  const moderator = (await parts.game.attend(options.moderator)).person.id;
  const players: string[] = [];
  for (const name of options.players) players.push((await parts.game.join(name)).id);
  const order = seasonOrder(options.seed, "cast", players);
  const [architect, leader, victim, fourth, fifth] = order as [string, string, string, string, string];
  const cast: Cast = { moderator, joiner: options.joiner, architect, leader, victim, fourth, fifth, order };
  season = new Season(parts, clock, options.seed, cast, (act) => account.add(act), 1);
  season.flush();

  const s = season;
  const over = () => s.game.state.status === "over";
  let stopped: string | null = null;
  const run = async (steps: Step[]): Promise<boolean> => {
    for (const next of [...steps].sort((a, b) => a.at - b.at)) {
      if (over()) return false;
      try {
        await s.runTo(next.at);
        await next.run();
      } catch (err) {
        if (!(err instanceof Error)) throw err;
        stopped = `${next.what}: ${err.message}`;
        return false;
      }
    }
    return true;
  };

  if (await run(opening(s, clock.now()))) {
    const script = { ...firstHalf, ...secondHalf };
    await s.runTo(nextBoundary(s.game.state.time));
    for (;;) {
      const turn = turnOf(s.game);
      if (over()) break;
      if (!turn) {
        stopped = "the first turn did not start (Rule 202 keeps the turns)";
        break;
      }
      if (turn.number > (options.maxTurns ?? Number.POSITIVE_INFINITY)) {
        stopped = `reached the limit of ${options.maxTurns} turns`;
        break;
      }
      if (!(await run(script[turn.number]?.(s, momentsOf(turn)) ?? []))) break;
      // The turn ends at its boundary, or, held by an End State, at a later one (or the game ends).
      for (let at = turn.endsAt, held = 0; !over() && turnOf(s.game)?.number === turn.number; at = nextBoundary(at), held++) {
        if (held > 12) {
          stopped = `turn ${turn.number} never ends`;
          break;
        }
        await s.runTo(at);
      }
      if (stopped) break;
      const reloaded = await options.between?.(turn.number, { game: s.game, store: s.store });
      if (reloaded) s.replace(reloaded);
    }
  }
  account.finish();
  return { game: s.game, cast, stopped };
}
