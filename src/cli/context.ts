/** Opening the game file and the game a command works on, and closing them afterwards. */
import { Game, type EngineOptions } from "../kernel/game.js";
import { createQuickJsSandbox } from "../sandbox/quickjs-sandbox.js";
import { SqliteStore } from "../store/sqlite-store.js";

export interface GlobalOptions {
  db: string;
  game?: string;
  json?: boolean;
}

/** A mistake in how the CLI was called; printed as "error: ..." with exit code 1. */
export class UsageError extends Error {}

export function defaultDb(): string {
  return process.env.NOMOS_DB ?? "nomos.db";
}

export function openEngine(options: GlobalOptions): EngineOptions {
  return { store: SqliteStore.open(options.db), sandbox: () => createQuickJsSandbox() };
}

/** Runs `work` with the chosen game (or the newest one) loaded, and closes everything after. */
export async function withGame<T>(options: GlobalOptions, work: (game: Game, engine: EngineOptions) => Promise<T>): Promise<T> {
  const engine = openEngine(options);
  try {
    const id = options.game ?? (await engine.store.listGames())[0]?.id;
    if (!id) throw new UsageError(`there is no game in ${options.db} yet; create one with: nomos new "<name>" --preset suber --player "<name>"`);
    const game = await Game.load(engine, id);
    try {
      // Timers that came due while nobody was looking fire now, in order, before anything else.
      await game.fireDueTimers();
      return await work(game, engine);
    } finally {
      game.close();
    }
  } finally {
    await engine.store.close();
  }
}

/** Prints a result: JSON with --json, otherwise the human text. */
export function output(options: GlobalOptions, json: unknown, human: () => string): void {
  process.stdout.write(options.json ? `${JSON.stringify(json, null, 2)}\n` : `${human()}\n`);
}
