/** `nomos state` (the game as a player sees it) and `nomos actions` (what can be done). */
import type { Command } from "commander";
import { viewFor } from "../../kernel/visibility.js";
import { output, playerNames, UsageError, withGame, type GlobalOptions } from "../context.js";
import { describeForm } from "../form.js";
import { formatState } from "../format-state.js";
import { presetExtras } from "../../rulesets/extras.js";
import { judgmentViews, proposalViews } from "../records-view.js";

export function registerStateCommands(program: Command, globals: () => GlobalOptions): void {
  program
    .command("state")
    .description("show the game as a player sees it: players, points and all declared state, whose turn, open proposals and Judgments, failures, result")
    .option("--as <player>", "see what this player may see (default: what everyone may see)")
    .action(async (opts: { as?: string }) => {
      const g = globals();
      await withGame(g, async (game) => {
        if (opts.as !== undefined && !game.state.players.some((p) => p.id === opts.as)) {
          throw new UsageError(`"${opts.as}" is not a player in this game; the players are: ${game.state.players.map((p) => p.id).join(", ") || "none yet"}`, "not-a-player");
        }
        // Everything shown comes from the viewer's view: secret state never reaches the screen.
        const view = viewFor(game.state, opts.as ?? null);
        const { rules, ...rest } = view;
        const json = {
          game: game.id,
          ...rest,
          departed: game.state.departed,
          ruleCount: rules.length,
          turn: presetExtras(view.preset).turn?.(view)?.turn ?? null,
          openProposals: proposalViews(view, "open"),
          openJudgments: judgmentViews(view, "open"),
        };
        output(g, json, () => formatState(view, playerNames(game), game.state.departed));
      });
    });

  program
    .command("actions")
    .description("list the actions the rules in effect offer, with their input forms")
    .action(async () => {
      const g = globals();
      await withGame(g, async (game) => {
        const actions = game.actions();
        output(g, actions, () =>
          actions.length
            ? actions.map((a) => [`${a.name} (Rule ${a.rule}): ${a.describe}`, ...describeForm(a.input)].join("\n")).join("\n\n") +
              "\n\nTake one with: nomos act <action> --as <player> --input '<json>'"
            : "No rule in effect offers any action.",
        );
      });
    });
}
