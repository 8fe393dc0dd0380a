/**
 * The scripted N_omic players and their driver, on real games through the public API. What
 * happened is read from the game's log and state, never from the bots' own reports.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { NomicBot, playNomicGame, SimulatedClock, type NomicBotPlayer, type NomicTurnReport } from "../src/rulesets/n_omic/extras/bot.js";
import { Game, type EngineOptions } from "../src/kernel/game.js";
import { emptyState, fold } from "../src/kernel/fold.js";
import type { Act, GameState, Json } from "../src/kernel/types.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { runCli } from "./cli-run.js";
import { engine } from "./helpers.js";

const names = ["Grace Hopper", "Ada Lovelace", "Alan Turing", "Edsger Dijkstra"];
const dir = mkdtempSync(join(tmpdir(), "nomos-n-omic-bots-"));
after(() => rmSync(dir, { recursive: true, force: true }));

async function botGame(seed: string): Promise<{ game: Game; bots: NomicBot[]; clock: SimulatedClock; options: EngineOptions }> {
  const clock = new SimulatedClock(Date.UTC(2026, 0, 5, 12));
  const options = { ...engine(), clock: clock.now };
  const { rules, archived } = loadPreset("n_omic");
  const game = await Game.create(options, { name: seed, preset: "n_omic", rules, archived, seed });
  const bots: NomicBot[] = [];
  for (const name of names) bots.push(new NomicBot((await game.join(name)).id, { seed }));
  return { game, bots, clock, options };
}

/** Plays until someone has won and three circuits are complete (or 80 turns). */
async function playToAWin(seed: string) {
  const { game, bots, clock, options } = await botGame(seed);
  const reports: NomicTurnReport[] = [];
  let stopped: string | null = null;
  const turns = await playNomicGame(game, bots, {
    clock,
    maxTurns: 80,
    until: (r) => r.circuits >= 3 && Object.values(r.wins).some((w) => w > 0),
    onTurn: (r) => reports.push(r),
    onStop: (reason) => (stopped = reason),
  });
  return { game, bots, options, reports, turns, stopped };
}

type Values = GameState["values"];
/** Each act of the log with the state's values just before and just after it. */
async function replayed(game: Game, options: EngineOptions): Promise<{ act: Act; before: Values; after: Values }[]> {
  const state = emptyState(game.state.name, game.state.preset);
  const out: { act: Act; before: Values; after: Values }[] = [];
  for (const act of await options.store.readActs(game.id)) {
    const before = structuredClone(state.values);
    fold(state, act);
    out.push({ act, before, after: structuredClone(state.values) });
  }
  return out;
}
const held = (values: Values, name: string, player: string): number => (values.player[name]?.[player] as number | undefined) ?? 0;
const events = (act: Act, type: string) => act.effects.filter((e) => e.e === "event" && e.type === type) as { data: Json }[];
const actionOf = (act: Act) => (act.input.kind === "action" ? act.input : null);

