/** Commands that create, list and join games. */
import type { Command } from "commander";
import { Game } from "../../kernel/game.js";
import { listPresets, loadPreset } from "../../ruleset/presets.js";
import { openEngine, output, withGame, type GlobalOptions } from "../context.js";
import { when } from "../format.js";

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
    .description("create a game from a preset ruleset")
    .requiredOption("--preset <preset>", "the ruleset to start from (see: nomos presets)")
    .option("--player <name...>", "add players by name (\"Ada Lovelace\")")
    .option("--seed <seed>", "fix the game's random source, for a reproducible game")
    .option("--start", "begin play once the players are in (the preset's start action)")
    .action(async (name: string, opts: { preset: string; player?: string[]; seed?: string; start?: boolean }) => {
      const g = globals();
      const { rules } = loadPreset(opts.preset);
      const engine = openEngine(g);
      try {
        const game = await Game.create(engine, { name, preset: opts.preset, rules, ...(opts.seed ? { seed: opts.seed } : {}) });
        try {
          for (const player of opts.player ?? []) await game.join(player);
          if (opts.start) await game.act(game.state.players[0]?.id ?? "", "start", {});
          output(g, { id: game.id, name, preset: opts.preset, players: game.state.players }, () =>
            [`Created game ${game.id} "${name}" from ${opts.preset} with ${rules.length} rules in ${g.db}.`, ...game.state.players.map((p) => `  player ${p.name} (${p.id})`)].join("\n"),
          );
        } finally {
          game.close();
        }
      } finally {
        await engine.store.close();
      }
    });

  program
    .command("games")
    .description("list the games in the game file, newest first")
    .action(async () => {
      const g = globals();
      const engine = openEngine(g);
      try {
        const games = await engine.store.listGames();
        output(g, games, () => (games.length ? games.map((x) => `${x.id}  ${x.name} (${x.preset ?? "custom"}), created ${when(x.createdAt)}`).join("\n") : `no games in ${g.db}`));
      } finally {
        await engine.store.close();
      }
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
