/**
 * Benchmark: bot games of Suber's Initial Set played to a winner on a SQLite file, then
 * replayed from the file; the same games again with the rule code run outside the sandbox
 * (trusted mode, for this comparison only). Prints its figures; asserts nothing.
 *
 *   npm run bench [-- --games 20 --players 4]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { playBotGame, SuberBot } from "../src/rulesets/suber/extras/bot.js";
import { replay } from "../src/kernel/fold.js";
import { Game, type EngineOptions } from "../src/kernel/game.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import type { SandboxFactory } from "../src/kernel/sandbox.js";
import { createTrustedSandbox } from "../src/sandbox/trusted-sandbox.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engineOptions } from "../src/engine.js";

const { values: args } = parseArgs({ options: { games: { type: "string", default: "20" }, players: { type: "string", default: "4" } } });
const games = Number(args.games);
const players = Number(args.players);
const names = ["Grace Hopper", "Ada Lovelace", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth"].slice(0, players);

interface Run {
  seconds: number;
  acts: number;
  effects: number;
  turns: number;
  latencies: number[];
  file: string;
  ids: string[];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

let peakRss = 0;
function sampleMemory(): void {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}

async function play(label: string, sandbox: SandboxFactory, dir: string, durability: "full" | "process" = "full"): Promise<Run> {
  const file = join(dir, `${label}.db`);
  const store = SqliteStore.open(file, { durability });
  const { rules } = loadPreset("suber");
  const run: Run = { seconds: 0, acts: 0, effects: 0, turns: 0, latencies: [], file, ids: [] };
  for (let g = 0; g < games; g++) {
    let now = Date.UTC(2026, 0, 1);
    const options: EngineOptions = engineOptions({ store, sandbox, clock: () => (now += 1000) });
    const started = performance.now();
    const game = await Game.create(options, { name: `bench ${g}`, preset: "suber", rules, seed: `bench-${g}` });
    const bots = new Map<string, SuberBot>();
    for (const name of names) {
      const p = await game.join(name);
      bots.set(p.id, new SuberBot(p.id, { seed: `bench-${g}` }));
    }
    const act = game.act.bind(game);
    game.act = async (...a: Parameters<Game["act"]>) => {
      const t0 = performance.now();
      const outcome = await act(...a);
      run.latencies.push(performance.now() - t0);
      run.effects += outcome.act.effects.length;
      return outcome;
    };
    run.turns += await playBotGame(game, bots);
    if (game.state.status !== "over") throw new Error(`game ${g} ended without a winner`);
    run.acts += game.state.seq;
    run.seconds += (performance.now() - started) / 1000;
    run.ids.push(game.id);
    game.close();
    sampleMemory();
  }
  store.close();
  run.latencies.sort((a, b) => a - b);
  return run;
}

function report(label: string, run: Run): void {
  console.log(`${label}:`);
  console.log(`  ${games} games to a winner, ${run.turns} turns, ${run.acts} acts, ${run.effects} effects in ${run.seconds.toFixed(2)} s`);
  console.log(
    `  games/s ${(games / run.seconds).toFixed(2)}   acts/s ${(run.acts / run.seconds).toFixed(0)}   events/s (acts + effects) ${((run.acts + run.effects) / run.seconds).toFixed(0)}`,
  );
  console.log(
    `  one action (rule code and the SQLite write included): p50 ${percentile(run.latencies, 50).toFixed(3)} ms   p99 ${percentile(run.latencies, 99).toFixed(3)} ms   max ${run.latencies.at(-1)?.toFixed(3)} ms`,
  );
}

const dir = mkdtempSync(join(tmpdir(), "nomos-bench-"));
try {
  console.log(`Nomos benchmark: Suber's Initial Set, ${players} scripted players, Node ${process.version}\n`);
  // One game first so that both runs start warm (module loading, TypeScript, JIT).
  await play("warm-up", () => createQuickJsSandbox(), dir);
  peakRss = 0;
  const sandboxed = await play("sandboxed", () => createQuickJsSandbox(), dir);
  report("Sandboxed (QuickJS), SQLite synced to disk on every act", sandboxed);

  // Replay: fold every game's log from the SQLite file, without running rule code.
  const store = SqliteStore.open(sandboxed.file);
  const t0 = performance.now();
  let events = 0;
  for (const id of sandboxed.ids) {
    const acts = store.readActs(id);
    const info = store.getGame(id)!;
    replay(info.name, info.preset, acts);
    for (const a of acts) events += 1 + a.effects.length;
  }
  const replaySeconds = (performance.now() - t0) / 1000;
  store.close();
  console.log(`  replay from the SQLite log: ${events} events in ${replaySeconds.toFixed(3)} s = ${(events / replaySeconds).toFixed(0)} events/s`);
  sampleMemory();
  console.log(`  peak memory (RSS): ${(Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 2 ** 20).toFixed(0)} MiB\n`);

  const processOnly = await play("process-durable", () => createQuickJsSandbox(), dir, "process");
  report("Sandboxed, SQLite durable against a killed process only (synchronous=NORMAL: no disk sync per act)", processOnly);
  console.log();

  const trusted = await play("trusted", () => createTrustedSandbox(), dir);
  report("Trusted (same rule code run in Node, benchmark only)", trusted);
  console.log(
    `\nSandboxed / trusted time: ${(sandboxed.seconds / trusted.seconds).toFixed(2)}x   (p99 ${(percentile(sandboxed.latencies, 99) / percentile(trusted.latencies, 99)).toFixed(2)}x)`,
  );
  if (sandboxed.acts !== trusted.acts) console.log(`note: the runs differ (${sandboxed.acts} vs ${trusted.acts} acts)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