test("a scripted game of four bots plays N_omic through at least three circuits and a win", async () => {
  const { game, bots, options, reports, turns, stopped } = await playToAWin("circuits");
  const ids = bots.map((b) => b.player);
  assert.equal(stopped, null, `the driver stopped early: ${stopped}`);
  assert.equal(turns, reports.length);
  assert.equal(game.state.status, "active", "winning does not end N_omic (Rule 312)");
  assert.ok((game.value("turn") as { circuits: number }).circuits >= 3);
  const wins = Object.fromEntries(ids.map((id) => [id, game.value("wins", id) as number]));
  assert.ok(
    Object.values(wins).some((w) => w >= 1),
    `someone has won: ${JSON.stringify(wins)}`,
  );

  const log = await replayed(game, options);

  // The win: at that act every player's points go back to 0 and Groks to 50 + 20 x wins.
  const winning = log.filter(({ act }) => events(act, "player.won").length > 0);
  assert.ok(winning.length >= 1);
  for (const { act, after } of winning) {
    const won = act.effects.findIndex((e) => e.e === "event" && e.type === "player.won");
    const winner = (events(act, "player.won")[0]!.data as { player: string }).player;
    const scored = act.effects
      .slice(0, won)
      .flatMap((e) => (e.e === "event" && e.type === "points.changed" ? [e.data as { player: string; total: number }] : []));
    const reached = scored.filter((d) => d.player === winner).at(-1)!.total;
    assert.ok(reached >= 200, `the winner reached ${reached} points`);
    for (const id of ids) {
      assert.equal(held(after, "points", id), 0, `${id}'s points are reset at act ${act.seq}`);
      assert.equal(held(after, "groks", id), 50 + 20 * held(after, "wins", id), `${id}'s Groks are reset at act ${act.seq}`);
    }
    assert.ok(act.effects.some((e) => e.e === "message" && /The game goes on \(Rule 312\)/.test(e.text)));
  }

  // A bought vote, on a proposal's record and in the log.
  const proposals = Object.values(
    game.value("proposals") as Record<string, { suggesters: string[] | null; extra: Record<string, string>; proposer: string; number: number }>,
  );
  assert.ok(
    proposals.some((p) => Object.keys(p.extra).length > 0),
    "someone bought an additional vote",
  );
  assert.ok(log.some(({ act }) => actionOf(act)?.name === "vote" && (actionOf(act)!.input as { extra?: boolean }).extra === true));

  // A proposal from the suggestions list: each suggester gains 25 Groks, the proponent 100 + 25 per extra.
  const fromList = proposals.filter((p) => p.suggesters !== null);
  assert.ok(fromList.length >= 1, "a proposal was made from suggestions");
  for (const p of fromList) {
    const { act, before, after } = log.find(
      ({ act }) =>
        actionOf(act)?.name === "propose" &&
        act.effects.some((e) => e.e === "event" && e.type === "proposal.opened" && (e.data as { number: number }).number === p.number),
    )!;
    assert.equal(actionOf(act)!.actor, p.proposer);
    for (const s of p.suggesters!) assert.equal(held(after, "groks", s) - held(before, "groks", s), 25, `suggester ${s} of proposal ${p.number}`);
    assert.equal(held(after, "groks", p.proposer) - held(before, "groks", p.proposer), 100 + 25 * (p.suggesters!.length - 1));
  }

  // A move off the starting square (everyone starts in row 20, five files apart).
  const start = log.find(({ act }) => act.input.kind === "action")!.before;
  const moves = log.filter(({ act }) => actionOf(act)?.name === "move");
  assert.ok(moves.length >= 1, "someone moved");
  assert.ok(ids.every((id) => (start.player.position?.[id] as { y: number } | undefined)?.y === 20));
  assert.ok(
    moves.some(({ act, after }) => {
      const mover = actionOf(act)!.actor;
      return JSON.stringify(after.player.position?.[mover]) !== JSON.stringify(start.player.position?.[mover]);
    }),
    "a move left a starting square",
  );

  // Poem lines from every bot, one to five a turn.
  const poem = game.value("epic-poem") as { by: string | null; turn: number }[];
  for (const id of ids)
    assert.ok(
      poem.some((l) => l.by === id),
      `${id} added to the Epic Poem`,
    );
  const perTurn = new Map<number, number>();
  for (const l of poem) if (l.by) perTurn.set(l.turn, (perTurn.get(l.turn) ?? 0) + 1);
  assert.ok([...perTurn.values()].every((n) => n >= 1 && n <= 5));

  // The driver's reports agree with the log.
  assert.deepEqual(
    reports.flatMap((r) => r.won.map((w) => w.player)),
    winning.map(({ act }) => (events(act, "player.won")[0]!.data as { player: string }).player),
  );
  game.close();
});

test("an N_omic bot game is reproducible from its seed", async () => {
  const run = async (seed: string) => {
    const { game, reports } = await playToAWin(seed);
    const out = { reports, values: game.state.values, rules: Object.keys(game.state.rules), seq: game.state.seq };
    game.close();
    return out;
  };
  const first = await run("same-seed");
  assert.deepEqual(await run("same-seed"), first);
  assert.notDeepEqual((await run("other-seed")).reports, first.reports);
});

