/** Commands that read a game: its rules, its state as a player sees it, its actions and log. */
import type { Command } from "commander";
import { viewFor, visibleEffects } from "../../kernel/visibility.js";
import { output, UsageError, withGame, type GlobalOptions } from "../context.js";
import { formatAct, formatRule, formatRuleset, formatState } from "../format.js";

export function registerShowCommands(program: Command, globals: () => GlobalOptions): void {
  program
    .command("rules [number]")
    .description("show the ruleset in effect, or one rule (current or repealed) with its history and code")
    .action(async (number: string | undefined) => {
      const g = globals();
      await withGame(g, async (game) => {
        const current = Object.values(game.state.rules).sort((a, b) => a.number - b.number);
        if (number === undefined) {
          output(g, current, () => formatRuleset(current));
          return;
        }
        const n = Number(number);
        const rule = game.state.rules[n] ?? [...game.state.repealed].reverse().find((r) => r.number === n);
        if (!rule) throw new UsageError(`there is no rule ${number}, current or repealed; see: nomos rules`);
        const repealed = !game.state.rules[n];
        output(g, { ...rule, repealed }, () => (repealed ? "(repealed)\n" : "") + formatRule(rule, true));
      });
    });

  program
    .command("state")
    .description("show the game as a player sees it: players, scores, whose turn, open votes")
    .option("--as <player>", "see what this player may see (default: what everyone may see)")
    .action(async (opts: { as?: string }) => {
      const g = globals();
      await withGame(g, async (game) => {
        if (opts.as && !game.state.players.some((p) => p.id === opts.as)) throw new UsageError(`"${opts.as}" is not a player; players: ${game.state.players.map((p) => p.id).join(", ")}`);
        const view = viewFor(game.state, opts.as ?? null);
        const names = new Map([...game.state.players, ...game.state.departed].map((p) => [p.id, p.name]));
        output(g, view, () => formatState(view, names));
      });
    });

  program
    .command("actions")
    .description("list the actions the rules in effect offer, with their input forms")
    .action(async () => {
      const g = globals();
      await withGame(g, async (game) => {
        const actions = game.actions();
        output(g, actions, () => actions.map((a) => `${a.name} (Rule ${a.rule}): ${a.describe}\n  input: ${JSON.stringify(a.input)}`).join("\n"));
      });
    });

  program
    .command("log")
    .description("show the game's log, act by act")
    .option("--limit <n>", "only the last n acts", (v) => Number(v))
    .option("--as <player>", "show only what this player may see")
    .action(async (opts: { limit?: number; as?: string }) => {
      const g = globals();
      await withGame(g, async (game, engine) => {
        let acts = await engine.store.readActs(game.id);
        if (opts.limit) acts = acts.slice(-opts.limit);
        const viewer = opts.as ?? null;
        const shown = acts.map((act) => ({ ...act, effects: visibleEffects(game.state, act, viewer) }));
        output(g, shown, () => shown.map((act) => formatAct(act, act.effects, game.state)).join("\n"));
      });
    });
}
