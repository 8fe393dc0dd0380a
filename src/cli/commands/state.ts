/** `nomos state` (the game as a player sees it) and `nomos actions` (what can be done). */
import { output } from "../context.js";
import { actionDescription, actionTitle, finalLast } from "../../present/action-words.js";
import { describeForm } from "../../present/form-words.js";
import { formatState } from "../format-state.js";
import { decisionLines } from "./decide.js";
import { presetExtras } from "../../rulesets/extras.js";
import { judgmentViews, proposalViews } from "../records-view.js";
import type { Surface, Who } from "../surface.js";
import type { Awaited } from "../../kernel/availability.js";

export function registerStateCommands(surface: Surface): void {
  surface
    .viewer(surface.command("state"), "see what this player may see (default: what everyone may see)")
    .description("show the game as a player sees it: players, points and all declared state, whose turn, open proposals and Judgments, failures, result")
    .action(async (o: Who) => {
      await surface.run(o, async (session) => {
        // Everything shown comes from the viewer's view: secret state never reaches the screen.
        const [view, departed, name, awaits, zone, decisions] = await Promise.all([
          session.view(),
          session.departed(),
          session.names(),
          session.awaits(),
          session.timeZone?.(),
          session.decisions(),
        ]);
        const { rules, ...rest } = view;
        const json = {
          game: session.game,
          ...rest,
          departed,
          ruleCount: rules.length,
          turn: presetExtras(view.preset).turn?.(view)?.turn ?? null,
          openProposals: proposalViews(view, "open"),
          openJudgments: judgmentViews(view, "open"),
          awaits,
          decisions,
        };
        const open = decisions.length ? ["Open decisions:", ...decisionLines(decisions, name).map((l) => `  ${l}`)] : [];
        output(surface.globals(), json, () => [formatState(view, name, departed, zone), ...awaitedLines(awaits, name), ...open].join("\n"));
      });
    });

  surface
    .viewer(surface.command("actions"), "say which actions the rules would refuse this player now")
    .description("list the actions the rules in effect offer, with their input forms; those the rules would refuse you now come apart, with why")
    .action(async (o: Who) => {
      await surface.run(o, async (session) => {
        const actions = await session.actions();
        const open = finalLast(actions.filter((a) => a.refused === null));
        const refused = actions.flatMap((a) =>
          a.refused ? [`  ${actionTitle(a)} (${a.name}): ${a.refused.reason}${a.refused.rule === null ? "" : ` (Rule ${a.refused.rule})`}`] : [],
        );
        output(surface.globals(), actions, () => {
          if (!actions.length) return "No rule in effect offers any action.";
          const forms = open
            .map((a) =>
              [
                `${actionTitle(a)}: act ${a.name} (Rule ${a.rule}): ${actionDescription(a)}`,
                ...(a.confirm !== undefined ? [`  Cannot be undone: ${a.confirm}`] : []),
                ...describeForm(a.input),
              ].join("\n"),
            )
            .join("\n\n");
          const apart = refused.length ? `${forms ? "\n\n" : ""}Not open to you now:\n${refused.join("\n")}` : "";
          return `${forms || "No action is open to you now."}${apart}\n\nTake one with: ${surface.prefix} act <action> '<json>'${surface.asHint}`;
        });
      });
    });
}

/** What play awaits, one line each: "Awaiting Ada Lovelace: propose a rule-change (act propose; Rule 202)", "Awaiting any one of Ada, Grace: start the game (...)". */
function awaitedLines(awaits: Awaited[], name: (id: string) => string): string[] {
  const how = (a: Awaited) => (a.action ? `act ${a.action}; ` : a.channel ? `say in ${a.channel}; ` : "");
  const anyOne = awaits.filter((a) => a.anyOne);
  const each = awaits.filter((a) => !a.anyOne);
  // Any one of several may do it: one line, not one per player as if each must.
  const shared = [...new Set(anyOne.map((a) => a.does))].map((does) => {
    const who = anyOne.filter((a) => a.does === does);
    return `Awaiting any one of ${who.map((a) => name(a.player)).join(", ")}: ${does} (${how(who[0]!)}Rule ${who[0]!.rule})`;
  });
  return [...each.map((a) => `Awaiting ${name(a.player)}: ${a.does} (${how(a)}Rule ${a.rule})`), ...shared];
}