test("the driver tries the bot's next choice when the rules refuse one, and stops at its limit", async () => {
  const { game, bots, clock } = await botGame("refusals");
  const stubborn: NomicBotPlayer[] = bots.map((bot) => ({
    player: bot.player,
    suggestion: (g) => bot.suggestion(g),
    // Buying 20 extra rule-changes costs 1000 Groks: refused, so the driver buys none.
    purchase: () => 20,
    // Rule 103 refuses repealing immutable Rule 101.
    proposals: (g, wanted) => [{ changes: [{ kind: "repeal", rule: 101 }] }, ...bot.proposals(g, wanted)],
    revision: (g, p) => bot.revision(g, p),
    // 100 Groks for an additional vote that nobody can afford at first.
    vote: (g, p, last) => ({ ...bot.vote(g, p, last), extra: true }),
    // Rule 324 refuses a move of ten rows and onto row 10.
    moves: (g) => [{ x: 0, y: 10 }, { x: 0, y: 5 }, ...bot.moves(g)],
    poemFirst: (g) => bot.poemFirst(g),
    poem: (g) => bot.poem(g),
  }));
  let reason = "";
  const turns = await playNomicGame(game, stubborn, { clock, maxTurns: 6, onStop: (r) => (reason = r) });
  assert.equal(turns, 6);
  assert.match(reason, /limit of 6 turns/);
  assert.ok(game.state.rules[101], "Rule 101 still stands");
  assert.equal((game.value("turn") as { number: number }).number, 7);
  // Nobody can begin a turn without a bot to play it: the driver says so rather than waiting.
  await playNomicGame(game, stubborn.slice(0, 1), { clock, onStop: (r) => (reason = r) });
  assert.match(reason, /no bot plays for|cannot be decided/);
  game.close();
});

test("nomos play --preset n_omic: scripted players play to the first win and stop there", async () => {
  const db = join(dir, "play.db");
  const [played, text, limited, unknown] = await Promise.all([
    runCli(["--db", db, "play", "--preset", "n_omic", "--seed", "x"], true),
    runCli(["--db", join(dir, "play-text.db"), "play", "--preset", "n_omic", "--seed", "x"], false),
    runCli(["--db", join(dir, "limit.db"), "play", "--preset", "n_omic", "--seed", "x", "--max-turns", "2", "--quiet"], false),
    runCli(["--db", join(dir, "none.db"), "play", "--preset", "nomicron"], false),
  ]);
  assert.equal(played.code, 0, played.stderr);
  const out = played.out;
  assert.equal(out.preset, "n_omic");
  assert.equal(out.status, "active");
  assert.equal(out.stopped, null);
  assert.equal(out.winners.length, 1);
  const winner = out.winners[0];
  assert.ok(winner.points >= 200);
  assert.equal(out.wins[winner.id], 1);
  assert.equal(out.points[winner.id], 0, "Rule 312 reset the points");
  assert.ok(out.days >= 1, "the discussions took days of game time");

  const state = await runCli(["--db", db, "state"], true);
  assert.equal(state.code, 0, state.stderr);
  const wins = state.out.state.find((s: { name: string }) => s.name === "wins");
  assert.equal(wins.values[winner.id], 1);

  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /^Turn 1: .+ Proposal 338 /m);
  assert.match(text.stdout, /^ {2}poem: "/m);
  assert.match(text.stdout, /^ {2}Grace Hopper -?\d+ pts, \d+ Groks/m);
  assert.match(text.stdout, new RegExp(`^${winner.name} won on turn ${winner.turn} with ${winner.points} points`, "m"), "the same seed plays the same game");

  assert.equal(limited.code, 0, limited.stderr);
  assert.match(limited.stdout, /^No win after 2 turns: reached the limit of 2 turns\.$/m);

  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /the scripted players know only the suber, n_omic and nomic-viii presets, not "nomicron"/);
});
