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

// Distinct surnames, since some games order turns by surname (Suber's Rule 201, N_omic's too).
const botNames = ["Grace Hopper", "Ada Lovelace", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth", "Frances Allen", "John McCarthy"];

/** "a, b and c". */
const inWords = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? ""));

export function registerPlayCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command("play")
    .description(
      "create a game between scripted players and play it to a winner, printing each turn (where the rules let play go on after a win, play stops at the first)",
    )
    .option("--preset <preset>", `the ruleset (the scripted players know ${inWords(playablePresets)})`, playablePresets[0])
    .option("--bots <n>", `how many players, 2 to ${botNames.length} (default: 4, or as many as the preset's scripted game is written for)`, positive("--bots"))
    .option("--seed <seed>", "make the game reproducible (default: a random seed, printed)")
    .option("--max-turns <n>", "stop after this many turns", positive("--max-turns"), 1000)
    .option("--quiet", "print only the outcome")
    .action(async (given: Omit<PlayOptions, "bots"> & { bots?: number }) => {
      const g = globals();
      const extras = presetExtras(given.preset);
      const play = extras.play;
      if (!play) throw new UsageError(`the scripted players know only the ${inWords(playablePresets)} presets, not "${given.preset}"`);
      const o: PlayOptions = { ...given, bots: given.bots ?? extras.bots ?? 4 };
      if (o.bots < 2 || o.bots > botNames.length) throw new UsageError(`--bots must be from 2 to ${botNames.length}`);
      const seed = o.seed ?? randomBytes(4).toString("hex");
      const print = (line: string) => {
        if (!g.json && !o.quiet) process.stdout.write(`${line}\n`);
      };
      await play(g, o, seed, botNames.slice(0, o.bots), print);
    });
}
