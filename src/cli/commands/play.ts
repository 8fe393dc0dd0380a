/** `nomos play`: a whole game between scripted players, printed turn by turn. */
import type { Command } from "commander";
import { playBotGame, SuberBot, type TurnReport } from "../../bots/suber-bot.js";
import { Game } from "../../kernel/game.js";
import type { Json } from "../../kernel/types.js";
import { loadPreset } from "../../ruleset/presets.js";
import { openEngine, output, UsageError, type GlobalOptions } from "../context.js";
import { formatRuleset } from "../format.js";

const botNames = ["Grace Hopper", "Ada Lovelace", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth", "Frances Allen", "John McCarthy"];

function describe(change: Json): string {
  const c = change as { kind: string; rule?: number; text?: string };
  const text = c.text ? `: "${c.text}"` : "";
  return c.kind === "enact" ? `enact a rule${text}` : `${c.kind} rule ${c.rule}${text}`;
}

export function registerPlayCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command("play")
    .description("play a whole game between scripted players, printing each turn and the final ruleset")
    .option("--preset <preset>", "the ruleset (bots play suber)", "suber")
    .option("--bots <n>", "how many players", (v) => Number(v), 4)
    .option("--seed <seed>", "make the game reproducible", "nomos")
    .option("--max-turns <n>", "stop after this many turns", (v) => Number(v), 500)
    .option("--quiet", "print only the outcome")
    .action(async (o: { preset: string; bots: number; seed: string; maxTurns: number; quiet?: boolean }) => {
      const g = globals();
      if (o.preset !== "suber") throw new UsageError(`the scripted players know only the suber preset, not "${o.preset}"`);
      if (!Number.isInteger(o.bots) || o.bots < 2 || o.bots > botNames.length) throw new UsageError(`--bots must be a whole number from 2 to ${botNames.length}`);
      const engine = openEngine(g);
      const { rules } = loadPreset(o.preset);
      const game = await Game.create(engine, { name: `Bot game (${o.seed})`, preset: o.preset, rules, seed: o.seed });
      try {
        const bots = new Map<string, SuberBot>();
        for (const name of botNames.slice(0, o.bots)) {
          const player = await game.join(name);
          bots.set(player.id, new SuberBot(player.id, { seed: o.seed }));
        }
        const name = (id: string) => game.state.players.find((p) => p.id === id)?.name ?? id;
        const reports: TurnReport[] = [];
        const print = (line: string) => {
          if (!g.json && !o.quiet) process.stdout.write(`${line}\n`);
        };
        print(`Game ${game.id} in ${g.db}: ${[...bots.keys()].map(name).join(", ")} play Suber's Initial Set.\n`);
        await playBotGame(game, bots, {
          maxTurns: o.maxTurns,
          onTurn: (r) => {
            reports.push(r);
            const against = Object.entries(r.votes).filter(([, v]) => v === "against").map(([p]) => name(p));
            print(`Turn ${r.turn}: ${name(r.player)} proposes ${r.proposal}, to ${describe(r.change)}`);
            print(`  ${r.status} (${r.reason})${against.length ? `; against: ${against.join(", ")}` : ""}`);
            print(`  scores: ${Object.entries(r.points).map(([p, s]) => `${name(p)} ${s}`).join(", ")}`);
          },
        });
        const state = game.state;
        const ruleset = Object.values(state.rules).sort((a, b) => a.number - b.number);
        const winners = state.result?.winners.map(name) ?? [];
        output(g, { game: game.id, turns: reports.length, result: state.result, points: reports.at(-1)?.points ?? {}, rules: ruleset.map((r) => ({ number: r.number, mutable: r.mutable, revision: r.revision, text: r.text })) }, () =>
          [
            o.quiet ? "" : `\nThe final ruleset:\n\n${formatRuleset(ruleset)}\n`,
            state.result ? `${winners.join(", ")} won after ${reports.length} turns: ${state.result.reason}.` : `No winner after ${reports.length} turns.`,
            `Replay it with: nomos --db ${g.db} --game ${game.id} log`,
          ].filter(Boolean).join("\n"),
        );
      } finally {
        game.close();
        await engine.store.close();
      }
    });
}
