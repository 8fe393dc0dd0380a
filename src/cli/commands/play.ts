/** `nomos play`: a whole game between scripted players, printed turn by turn, then the final ruleset and the winner. */
import { randomBytes } from "node:crypto";
import type { Command } from "commander";
import { playBotGame, SuberBot, type TurnReport } from "../../bots/suber-bot.js";
import { Game } from "../../kernel/game.js";
import { loadPreset } from "../../ruleset/presets.js";
import { output, playerNames, UsageError, withStore, type GlobalOptions } from "../context.js";
import { formatRuleset } from "../../present/format.js";
import { positive } from "../parse.js";
import { describeChange } from "../suber-view.js";

// Distinct surnames, since Suber's Rule 201 orders turns by surname.
const botNames = ["Grace Hopper", "Ada Lovelace", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth", "Frances Allen", "John McCarthy"];

interface PlayOptions { preset: string; bots: number; seed?: string; maxTurns: number; quiet?: boolean }

export function registerPlayCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command("play")
    .description("create a game between scripted players and play it to a winner, printing each turn, the final ruleset and the winner")
    .option("--preset <preset>", "the ruleset (the scripted players know suber)", "suber")
    .option("--bots <n>", `how many players, 2 to ${botNames.length}`, positive("--bots"), 4)
    .option("--seed <seed>", "make the game reproducible (default: a random seed, printed)")
    .option("--max-turns <n>", "stop after this many turns", positive("--max-turns"), 1000)
    .option("--quiet", "print only the outcome")
    .action(async (o: PlayOptions) => {
      const g = globals();
      if (o.preset !== "suber") throw new UsageError(`the scripted players know only the suber preset, not "${o.preset}"`);
      if (o.bots < 2 || o.bots > botNames.length) throw new UsageError(`--bots must be from 2 to ${botNames.length}`);
      const seed = o.seed ?? randomBytes(4).toString("hex");
      const { rules } = loadPreset(o.preset);
      const print = (line: string) => {
        if (!g.json && !o.quiet) process.stdout.write(`${line}\n`);
      };
      await withStore(
        g,
        async (engine) => {
          const game = await Game.create(engine, { name: `Bot game (seed ${seed})`, preset: o.preset, rules, seed });
          try {
            const bots = [];
            for (const n of botNames.slice(0, o.bots)) bots.push(new SuberBot((await game.join(n)).id, { seed }));
            const name = playerNames(game);
            print(`Game ${game.id} in ${g.db}, seed ${seed}: ${bots.map((b) => name(b.player)).join(", ")} play Suber's Initial Set.\n`);
            let stopped: string | null = null;
            const reports: TurnReport[] = [];
            await playBotGame(game, bots, {
              maxTurns: o.maxTurns,
              onStop: (reason) => (stopped = reason),
              onTurn: (r) => {
                reports.push(r);
                const side = (v: string) => Object.entries(r.votes).filter(([, x]) => x === v).map(([p]) => name(p)).join(", ") || "nobody";
                print(`Turn ${r.turn}: ${name(r.player)} proposes ${r.proposal}, to ${describeChange(r.change)}`);
                print(`  for: ${side("for")}; against: ${side("against")}`);
                print(`  ${r.status}${r.reason ? ` (${r.reason})` : ""}`);
                print(`  scores: ${Object.entries(r.points).map(([p, s]) => `${name(p)} ${s}`).join(", ")}`);
              },
            });
            const state = game.state;
            const ruleset = Object.values(state.rules).sort((a, b) => a.number - b.number);
            const points = reports.at(-1)?.points ?? {};
            const winners = state.result?.winners ?? [];
            const json = {
              game: game.id, seed, turns: reports.length, acts: state.seq, status: state.status, result: state.result, stopped,
              winners: winners.map((id) => ({ id, name: name(id), points: points[id] ?? null })), points,
              rules: ruleset.map((r) => ({ number: r.number, title: r.title, mutable: r.mutable, revision: r.revision, text: r.text, hasCode: r.code !== null })),
            };
            output(g, json, () =>
              [
                o.quiet ? "" : `\nThe final ruleset:\n\n${formatRuleset(ruleset, { repealed: state.repealed })}\n`,
                state.result
                  ? `${winners.map(name).join(", ")} won after ${reports.length} turns with ${winners.map((w) => points[w]).join(", ")} points: ${state.result.reason} (Rule ${state.result.rule}).`
                  : `No winner after ${reports.length} turns${stopped ? `: ${stopped}` : ""}.`,
                `Replay it with: nomos --db ${g.db} --game ${game.id} log`,
              ].filter(Boolean).join("\n"),
            );
          } finally {
            game.close();
          }
        },
        true,
      );
    });
}
