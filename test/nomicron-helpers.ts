/** Set-up for Nomicron tests: a real game of the preset in SQLite, a clock the test moves, and motions, turns and proposals played through Game. */
import assert from "node:assert/strict";
import { engineOptions } from "../src/engine.js";
import { ActionError, Game } from "../src/kernel/game.js";
import { viewFor } from "../src/kernel/visibility.js";
import type { Json } from "../src/kernel/types.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { testLimits } from "./helpers.js";

export const hour = 3_600_000;
export const day = 24 * hour;

/** A clock that moves one second per reading, and as far as the test says. */
export class TestClock {
  constructor(public now: number) {}
  read = (): number => (this.now += 1000);
}

export interface Table {
  game: Game;
  store: SqliteStore;
  clock: TestClock;
  /** Player ids by lower-case first name. */
  id: Record<string, string>;
}

export interface Round {
  number: number;
  turn: number | null;
  inConvention: boolean;
  turnName: string | null;
}

export const names = ["Ada Lovelace", "Alan Turing", "Grace Hopper"];

const options = (store: SqliteStore, clock: TestClock) => engineOptions({ store, sandbox: () => createQuickJsSandbox(testLimits), clock: clock.read });

/** A Nomicron game founded at `start` by these players (the first is the administrator), in its founding convention. */
export async function nomicronGame(start: number, players = names, file = ":memory:"): Promise<Table> {
  const clock = new TestClock(start);
  const { rules, archived } = loadPreset("nomicron");
  const store = SqliteStore.open(file);
  const game = await Game.create(options(store, clock), { name: "Nomicron test", preset: "nomicron", rules, archived, seed: "nomicron-test" });
  const id: Record<string, string> = {};
  for (const name of players) id[name.split(" ")[0]!.toLowerCase()] = (await game.join(name)).id;
  return { game, store, clock, id };
}

/** The game closed and loaded again from its store, as a server restarted would (the store stays open). */
export async function reload(t: Table): Promise<void> {
  const id = t.game.id;
  t.game.close();
  t.game = await Game.load(options(t.store, t.clock), id);
}

export const round = (t: Table) => t.game.value("round") as unknown as Round;
export const points = (t: Table, player: string) => t.game.value("points", player) as number;
export const status = (t: Table, player: string) => t.game.value("status", player) as string;
export const record = (t: Table, name: string) => (t.game.value(name) ?? {}) as unknown as Record<string, any>;
/** A rule's version as players see it (105.1): the property, or its declared default. */
export const version = (t: Table, rule: number) => viewFor(t.game.state, null).rules.find((r) => r.number === rule)?.props.version;
/** Whether a rule is in effect now (contract 1: GameState.suspended lists those that are not). */
export const inEffect = (t: Table, rule: number) => (t.game.state as unknown as { suspended?: Record<string, unknown> }).suspended?.[rule] === undefined;

/** Moves the clock to `at` and fires every timer due by then, in order. */
export async function runTo(t: Table, at: number): Promise<void> {
  assert.ok(at >= t.clock.now, "the clock only moves forward");
  t.clock.now = at;
  while (t.game.hasDueTimers(at)) await t.game.fireDueTimers(at);
}

/** Every message of the log addressed to everyone. */
export const messages = async (t: Table): Promise<string[]> =>
  (await t.store.readActs(t.game.id)).flatMap((act) => act.effects.filter((e) => e.e === "message" && e.to === null).map((e) => (e as { text: string }).text));

/** Asserts the action is refused with a reason matching `reason`, and that nothing was recorded. */
export async function refused(t: Table, actor: string, action: string, input: unknown, reason: RegExp): Promise<void> {
  const seq = t.game.state.seq;
  await assert.rejects(t.game.act(actor, action, input), (err: unknown) => err instanceof ActionError && reason.test(err.message));
  assert.equal(t.game.state.seq, seq, `a refused ${action} records nothing`);
}

/** Makes a motion and has each active player vote as `votes` says (for, if absent; "abstain": no vote); returns its number. */
export async function motion(
  t: Table,
  by: string,
  kind: string,
  votes: Record<string, "for" | "against" | "abstain"> = {},
  extra: Record<string, Json> = {},
): Promise<number> {
  await t.game.act(by, "motion", { kind, ...extra });
  const number = Math.max(...Object.keys(record(t, "motions")).map(Number));
  for (const p of t.game.state.players) {
    if (record(t, "motions")[number].status !== "voting" || status(t, p.id) !== "active" || votes[p.id] === "abstain") continue;
    await t.game.act(p.id, "vote-motion", { motion: number, vote: votes[p.id] ?? "for" });
  }
  return number;
}

/** Closes the floor and passes a motion to begin the next round; the round opens (its first timer fires). */
export async function beginRound(t: Table, by: string): Promise<void> {
  await motion(t, by, "close-floor");
  await motion(t, by, "begin-round");
  await runTo(t, t.clock.now);
}

/** When the earliest pending timer of this name is due (UTC ms). */
export const nextTimer = (t: Table, name: string): number => {
  const timer = Object.values(t.game.state.timers)
    .filter((x) => x.name === name)
    .sort((a, b) => a.at - b.at)[0];
  assert.ok(timer, `a timer "${name}" is set`);
  return timer.at;
};

/** Proposes a rule-change for this turn and returns its number. */
export async function propose(t: Table, by: string, change: Record<string, Json>): Promise<number> {
  await t.game.act(by, "propose", change);
  return Math.max(...Object.keys(record(t, "proposals")).map(Number));
}

/** Votes on a proposal: each player named votes as said. */
export async function votes(t: Table, proposal: number, cast: Record<string, "for" | "against">): Promise<void> {
  for (const [player, vote] of Object.entries(cast)) await t.game.act(player, "vote", { proposal, vote });
}
