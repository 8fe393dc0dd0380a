/**
 * What every command shares: the global options, opening the game file and the game a
 * command works on, closing both afterwards (whatever happens), and printing results.
 */
import { existsSync } from "node:fs";
import { fireAllDueTimers, Game, type EngineOptions } from "../kernel/game.js";
import { SqliteStore } from "../store/sqlite-store.js";
import { MessageTable } from "../server/messages.js";
import { engineOptions } from "../engine.js";
import { personNames } from "../present/person-names.js";
import { defaultPreset } from "../rulesets/default.js";

export interface GlobalOptions {
  db: string;
  game?: string;
  json?: boolean;
}

/** A mistake in how the CLI was called; printed as "error: ..." with exit code 1. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly code = "usage",
  ) {
    super(message);
    this.name = "UsageError";
  }
}

export function defaultDb(): string {
  return process.env.NOMOS_DB || "./nomos.db";
}

export function openEngine(options: GlobalOptions): EngineOptions {
  return engineOptions({ store: SqliteStore.open(options.db) });
}

/** The game file's messages (their text, kept beside the log), where the store is a game file. */
export function messageTable(engine: EngineOptions): MessageTable | undefined {
  const store = engine.store;
  return store instanceof SqliteStore ? MessageTable.of(store) : undefined;
}

/** Runs `work` with the store open, and closes it after. `create` allows a new game file. */
export async function withStore<T>(options: GlobalOptions, work: (engine: EngineOptions) => Promise<T>, create = false): Promise<T> {
  // Reading commands must not leave an empty game file behind a mistyped --db.
  if (!create && options.db !== ":memory:" && !existsSync(options.db)) {
    throw new UsageError(
      `there is no game file ${options.db}; create a game with: nomos new "<name>" --preset ${defaultPreset} --player "<name>" (or pass --db <file>)`,
      "no-game",
    );
  }
  const engine = openEngine(options);
  try {
    return await work(engine);
  } finally {
    await engine.store.close();
  }
}

/** Runs `work` with the chosen game (or the newest one) loaded, and closes everything after. */
export async function withGame<T>(options: GlobalOptions, work: (game: Game, engine: EngineOptions) => Promise<T>): Promise<T> {
  return withStore(options, async (engine) => {
    const id = options.game ?? (await engine.store.listGames())[0]?.id;
    if (!id)
      throw new UsageError(`there is no game in ${options.db} yet; create one with: nomos new "<name>" --preset ${defaultPreset} --player "<name>"`, "no-game");
    if (!(await engine.store.getGame(id))) throw new UsageError(`there is no game "${id}" in ${options.db}; list them with: nomos games`, "no-game");
    const game = await Game.load(engine, id);
    try {
      // Timers that came due while nobody was looking fire now, in order, before anything else.
      await fireAllDueTimers(game);
      return await work(game, engine);
    } finally {
      game.close();
    }
  });
}

/** Prints a result: one JSON document with --json, otherwise the human text. */
export function output(options: GlobalOptions, json: unknown, human: () => string): void {
  process.stdout.write(options.json ? `${JSON.stringify(json, null, 2)}\n` : `${human()}\n`);
}

/** Names of players, present or departed, by id. */
export function playerNames(game: Game): (id: string) => string {
  return personNames(game.state);
}
