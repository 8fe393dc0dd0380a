/** Nomic VIII's scripted season in `nomos play`: printed turn by turn, with a summary (or `--json`). */
import { output, UsageError, type GlobalOptions } from "../../../cli/context.js";
import type { Game } from "../../../kernel/game.js";
import { createQuickJsSandbox } from "../../../sandbox/quickjs-sandbox.js";
import { SqliteStore } from "../../../store/sqlite-store.js";
import type { PlayOptions, Print } from "../../extras.js";
import type { TurnAccount } from "./account.js";
import { newSeasonGame, playSeason, seasonClock, seasonPlayers } from "./driver.js";
import { turnOf } from "./state.js";
import { seasonSummary } from "./summary.js";

/** The moderator who instantiates the game without playing, and the newcomer: the first two of these who are not players. */
const guests = ["Margaret Hamilton", "Katherine Johnson", "Radia Perlman", "Sophie Wilson"];

const date = (ms: number) => new Date(ms).toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

function turnLines(a: TurnAccount, game: Game): string[] {
  // A turn an End State held (Rule 211) lasts until the game ends.
  const held = game.state.status === "over" && a.turn === turnOf(game)?.number;
  const until = held ? `the game's end on ${date(game.state.time)} (an End State held it)` : date(a.until!);
  const head = a.turn === 0 ? "Before the first turn" : `Turn ${a.turn}, ${date(a.from!)} to ${until}`;
  const points = game.state.players
    .map((p) => [p.name, game.value("points", p.id)] as const)
    .filter(([, v]) => typeof v === "number" && v !== 0)
    .map(([name, v]) => `${name} ${v}`);
  return [head, ...a.lines.map((l) => `  ${l}`), ...(points.length ? [`  Points: ${points.join(", ")}`] : []), ""];
}

/** `nomos play --preset nomic-viii`: the season, from the game's founding to the end of its End State. */
export async function playViii(g: GlobalOptions, o: PlayOptions, seed: string, players: string[], print: Print): Promise<void> {
  if (players.length < seasonPlayers.min || players.length > seasonPlayers.max)
    throw new UsageError(`the Nomic VIII season is written for ${seasonPlayers.min} to ${seasonPlayers.max} players (--bots), not ${players.length}`);
  const [moderator, joiner] = guests.filter((n) => !players.includes(n)) as [string, string];
  const store = SqliteStore.open(g.db);
  const clock = seasonClock();
  let game: Game | undefined;
  try {
    // The simulated season runs nothing but the preset's rules and the points rule its players write, on a machine
    // that may be busy: an act's deadline (which guards a server's other games) is generous here, so that a slow
    // moment does not stop a rule and spoil the season.
    game = await newSeasonGame(store, clock, seed, { sandbox: () => createQuickJsSandbox({ actMs: 5000 }) });
    print(`Game ${game.id} in ${g.db}, seed ${seed}: ${players.join(", ")} play Nomic VIII; ${moderator} instantiates it and moderates without playing.\n`);
    const result = await playSeason({ game, store }, clock, {
      seed,
      players,
      moderator,
      joiner,
      maxTurns: o.maxTurns,
      onTurn: (a, now) => {
        for (const line of turnLines(a, now)) print(line);
      },
    });
    game = result.game;
    const summary = seasonSummary(result, store, g.db);
    output(g, summary, () =>
      [
        summary.result
          ? `${summary.result.winners.map((w) => w.name).join(", ") || "Nobody"} won: ${summary.result.reason}.`
          : `The game goes on${result.stopped ? `: play stopped, ${result.stopped}` : ""}.`,
        `${summary.turns} turns over ${summary.days} days (${summary.weeks} weeks), ${summary.acts} acts, ${summary.messages} messages; ${summary.failures} rule failures.`,
        `Replay it with: nomos --db ${g.db} --game ${summary.game} log`,
      ].join("\n"),
    );
  } finally {
    game?.close();
    store.close();
  }
}
