/** Shared set-up for tests: real games on a real SQLite store, played through the public API. */
import { Game, type EngineOptions } from "../src/kernel/game.js";
import type { Json } from "../src/kernel/types.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engineOptions } from "../src/engine.js";

export interface Proposal {
  number: number;
  proposer: string;
  votes: Record<string, "for" | "against">;
  status: "voting" | "adopted" | "defeated";
  reason: string | null;
}
export interface Turn {
  player: string | null;
  number: number;
  circuits: number;
  waiting: string | null;
}

/** A clock that moves one minute per reading, so that acts have distinct, reproducible times. */
export function steppingClock(start = Date.UTC(2026, 0, 5, 12)): () => number {
  let now = start;
  return () => (now += 60_000);
}

/**
 * A generous deadline per act: on a machine shared with other test runs an ordinary act can
 * take longer than a server's, and an endless loop should be stopped by its (counted) fuel.
 */
export const testLimits = { actMs: 5000 };

export function engine(store = SqliteStore.open(":memory:")): EngineOptions {
  return engineOptions({ store, sandbox: () => createQuickJsSandbox(testLimits), clock: steppingClock() });
}

/** A game of Suber's Initial Set with these players, play begun. */
export async function suberGame(names: string[], options: EngineOptions = engine(), seed = "test-seed"): Promise<Game> {
  const { rules } = loadPreset("suber");
  const game = await Game.create(options, { name: "Test game", preset: "suber", rules, seed });
  for (const name of names) await game.join(name);
  await game.act(game.state.players[0]!.id, "start", {});
  return game;
}

export function turn(game: Game): Turn {
  return game.value("turn") as unknown as Turn;
}
export function mover(game: Game): string {
  const player = turn(game).player;
  if (!player) throw new Error("play has not begun");
  return player;
}
export function proposals(game: Game): Record<string, Proposal> {
  return game.value("proposals") as unknown as Record<string, Proposal>;
}
export function latestProposal(game: Game): Proposal {
  const all = Object.values(proposals(game));
  const last = all.sort((a, b) => b.number - a.number)[0];
  if (!last) throw new Error("no proposals yet");
  return last;
}
export function points(game: Game, player: string): number {
  return game.value("points", player) as number;
}

/**
 * Plays one turn: the mover proposes `change`, then every player votes; `against` lists
 * those voting against. Returns the proposal as decided.
 */
export async function playTurn(game: Game, change: Json, against: string[] = []): Promise<Proposal> {
  const proposer = mover(game);
  await game.act(proposer, "propose", { change });
  const number = latestProposal(game).number;
  for (const p of [...game.state.players]) {
    if (proposals(game)[number]?.status !== "voting") break;
    await game.act(p.id, "vote", { proposal: number, vote: against.includes(p.id) ? "against" : "for" });
  }
  return proposals(game)[number]!;
}

/** Plays whole turns of harmless enactments until `done` holds. */
export async function playUntil(game: Game, done: () => boolean, limit = 200): Promise<void> {
  for (let i = 0; i < limit && !done(); i++) {
    await playTurn(game, { kind: "enact", text: `Filler rule ${i}.` });
    const latest = latestProposal(game);
    // Keep under Rule 209's cap of 25 mutable rules by repealing what was just enacted.
    if (latest.status === "adopted" && !done()) await playTurn(game, { kind: "repeal", rule: latest.number });
  }
}

/** A rule written in a test: its number, mutability and code. */
export interface InlineRule {
  number: number;
  mutable: boolean;
  code: string;
}

/** A game of rules written in the test (text "Rule N."), these players joined. */
export async function inlineGame(name: string, rules: InlineRule[], players: string[]): Promise<Game> {
  const options = engine();
  const specs = await Promise.all(
    rules.map(async (r) => ({ number: r.number, text: `Rule ${r.number}.`, mutable: r.mutable, code: await options.compile(r.code) })),
  );
  const game = await Game.create(options, { name, preset: null, rules: specs, seed: name });
  for (const player of players) await game.join(player);
  return game;
}
