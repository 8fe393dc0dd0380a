/**
 * Commands that act in a game. `act` takes any action a rule offers, so the CLI plays any
 * ruleset; `start`, `vote` and `forfeit` are shortcuts for the actions of Suber's set
 * (propose and judgment have their own modules).
 */
import type { Command } from "commander";
import type { Game } from "../../kernel/game.js";
import type { Json } from "../../kernel/types.js";
import { viewFor, visibleEffects } from "../../kernel/visibility.js";
import { output, withGame, type GlobalOptions } from "../context.js";
import { parseJson, wholeNumber } from "../parse.js";
import { proposalViews } from "../records-view.js";

/**
 * Takes one action and reports what came of it: the messages and failures the actor may
 * see (--json: every effect the actor may see). `after` adds a hint for the next step.
 */
export async function perform(
  g: GlobalOptions, actor: string, action: string, input: Json,
  after?: (game: Game) => string | undefined, done?: (game: Game) => string,
): Promise<void> {
  await withGame(g, async (game) => {
    const outcome = await game.act(actor, action, input);
    const effects = visibleEffects(game.state, outcome.act, actor);
    const messages = effects.flatMap((e) => (e.e === "message" ? [e.text] : []));
    const failures = effects.flatMap((e) => (e.e === "rule.failed" ? [`! Rule ${e.rule} failed (${e.during}): ${e.error}`] : []));
    const over = game.state.status === "over" ? game.state.result : null;
    output(g, { game: game.id, seq: outcome.act.seq, actor, action, failed: outcome.failed, messages, effects, status: game.state.status, result: over }, () => {
      const lines = outcome.failed
        ? [`Your ${action} was recorded but had no effect: Rule ${outcome.failed.rule}'s code failed: ${outcome.failed.error}`]
        : messages.length ? messages : [done?.(game) ?? `${action}: done (act ${outcome.act.seq}).`];
      lines.push(...failures);
      const hint = outcome.failed || over ? undefined : after?.(game);
      if (hint) lines.push(hint);
      return lines.join("\n");
    });
  });
}

export function registerActCommands(program: Command, globals: () => GlobalOptions): void {
  program
    .command("act <action>")
    .description("take any action a rule offers (nomos actions lists them with their input forms)")
    .requiredOption("--as <player>", "the player acting (their id)")
    .option("--input <json>", "the action's input as JSON", "{}")
    .action(async (action: string, o: { as: string; input: string }) => {
      await perform(globals(), o.as, action, parseJson(o.input, "--input"));
    });

  program
    .command("start")
    .description("begin play (the start action)")
    .requiredOption("--as <player>", "the player acting")
    .action(async (o: { as: string }) => perform(globals(), o.as, "start", {}));

  program
    .command("vote <proposal> <vote>")
    .description("vote for or against a proposal: nomos vote 301 for --as ada-lovelace")
    .requiredOption("--as <player>", "the player voting")
    .action(async (proposal: string, vote: string, o: { as: string }) => {
      const number = wholeNumber(proposal, "a proposal's number");
      await perform(globals(), o.as, "vote", { proposal: number, vote }, undefined, (game) => {
        const p = proposalViews(viewFor(game.state, o.as)).find((x) => x.number === number);
        const waiting = p ? game.state.players.filter((pl) => !(pl.id in p.votes)).map((pl) => pl.name) : [];
        return `You voted ${vote} on proposal ${number}.${waiting.length ? ` Waiting for: ${waiting.join(", ")}.` : ""}`;
      });
    });

  program
    .command("forfeit")
    .description("forfeit the game: you leave it for good")
    .requiredOption("--as <player>", "the player forfeiting")
    .action(async (o: { as: string }) => perform(globals(), o.as, "forfeit", {}));
}
