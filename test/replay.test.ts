/**
 * The log is the truth: whole games rebuilt from their logs give exactly the state they
 * had; re-running a log's inputs gives the same effects (time and randomness are the
 * engine's); the sandbox's mirror agrees with the folded state at every step.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { playBotGame, SuberBot } from "../src/rulesets/suber/extras/bot.js";
import { replay } from "../src/kernel/fold.js";
import { bootSnapshot } from "../src/kernel/boot.js";
import { Game } from "../src/kernel/game.js";
import type { Act, Json } from "../src/kernel/types.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engine, mover, playTurn, suberGame } from "./helpers.js";

/** A varied game: enactments with code that draws random numbers and keeps state, amendments, repeals, a dissent. */
async function playVariedGame(game: Game, turns: number, onStep?: () => void | Promise<void>): Promise<void> {
  const dice = `
const rolls = playerState("rolls", { initial: [] as number[], visibility: "owner" });
on("vote.cast", (e) => { rolls.update(e.data.voter, (r) => [...r, game.random.int(1, 6)].slice(-5)); });
`;
  for (let i = 0; i < turns && game.state.status === "active"; i++) {
    const change: { kind: string; [key: string]: Json } =
      i === 1
        ? { kind: "enact", text: "Every vote rolls a die for the voter.", code: dice }
        : i % 5 === 4
          ? { kind: "amend", rule: conspiracyRule(game), text: `No conspiring, as amended in turn ${i}.` }
          : { kind: "enact", text: `Rule of turn ${i}.` };
    const p = await playTurn(game, change, i % 3 === 2 ? [game.state.players.find((p) => p.id !== mover(game))!.id] : []);
    await onStep?.();
    if (p.status === "adopted" && change.kind === "enact" && i !== 1 && i % 2 === 0) {
      await playTurn(game, { kind: "repeal", rule: p.number });
      await onStep?.();
    }
  }
}

test("a game rebuilt from its SQLite log alone has exactly the state it had", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-replay-"));
  try {
    const file = join(dir, "game.db");
    const options = engine(SqliteStore.open(file));
    options.snapshotEvery = 25;
    const game = await suberGame(["Grace Hopper", "Ada Lovelace", "Alan Turing", "Edsger Dijkstra"], options, "replay");
    await playVariedGame(game, 18);
    assert.equal(game.state.status, "active");
    const live = structuredClone(game.state);
    game.close();
    options.store.close();

    const store = SqliteStore.open(file);
    const acts = await store.readActs(game.id);
    assert.equal(acts.length, live.seq);
    assert.deepEqual(replay(live.name, live.preset, acts), live, "folding the whole log");
    const loaded = await Game.load({ ...engine(store) }, game.id);
    assert.deepEqual(loaded.state, live, "loading from the latest snapshot and the acts after it");
    // The loaded game plays on.
    await playTurn(loaded, { kind: "enact", text: "After reloading." });
    assert.equal(loaded.state.seq, live.seq + 1 + loaded.state.players.length);
    loaded.close();
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("whole bot games to a winner, rebuilt from their logs, have exactly their final state", async () => {
  const options = engine();
  for (const seed of ["whole-1", "whole-2", "whole-3"]) {
    const { rules } = loadPreset("suber");
    const game = await Game.create(options, { name: seed, preset: "suber", rules, seed });
    const bots = new Map<string, SuberBot>();
    for (const name of ["Grace Hopper", "Ada Lovelace", "Alan Turing", "Edsger Dijkstra"]) {
      const p = await game.join(name);
      bots.set(p.id, new SuberBot(p.id, { seed }));
    }
    await playBotGame(game, bots);
    assert.equal(game.state.status, "over");
    assert.deepEqual(replay(seed, "suber", await options.store.readActs(game.id)), game.state);
    game.close();
  }
});

test("re-running a log's inputs with its times and seed gives the same effects", async () => {
  const options = engine();
  const game = await suberGame(["Grace Hopper", "Ada Lovelace", "Alan Turing"], options, "determinism");
  await playVariedGame(game, 12);
  const acts = await options.store.readActs(game.id);
  game.close();

  // A fresh engine, fed the same inputs at the same times with the same game seed.
  const times = acts.map((a) => a.time);
  let i = 0;
  const rerun = engine();
  rerun.clock = () => times[i++] ?? times[times.length - 1]!;
  const first = acts[0]!.input;
  assert.equal(first.kind, "create");
  if (first.kind !== "create") return;
  const again = await Game.create(rerun, { name: first.name, preset: first.preset, rules: first.rules, seed: "determinism" });
  for (const act of acts.slice(1)) {
    const input = act.input;
    if (input.kind === "join") await again.join(input.player.name, input.player.id);
    else if (input.kind === "action") await again.act(input.actor, input.name, rawInput(input.input));
  }
  const replayed = await rerun.store.readActs(again.id);
  assert.deepEqual(strip(replayed), strip(acts));
  again.close();
});

test("the sandbox's mirror agrees with the state folded from the log, at every step", async () => {
  const game = await suberGame(["Grace Hopper", "Ada Lovelace", "Alan Turing"], engine(), "mirror");
  const check = async () => {
    const mirror = (await game.guestDump()) as { rules: unknown[]; players: unknown[]; values: unknown; timers: unknown[]; status: string; decls: unknown };
    const boot = bootSnapshot(game.state);
    assert.deepEqual(
      mirror.rules,
      [...boot.rules].sort((a, b) => a.number - b.number),
    );
    assert.deepEqual(mirror.players, boot.players);
    assert.deepEqual(mirror.values, boot.values);
    assert.equal(mirror.status, boot.status);
    assert.deepEqual(mirror.decls, game.state.decls);
  };
  await playVariedGame(game, 10, check);
  // A sandbox booted from the folded state agrees too.
  const fresh = await createQuickJsSandbox();
  await fresh.boot(bootSnapshot(game.state));
  assert.deepEqual(((await fresh.dump()) as { values: unknown }).values, game.state.values);
  fresh.dispose();
  game.close();
});

/** Rule 210, under whatever number its amendments gave it (108). */
function conspiracyRule(game: Game): number {
  const rule = Object.values(game.state.rules).find((r) => /conspir/.test(r.text));
  if (!rule) throw new Error("rule 210 is gone");
  return rule.number;
}

/** Rule code in a logged input is compiled; the player sent its source. */
function rawInput(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(rawInput);
  if (input && typeof input === "object") {
    const o = input as Record<string, unknown>;
    if (typeof o.source === "string" && typeof o.js === "string" && Object.keys(o).length === 2) return o.source;
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, rawInput(v)]));
  }
  return input;
}

/** Acts without the game id, which differs between the two games. */
function strip(acts: Act[]): unknown {
  return acts.map(({ seq, time, seed, input, effects }) => ({ seq, time, seed, input, effects }));
}
