/** Set-up for N_omic tests: a real game of the preset, a clock the test moves, and whole turns played through Game.act. */
import assert from "node:assert/strict";
import { ActionError, Game } from "../src/kernel/game.js";
import type { Json } from "../src/kernel/types.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { testLimits } from "./helpers.js";
import type { NomicPhase, NomicProposal, Square } from "../src/rulesets/n_omic/extras/state.js";
import { engineOptions } from "../src/engine.js";

export const hour = 3_600_000;

/** A clock that moves one second per reading, and as far as the test says (days of play). */
export class TestClock {
  now = Date.UTC(2026, 3, 24, 12);
  read = (): number => (this.now += 1000);
  advance(ms: number): void {
    this.now += ms;
  }
}

export type { NomicPhase as Phase, NomicProposal, Square } from "../src/rulesets/n_omic/extras/state.js";

export interface NomicTable {
  game: Game;
  store: SqliteStore;
  clock: TestClock;
  /** Player ids by first name: ada, alan, grace, edsger (and any others joined). */
  id: Record<string, string>;
}

export const fourPlayers = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"];

/** A game of the N_omic preset with these players, play begun (turn order: Dijkstra, Hopper, Lovelace, Turing). */
export async function nomicGame(names = fourPlayers, seed = "n_omic-test"): Promise<NomicTable> {
  const clock = new TestClock();
  const { rules, archived } = loadPreset("n_omic");
  const store = SqliteStore.open(":memory:");
  const game = await Game.create(engineOptions({ store, sandbox: () => createQuickJsSandbox(testLimits), clock: clock.read }), {
    name: "N_omic test",
    preset: "n_omic",
    rules,
    archived,
    seed,
  });
  const id: Record<string, string> = {};
  for (const name of names) id[name.split(" ")[0]!.toLowerCase()] = (await game.join(name)).id;
  await game.act(Object.values(id)[0]!, "start", {});
  return { game, store, clock, id };
}

export const phase = (game: Game) => game.value("phase") as unknown as NomicPhase;
export const mover = (game: Game) => (game.value("turn") as unknown as { player: string }).player;
export const circuits = (game: Game) => (game.value("turn") as unknown as { circuits: number }).circuits;
export const groks = (game: Game, player: string) => game.value("groks", player) as number;
export const points = (game: Game, player: string) => game.value("points", player) as number;
export const square = (game: Game, player: string) => game.value("position", player) as unknown as Square;
export const proposal = (game: Game, number: number) => (game.value("proposals") as unknown as Record<string, NomicProposal>)[number]!;
/** Every message of the log that `viewer` may read (null: one addressed to everyone). */
export const messages = async (t: NomicTable, viewer: string | null = null): Promise<string[]> =>
  (await t.store.readActs(t.game.id)).flatMap((act) =>
    act.effects.filter((e) => e.e === "message" && (e.to === null || (viewer !== null && e.to.includes(viewer)))).map((e) => (e as { text: string }).text),
  );

export interface TurnPlan {
  extra?: number;
  changes?: Json[];
  suggestions?: string[];
  /** Votes by player id; everyone else votes for. */
  against?: string[];
  /** Players who buy an additional vote, cast with their normal one. */
  buying?: string[];
  move?: Square | "stay";
  lines?: string[];
}

/**
 * Plays the mover's whole turn: purchase, proposal (the discussion's 24 hours pass and the
 * final form is announced where there is one), every Player's vote in turn order, the
 * movement and the poem lines. Returns the proposal as decided.
 */
export async function playNomicTurn(t: NomicTable, plan: TurnPlan = {}): Promise<NomicProposal> {
  const { game, clock } = t;
  const who = mover(game);
  await game.act(who, "purchase", { extra: plan.extra ?? 0 });
  const changes = plan.changes ?? harmlessChanges(game, (plan.extra ?? 0) + 1);
  await game.act(who, "propose", plan.suggestions ? { suggestions: plan.suggestions } : { changes });
  const number = phase(game).proposal!;
  if (proposal(game, number).status === "discussion") {
    clock.advance(24 * hour);
    await game.act(who, "final-form", { proposal: number });
  }
  const voters = players(t);
  for (const voter of voters) {
    if (proposal(game, number).status !== "voting") break;
    await game.act(voter, "vote", {
      proposal: number,
      vote: plan.against?.includes(voter) ? "against" : "for",
      ...(plan.buying?.includes(voter) ? { extra: true } : {}),
    });
  }
  const move = plan.move ?? "stay";
  if (move === "stay") await game.act(who, "stay", {});
  else await game.act(who, "move", move);
  await game.act(who, "add-poem-lines", { lines: plan.lines ?? [`Line of turn ${phase(game).turn}.`] });
  return proposal(game, number);
}

/**
 * Rule-changes that keep under Rule 209's cap of 25 mutable rules: each amends one of the
 * highest-numbered mutable rules (the last enacted or amended: Rule 329 renumbers them).
 */
export function harmlessChanges(game: Game, count: number): Json[] {
  const turn = phase(game).turn;
  const newest = Object.values(game.state.rules)
    .filter((r) => r.mutable)
    .map((r) => r.number)
    .sort((a, b) => b - a);
  return newest.slice(0, count).map((rule, i) => ({ kind: "amend", rule, text: `Amended in turn ${turn}, change ${i + 1}.` }));
}

/** The Players (not Reyalps) in the game, in the order they joined. */
export function players(t: NomicTable): string[] {
  return t.game.state.players.map((p) => p.id).filter((p) => t.game.value("status", p) === "player");
}

/** Asserts the action is refused with a reason matching `reason`, and that nothing was recorded. */
export async function refused(game: Game, actor: string, action: string, input: unknown, reason: RegExp): Promise<void> {
  const seq = game.state.seq;
  await assert.rejects(game.act(actor, action, input), (err: unknown) => err instanceof ActionError && err.code === "refused" && reason.test(err.message));
  assert.equal(game.state.seq, seq, `a refused ${action} records nothing`);
}

/** Plays the mover's purchase, proposal and votes (all for), leaving em in the movement phase. */
export async function playNomicTurnUntilMovement(t: NomicTable): Promise<void> {
  const who = mover(t.game);
  await t.game.act(who, "purchase", { extra: 0 });
  await t.game.act(who, "propose", { changes: harmlessChanges(t.game, 1) });
  const number = phase(t.game).proposal!;
  t.clock.advance(24 * hour);
  await t.game.act(who, "final-form", { proposal: number });
  for (const v of players(t)) await t.game.act(v, "vote", { proposal: number, vote: "for" });
  assert.equal(phase(t.game).name, "movement");
}
