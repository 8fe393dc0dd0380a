/** Commands that list presets, create games, list them and add players. */
import type { Command } from "commander";
import { ActionError, Game } from "../../kernel/game.js";
import { listPresets, loadPreset } from "../../ruleset/presets.js";
import { output, withGame, withStore, type GlobalOptions } from "../context.js";
import { when } from "../../present/format.js";

export function registerGameCommands(program: Command, globals: () => GlobalOptions): void {
  program
    .command("presets")
    .description("list the rulesets a game can start from")
    .action(() => {
      const presets = listPresets();
      output(globals(), presets, () => presets.map((p) => `${p.name}: ${p.title}\n  ${p.description}`).join("\n"));
    });

  program
    .command("new <name>")
    .description("create a game from a preset ruleset, optionally with its players, and begin play")
    .requiredOption("--preset <preset>", "the ruleset to start from (see: nomos presets)")
    .option("--player <name...>", "add players by name, in this order (--player \"Grace Hopper\" --player \"Ada Lovelace\")")
    .option("--seed <seed>", "fix the game's random source, for a reproducible game")
    .option("--start", "begin play once the players are in: the first player takes the start action")
    .action(async (name: string, opts: { preset: string; player?: string[]; seed?: string; start?: boolean }) => {
      const g = globals();
      // Read the preset first: a mistyped preset must not leave a game file behind.
      const { rules } = loadPreset(opts.preset);
      await withStore(
        g,
        async (engine) => {
          const game = await Game.create(engine, { name, preset: opts.preset, rules, ...(opts.seed !== undefined ? { seed: opts.seed } : {}) });
          try {
            for (const player of opts.player ?? []) await game.join(player);
            if (opts.start) {
              const first = game.state.players[0];
              try {
                await game.act(first?.id ?? "", "start", {});
              } catch (err) {
                // The game exists by now: say so, or the user would create it twice.
                if (!(err instanceof ActionError)) throw err;
                throw new ActionError(err.code, `${err.message} (game ${game.id} was created without starting; begin it later with: nomos start --as <player>)`, err.rule);
              }
            }
            const s = game.state;
            output(g, { id: game.id, name, preset: opts.preset, rules: Object.keys(s.rules).length, players: s.players, started: !!opts.start, seq: s.seq }, () =>
              [
                `Created game ${game.id} "${name}" from ${opts.preset} with ${Object.keys(s.rules).length} rules in ${g.db}.`,
                ...s.players.map((p) => `  player ${p.name} (${p.id})`),
                opts.start ? "Play has begun: nomos state shows whose turn it is." : s.players.length ? "Begin play with: nomos start --as <player> (or nomos act start --as <player>)" : "Add players with: nomos join <name>",
              ].join("\n"),
            );
          } finally {
            game.close();
          }
        },
        true,
      );
    });

  program
    .command("games")
    .description("list the games in the game file, newest first")
    .action(async () => {
      const g = globals();
      await withStore(g, async (engine) => {
        // Not the seeds: a game's seed predicts its random draws, secret ones included.
        const games = (await engine.store.listGames()).map(({ id, name, preset, createdAt }) => ({ id, name, preset, createdAt }));
        output(g, games, () => (games.length ? games.map((x) => `${x.id}  ${x.name} (${x.preset ?? "custom ruleset"}), created ${when(x.createdAt)}`).join("\n") : `no games in ${g.db}`));
      });
    });

  program
    .command("join <name>")
    .description("add a player to the game")
    .action(async (name: string) => {
      const g = globals();
      await withGame(g, async (game) => {
        const player = await game.join(name);
        output(g, player, () => `${player.name} joined as ${player.id}.`);
      });
    });
}
