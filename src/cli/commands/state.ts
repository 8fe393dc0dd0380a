/** `nomos state` (the game as a player sees it) and `nomos actions` (what can be done). */
import { output } from "../context.js";
import { describeForm } from "../form.js";
import { formatState } from "../format-state.js";
import { presetExtras } from "../../rulesets/extras.js";
import { judgmentViews, proposalViews } from "../records-view.js";
import type { Surface, Who } from "../surface.js";

export function registerStateCommands(surface: Surface): void {
  surface
    .viewer(surface.command("state"), "see what this player may see (default: what everyone may see)")
    .description("show the game as a player sees it: players, points and all declared state, whose turn, open proposals and Judgments, failures, result")
    .action(async (o: Who) => {
      await surface.run(o, async (session) => {
        // Everything shown comes from the viewer's view: secret state never reaches the screen.
        const [view, departed, name, zone] = await Promise.all([session.view(), session.departed(), session.names(), session.timeZone?.()]);
        const { rules, ...rest } = view;
        const json = {
          game: session.game,
          ...rest,
          departed,
          ruleCount: rules.length,
          turn: presetExtras(view.preset).turn?.(view)?.turn ?? null,
          openProposals: proposalViews(view, "open"),
          openJudgments: judgmentViews(view, "open"),
        };
        output(surface.globals(), json, () => formatState(view, name, departed, zone));
      });
    });

  surface
    .command("actions")
    .description("list the actions the rules in effect offer, with their input forms")
    .action(async () => {
      await surface.run({}, async (session) => {
        const actions = await session.actions();
        output(surface.globals(), actions, () =>
          actions.length
            ? actions.map((a) => [`${a.name} (Rule ${a.rule}): ${a.describe}`, ...describeForm(a.input)].join("\n")).join("\n\n") +
              `\n\nTake one with: ${surface.prefix} act <action> '<json>'${surface.asHint}`
            : "No rule in effect offers any action.",
        );
      });
    });
}
