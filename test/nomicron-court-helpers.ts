/**
 * Set-up for the tests of Nomicron's court (rules 210-215): the published text with the court's
 * code attached, and one stand-in rule for what the court reads of the rest of the game (the
 * administrator, players' status and points, proposals and their votes, turns, round wins),
 * played by actions the test takes. The stand-in speaks the shared names and events of the
 * issue's contract, so the court's code runs here as it does in the full preset.
 */
import { readFileSync } from "node:fs";
import { Game } from "../src/kernel/game.js";
import { fireAllDueTimers } from "../src/kernel/game.js";
import { importRuleset } from "../src/records/import/import-ruleset.js";
import { presetsDir } from "../src/ruleset-sources/presets.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { stripRuleCode } from "../src/sandbox/compile-rule.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engineOptions } from "../src/engine.js";
import { testLimits } from "./helpers.js";
import { TestClock } from "./n-omic-helpers.js";

export const court = [210, 211, 212, 213, 214, 215];
export const courtSource = (n: number) => readFileSync(`${presetsDir}/nomicron/${n}.ts`, "utf8");

/** The stand-in's number: after the immutable rules, before every mutable rule of the text. */
const standIn = 150;
const standInCode = `
const administrator = gameState<string | null>("administrator", { initial: null });
const status = playerState<"active" | "inactive">("status", { initial: "active" });
const points = playerState("points", { initial: 0 });
const proposals = recordState<any>("proposals", { record: { kind: "proposal" } });
const round = gameState<any>("round", { initial: { number: 1, turn: 0, inConvention: false, turnName: null } });
const winners = gameState<any[]>("roundWinners", { initial: [] });
on("player.joined", (e) => { if (administrator.get() === null) administrator.set(e.data.player); });
action("sim-proposal", { describe: "stand-in for Rules 202 and 207: a proposal and who voted on it",
  input: t.object({ voters: t.array(t.player()) }) }, (input, { actor }) => {
  const number = 301 + proposals.keys().length;
  const votes: Record<string, string> = {};
  for (const v of input.voters) votes[v] = "for";
  proposals.set(number, { number, proposer: actor, votes, status: "voting", turn: round.get().turnName });
});
action("sim-turn", { describe: "stand-in for Rules 201 and 205: a turn begins, or ends and its votes close",
  input: t.object({ edge: t.enum(["begin", "end"]) }) }, (input) => {
  const r = round.get();
  if (input.edge === "begin") {
    const turn = r.turn + 1;
    const name = r.number + "-" + turn;
    round.set({ ...r, turn, turnName: name });
    game.emit("turn.began", { round: r.number, turn, name });
  } else {
    round.set({ ...r, turnName: null });
    game.emit("turn.ended", { round: r.number, turn: r.turn, name: r.turnName });
    game.emit("proposals.closed", { turn: r.turnName, round: r.number, ordinal: r.turn });
  }
});
on("round.win", (e) => { winners.set([...winners.get(), { round: round.get().number, player: e.data.player, reason: e.data.reason }]); });
`;

export interface CourtTable {
  game: Game;
  store: SqliteStore;
  clock: TestClock;
  /** Player ids by first name, in the order they joined (Ada, the first, is the administrator). */
  id: Record<"ada" | "grace" | "alan" | "edsger" | "barbara", string>;
}

export const fivePlayers = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov"];

/** A game of Nomicron's published text, the court's code attached, the stand-in for the rest; five players joined. */
export async function courtGame(seed = "court"): Promise<CourtTable> {
  const clock = new TestClock();
  const imported = importRuleset(readFileSync(new URL("../../shared/rulesets/nomicron.txt", import.meta.url), "utf8"));
  const rules = imported.rules.map((r) => (court.includes(r.number) ? { ...r, code: stripRuleCode(courtSource(r.number)) } : r));
  rules.push({
    number: standIn,
    title: "Stand-in",
    text: "Stand-in for the rest of the game, played by the test.",
    mutable: true,
    code: stripRuleCode(standInCode),
  });
  const store = SqliteStore.open(":memory:");
  const game = await Game.create(engineOptions({ store, sandbox: () => createQuickJsSandbox(testLimits), clock: clock.read }), {
    name: "Nomicron court",
    preset: null,
    rules,
    archived: imported.archived,
    seed,
  });
  const joined: string[] = [];
  for (const name of fivePlayers) joined.push((await game.join(name)).id);
  const [ada, grace, alan, edsger, barbara] = joined as [string, string, string, string, string];
  return { game, store, clock, id: { ada, grace, alan, edsger, barbara } };
}

export interface CaseView {
  number: number;
  question: string;
  caller: string;
  mentioned: string[];
  paradox: boolean;
  judge: string | null;
  appointedAt: number | null;
  drawnFrom: string | null;
  formerJudges: string[];
  status: string;
  verdict: "TRUE" | "FALSE" | null;
  reasoning: string | null;
  rulings: { verdict: string; by: string; appeal: number | null }[];
  appeals: { number: number; by: string; verdict: string; status: string; turn: string | null; votes: Record<string, string> }[];
}

export const cases = (game: Game) => game.value("cases") as unknown as Record<string, CaseView>;
export const caseOf = (game: Game, number: number) => cases(game)[number]!;
export const pool = (game: Game) => game.value("judicialPool") as string[];
export const points = (game: Game, player: string) => game.value("points", player) as number;

/** Moves the test's clock and fires the timers that came due, as a server would. */
export async function pass(t: CourtTable, ms: number): Promise<void> {
  t.clock.advance(ms);
  await fireAllDueTimers(t.game);
}

/** A turn of the stand-in's calendar begins (`begin`) or ends, its votes closing. */
export const turnEdge = (t: CourtTable, edge: "begin" | "end") => t.game.act(t.id.ada, "sim-turn", { edge });

/** `by` submits a proposal in this turn, and `voters` vote for it. */
export const proposal = (t: CourtTable, by: string, voters: string[]) => t.game.act(by, "sim-proposal", { voters });

/** The host records that a player is no longer active (during a round, status changes by correction). */
export const inactive = (t: CourtTable, player: string) =>
  t.game.correct({ host: true }, { cites: { rule: 3 }, reason: "no longer active", changes: [{ name: "status", player, value: "inactive" }] });
