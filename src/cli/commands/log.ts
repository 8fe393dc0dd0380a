/** `nomos log`: the game's acts in readable lines, filtered to what the viewer may see. */
import type { Command } from "commander";
import { logEntryFor } from "../../kernel/visibility.js";
import { output, playerNames, UsageError, withGame, type GlobalOptions } from "../context.js";
import { formatAct } from "../../present/format-log.js";
import { positive } from "../parse.js";

export function registerLogCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command("log")
    .description("show the game's log: who did what, and the events, messages, rule changes and failures that followed")
    .option("--limit <n>", "only the last n acts", positive("--limit"))
    .option("--as <player>", "show only what this player may see")
    .option("--no-events", "leave out the rules' events (turn.began, vote.cast, ...)")
    .action(async (opts: { limit?: number; as?: string; events: boolean }) => {
      const g = globals();
      await withGame(g, async (game, engine) => {
        if (opts.as !== undefined && !game.state.players.some((p) => p.id === opts.as)) {
          throw new UsageError(`"${opts.as}" is not a player in this game; the players are: ${game.state.players.map((p) => p.id).join(", ")}`, "not-a-player");
        }
        const from = opts.limit ? Math.max(0, game.state.seq - opts.limit) : 0;
        const acts = await engine.store.readActs(game.id, from);
        const viewer = opts.as ?? null;
        // As the server's log: values the viewer may not see are left out of inputs and
        // events too, and no act's seed is shown (it would replay the secret draws).
        const shown = acts.map((act) => logEntryFor(game.state, act, viewer));
        const name = playerNames(game);
        output(g, shown, () => shown.map((entry) => formatAct({ ...entry, seed: "" }, entry.effects, name, { events: opts.events })).join("\n") || "The log is empty.");
      });
    });
}
