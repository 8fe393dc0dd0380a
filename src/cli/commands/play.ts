/**
 * `nomos play`: a whole game between scripted players, printed turn by turn. Each preset
 * that has scripted players brings them, and how its game is played and printed, in its
 * own folder (src/rulesets/extras.ts).
 */
import { randomBytes } from "node:crypto";
import type { Command } from "commander";
import { playablePresets, presetExtras, type PlayOptions } from "../../rulesets/extras.js";
import { UsageError, type GlobalOptions } from "../context.js";
import { positive } from "../parse.js";

// Distinct surnames, since both games order turns by surname (Suber's Rule 201, N_omic's too).
const botNames = ["Grace Hopper", "Ada Lovelace", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth", "Frances Allen", "John McCarthy"];

export function registerPlayCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command("play")
    .description(
      "create a game between scripted players and play it to a winner, printing each turn (where the rules let play go on after a win, play stops at the first)",
    )
    .option("--preset <preset>", `the ruleset (the scripted players know ${playablePresets.join(" and ")})`, playablePresets[0])
    .option("--bots <n>", `how many players, 2 to ${botNames.length}`, positive("--bots"), 4)
    .option("--seed <seed>", "make the game reproducible (default: a random seed, printed)")
    .option("--max-turns <n>", "stop after this many turns", positive("--max-turns"), 1000)
    .option("--quiet", "print only the outcome")
    .action(async (o: PlayOptions) => {
      const g = globals();
      const play = presetExtras(o.preset).play;
      if (!play) throw new UsageError(`the scripted players know only the ${playablePresets.join(" and ")} presets, not "${o.preset}"`);
      if (o.bots < 2 || o.bots > botNames.length) throw new UsageError(`--bots must be from 2 to ${botNames.length}`);
      const seed = o.seed ?? randomBytes(4).toString("hex");
      const print = (line: string) => {
        if (!g.json && !o.quiet) process.stdout.write(`${line}\n`);
      };
      await play(g, o, seed, botNames.slice(0, o.bots), print);
    });
}
