/** The scripted Suber players and their driver, on real games through the public API. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { botRandom } from "../src/bots/random.js";
import { playBotGame, SuberBot, type BotPlayer, type TurnReport } from "../src/rulesets/suber/extras/bot.js";
import { Game } from "../src/kernel/game.js";
import type { Json } from "../src/kernel/types.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { engine, playTurn, points } from "./helpers.js";

const names = ["Grace Hopper", "Ada Lovelace", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov"];

async function botGame(seed: string, players: number, options = engine()): Promise<{ game: Game; bots: SuberBot[] }> {
  const game = await Game.create(options, { name: seed, preset: "suber", rules: loadPreset("suber").rules, seed });
  const bots: SuberBot[] = [];
  for (const name of names.slice(0, players)) bots.push(new SuberBot((await game.join(name)).id, { seed }));
  return { game, bots };
}

function mutableCount(game: Game): number {
  return Object.values(game.state.rules).filter((r) => r.mutable).length;
}

test("bots play several seeds to a winner at 200 points or more", async () => {
  const kinds = new Set<string>();
  for (const [seed, players] of [
    ["alpha", 2],
    ["beta", 3],
    ["gamma", 4],
    ["delta", 5],
    ["epsilon", 3],
  ] as const) {
    const { game, bots } = await botGame(seed, players);
    const reports: TurnReport[] = [];
    let peak = 0;
    const turns = await playBotGame(game, bots, {
      onTurn: (r) => {
        reports.push(r);
        kinds.add((r.change as { kind: string }).kind);
        peak = Math.max(peak, mutableCount(game));
      },
      onStop: (reason) => assert.fail(`seed ${seed} stopped: ${reason}`),
    });
    assert.equal(game.state.status, "over", seed);
    assert.equal(turns, reports.length);
    const result = game.state.result!;
    assert.equal(result.rule, 208, seed);
    assert.equal(result.winners.length, 1);
    assert.ok(points(game, result.winners[0]!) >= 200, `${seed}: the winner has ${points(game, result.winners[0]!)} points`);
    assert.deepEqual(reports.at(-1)!.points[result.winners[0]!], points(game, result.winners[0]!));
    assert.ok(peak <= 25, `Rule 209's cap held (peak ${peak})`);
    // Turns go round: every player proposed at least once.
    assert.deepEqual(new Set(reports.map((r) => r.player)), new Set(bots.map((b) => b.player)), seed);
    game.close();
  }
  for (const kind of ["enact", "amend", "repeal"]) assert.ok(kinds.has(kind), `the bots proposed a ${kind}`);
});

test("a bot game is reproducible from its seed", async () => {
  const run = async () => {
    const { game, bots } = await botGame("same-seed", 3);
    const reports: TurnReport[] = [];
    await playBotGame(game, new Map(bots.map((b) => [b.player, b])), { onTurn: (r) => reports.push(r) });
    const out = { reports, result: game.state.result, rules: Object.keys(game.state.rules) };
    game.close();
    return out;
  };
  assert.deepEqual(await run(), await run());
});

test("the bots' random source is their own and seeded", () => {
  const a = botRandom("x");
  const b = botRandom("x");
  const draws = Array.from({ length: 5 }, () => a());
  assert.deepEqual(
    draws,
    Array.from({ length: 5 }, () => b()),
  );
  assert.notDeepEqual(draws, Array.from({ length: 5 }, botRandom("y")));
  assert.ok(draws.every((d) => d >= 0 && d < 1));
});

test("with 24 mutable rules a bot always proposes a repeal of an invented rule", async () => {
  const { game, bots } = await botGame("crowded", 2);
  await game.act(bots[0]!.player, "start", {});
  for (let i = 0; mutableCount(game) < 24; i++) await playTurn(game, { kind: "enact", text: `Filler rule ${i}.` });
  for (const bot of bots) {
    for (let i = 0; i < 20; i++) {
      const first = bot.proposals(game)[0] as { kind: string; rule: number };
      assert.equal(first.kind, "repeal");
      assert.ok(first.rule >= 301 && game.state.rules[first.rule]?.mutable);
    }
  }
  game.close();
});

test("the driver tries another proposal when the rules refuse one", async () => {
  const { game, bots } = await botGame("refusals", 3);
  const refusedFirst: BotPlayer[] = bots.map((bot) => ({
    player: bot.player,
    // Rule 103 refuses repealing an immutable rule; Rule 104's form refuses a made-up kind.
    proposals: (g: Game): Json[] => [{ kind: "repeal", rule: 101 }, { kind: "abolish" }, ...bot.proposals(g)],
    vote: (g, p) => bot.vote(g, p),
  }));
  const turns = await playBotGame(game, refusedFirst, { maxTurns: 6 });
  assert.equal(turns, 6);
  assert.ok(game.state.rules[101], "rule 101 is still there");
  game.close();
});

test("the driver stops at its limits, or when no bot can move, without throwing", async () => {
  const { game, bots } = await botGame("limits", 3);
  let reason = "";
  await playBotGame(game, bots, { maxActs: 10, onStop: (r) => (reason = r) });
  assert.equal(game.state.status, "active");
  assert.match(reason, /limit of 10 acts/);
  assert.equal(game.state.seq, 1 + 3 + 10, "create, three joins, ten acts");

  // Nobody plays for the third player: the driver stops when a vote cannot be cast.
  await playBotGame(game, bots.slice(0, 2), { onStop: (r) => (reason = r) });
  assert.match(reason, /cannot be decided|no bot plays for/);
  game.close();
});
