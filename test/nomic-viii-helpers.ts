/**
 * Set-up for Nomic VIII tests: a real game of the preset in SQLite on a clock the test moves,
 * players joining, acting and posting messages, all through Game. Shared by the tests of the
 * turns, the people and the court; keep its API small and stable.
 */
import { engineOptions } from "../src/engine.js";
import { Game } from "../src/kernel/game.js";
import type { Json } from "../src/kernel/types.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { stripRuleCode } from "../src/sandbox/compile-rule.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { testLimits } from "./helpers.js";
import { TestClock, type Table } from "./nomicron-helpers.js";

export { day, hour, nextTimer, refused, reload, runTo, type Table, TestClock } from "./nomicron-helpers.js";

export const names = ["Ada Lovelace", "Alan Turing", "Grace Hopper"];

/** Midnight UTC of a day of 2026 (month 1..12): turns start and end at such moments (Mon/Thu/Sat). */
export const utc = (month: number, date: number, h = 0) => Date.UTC(2026, month - 1, date, h);

/** A rule a test adds to the initial set: its number, and its code (TypeScript) if any. */
export interface ExtraRule {
  number: number;
  text: string;
  mutable?: boolean;
  code?: string;
}

/**
 * A Nomic VIII game created at `start`; these people join as players in order (the first is its
 * founder and first moderator). `extra` rules join the initial set (a test's own rules).
 */
export async function viiiGame(start: number, players = names, file = ":memory:", extra: ExtraRule[] = []): Promise<Table> {
  const clock = new TestClock(start);
  const preset = loadPreset("nomic-viii");
  const archived = preset.archived;
  const added = extra.map((r) => ({ number: r.number, title: null, text: r.text, mutable: r.mutable ?? true, code: r.code ? stripRuleCode(r.code) : null }));
  const rules = [...preset.rules, ...added].sort((a, b) => a.number - b.number);
  const store = SqliteStore.open(file);
  const options = engineOptions({ store, sandbox: () => createQuickJsSandbox(testLimits), clock: clock.read });
  const game = await Game.create(options, { name: "Nomic VIII test", preset: "nomic-viii", rules, archived, seed: "nomic-viii-test" });
  const id: Record<string, string> = {};
  for (const name of players) id[name.split(" ")[0]!.toLowerCase()] = (await game.join(name)).id;
  return { game, store, clock, id };
}

/** A rule-change (Rule 103) as proposals carry it. */
export type RuleChange8 =
  | { kind: "enact"; title: string; text: string; code?: Json }
  | { kind: "repeal"; number: number }
  | { kind: "set-property"; number: number; key: string; value: Json };

/** A proposal's entry (the `proposals` record, keyed "q1", "q2"...). */
export interface Proposal8 {
  number: number;
  label: string;
  stage: "queue" | "deck" | "voting" | "adopted" | "defeated" | "removed" | "pending";
  status: string;
  author: string | null;
  proposer: string;
  createdAt: number;
  endorsers: string[];
  change: RuleChange8;
  votes: Record<string, "for" | "against">;
  judicial?: true;
  votesIn?: { channel: string; for: string; against: string; withdraw?: string };
  reason: string | null;
}

export interface Turn8 {
  number: number;
  startedAt: number;
  endsAt: number;
}

/** A game state's value (or a player's), as the rules keep it. */
export const value = <T = any>(t: Table, name: string, player?: string): T => t.game.value(name, player) as T;
export const turn = (t: Table) => value<Turn8 | null>(t, "turn");
export const proposals = (t: Table) => (value<Record<string, Proposal8> | undefined>(t, "proposals") ?? {}) as Record<string, Proposal8>;
/** The proposal put to vote under this number. */
export const numbered = (t: Table, number: number): Proposal8 | undefined => Object.values(proposals(t)).find((p) => p.number === number);

/** Creates a proposal in the Proposal Queue (Rule 201) and returns its key ("q1"...). */
export async function propose(t: Table, by: string, change: RuleChange8): Promise<string> {
  const before = new Set(Object.keys(proposals(t)));
  await t.game.act(by, "propose", change as unknown as Json);
  const created = Object.keys(proposals(t)).find((k) => !before.has(k));
  if (!created) throw new Error("no proposal was created");
  return created;
}

/** The kernel's entry for a person's message ops (contract 1, Game.message): returns the message's number, from the act recorded. */
type MessageOp = { op: "post"; channel: string; text: string } | { op: "edit"; message: number; text: string } | { op: "delete"; message: number };
const messageOp = async (t: Table, person: string, op: MessageOp): Promise<number> => {
  const game = t.game as unknown as { message(person: string, op: MessageOp): Promise<{ act: { input: unknown } }> };
  return ((await game.message(person, op)).act.input as { message: number }).message;
};

/** Posts a message in a channel; returns its number. */
export const say = (t: Table, person: string, channel: string, text: string) => messageOp(t, person, { op: "post", channel, text });
export const editMessage = (t: Table, person: string, message: number, text: string) => messageOp(t, person, { op: "edit", message, text });
export const deleteMessage = (t: Table, person: string, message: number) => messageOp(t, person, { op: "delete", message });

/** Casts a vote on a proposal put to vote, as a message in its vote channel ("aye", "nay", "withdraw"...); returns the message's number. */
export async function vote(t: Table, person: string, number: number, word: string): Promise<number> {
  const votesIn = numbered(t, number)?.votesIn;
  if (!votesIn) throw new Error(`proposal ${number} is not being voted on`);
  return say(t, person, votesIn.channel, word);
}
