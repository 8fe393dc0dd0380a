/** Set-up for the tests of Nomic VIII's court and End State: a game of the preset with rules of the test's own added, as if adopted. */
import assert from "node:assert/strict";
import { engineOptions } from "../src/engine.js";
import { Game } from "../src/kernel/game.js";
import type { RuleSpec } from "../src/kernel/types.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { stripRuleCode } from "../src/sandbox/compile-rule.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { testLimits } from "./helpers.js";
import { runTo, TestClock, utc, value, type Table } from "./nomic-viii-helpers.js";

export const court = [108, 209, 210, 211, 212];

/** A rule numbered from 301 with this code, mutable unless said. */
export const extraRule = (number: number, code: string, props?: Record<string, string | number[]>, mutable = true): RuleSpec => ({
  number,
  title: `Rule ${number}`,
  text: `Rule ${number} of the test.`,
  mutable,
  code: stripRuleCode(code),
  ...(props ? { props } : {}),
});

/** Player ids by the lower-case first name of each player. */
type Ids<P extends string> = Record<Lowercase<P extends `${infer First} ${string}` ? First : P>, string>;

/** A game of these players with these rules added, created on Wednesday 7 January 2026, its first turn begun on Thursday the 8th. */
export async function courtGame<const P extends string>(players: readonly P[], extra: RuleSpec[] = []): Promise<Table & { id: Ids<P> }> {
  const clock = new TestClock(utc(1, 7, 12));
  const { rules, archived } = loadPreset("nomic-viii");
  const store = SqliteStore.open(":memory:");
  const options = engineOptions({ store, sandbox: () => createQuickJsSandbox(testLimits), clock: clock.read });
  const game = await Game.create(options, { name: "Court test", preset: "nomic-viii", rules: [...rules, ...extra], archived, seed: "nomic-viii-court" });
  const id: Record<string, string> = {};
  for (const name of players) id[name.split(" ")[0]!.toLowerCase()] = (await game.join(name)).id;
  const t = { game, store, clock, id: id as Ids<P> };
  await runTo(t, utc(1, 8));
  return t;
}

export interface Term {
  judge: string | null;
  invoker: string;
  since: number;
  turn: number;
  acknowledged: boolean;
  served: string[];
  disbarred: string[];
}
export const term = (t: Table) => value<{ term: Term | null }>(t, "judgment").term;
export const judge = (t: Table) => term(t)?.judge ?? null;
export const caseOf = (t: Table, n: number) => value<Record<string, any>>(t, "cases")[n];

/** These players opt into being drawn as Judge (Rule 209). */
export async function optIn(t: Table, players: readonly string[]): Promise<void> {
  for (const p of players) await t.game.act(p, "judge-opt-in", { optIn: true });
}

/** Every message of the log addressed to everyone. */
export const log = async (t: Table): Promise<string[]> =>
  (await t.store.readActs(t.game.id)).flatMap((act) => act.effects.filter((e) => e.e === "message" && e.to === null).map((e) => (e as { text: string }).text));

/** Asserts that no rule of the court failed in the game (other rules are other tests' business). */
export const clean = (t: Table) =>
  assert.deepEqual(
    t.game.state.failures.filter((f) => court.includes(f.rule)),
    [],
    "no rule of the court failed",
  );
