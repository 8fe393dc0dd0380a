/**
 * Commands that act in a game. `act` takes any action a rule offers, so the CLI plays any
 * ruleset; `start` and `forfeit` are shortcuts for two common actions (vote, propose and
 * judgment have their own modules).
 */
import type { Json } from "../../kernel/types.js";
import type { GameView } from "../../kernel/visibility.js";
import { output, UsageError } from "../context.js";
import { parseJson } from "../parse.js";
import type { ActOutcome, GameSession } from "../session.js";
import type { Surface, Who } from "../surface.js";

/** A hint after an act, from the game as it is after it. */
export type Hint = (view: GameView) => string | undefined;

/**
 * Takes one action and reports what came of it: the messages and failures the actor may
 * see (--json: every effect the actor may see). `after` adds a hint for the next step;
 * `done` says what happened when no rule said anything.
 */
export async function perform(surface: Surface, who: Who, action: string, input: Json, after?: Hint, done?: (view: GameView) => string): Promise<void> {
  await surface.run(who, (session) => reportOutcome(surface, session, action, () => session.act(action, input), after, done));
}

/** Runs one act on the session and reports it as {@link perform} says; `action` names it in the lines. */
export async function reportOutcome(
  surface: Surface,
  session: GameSession,
  action: string,
  act: () => Promise<ActOutcome>,
  after?: Hint,
  done?: (view: GameView) => string,
): Promise<void> {
  const outcome = await act();
  // The game as it is now: its status, and what the hints need. The act is recorded
  // whatever happens here, so a failure to fetch it must not read as a failed act.
  const view = await session.view().catch(() => null);
  const messages = outcome.effects.flatMap((e) => (e.e === "message" ? [e.text] : []));
  const failures = outcome.effects.flatMap((e) => (e.e === "rule.failed" ? [`! Rule ${e.rule} failed (${e.during}): ${e.error}`] : []));
  const over = view?.status === "over" ? view.result : null;
  const { seq, actor, failed, effects } = outcome;
  output(surface.globals(), { game: session.game, seq, actor, action, failed, messages, effects, status: view?.status ?? null, result: over }, () => {
    const lines = failed
      ? [`Your ${action} was recorded but had no effect: Rule ${failed.rule}'s code failed: ${failed.error}`]
      : messages.length
        ? messages
        : [(view && done?.(view)) ?? `${action}: done (act ${seq}).`];
    lines.push(...failures);
    const hint = failed || over || !view ? undefined : after?.(view);
    if (hint) lines.push(hint);
    return lines.join("\n");
  });
}

export function registerActCommands(surface: Surface): void {
  surface
    .actor(surface.command("act <action> [input]"), "the player acting (their id)")
    .description(
      `take any action a rule offers: ${surface.prefix} act vote '{"proposal": 301, "vote": "for"}'${surface.asHint} (${surface.prefix} actions lists them with their input forms)`,
    )
    .option("--input <json>", "the action's input as JSON (instead of the second argument)")
    .action(async (action: string, input: string | undefined, o: Who & { input?: string }) => {
      if (input !== undefined && o.input !== undefined) throw new UsageError("give the input once: as the second argument or with --input, not both");
      const parsed = input !== undefined ? parseJson(input, "the input") : o.input !== undefined ? parseJson(o.input, "--input") : {};
      await perform(surface, o, action, parsed);
    });

  surface
    .actor(surface.command("start"), "the player acting")
    .description("begin play (the start action)")
    .action(async (o: Who) => perform(surface, o, "start", {}));

  surface
    .actor(surface.command("forfeit"), "the player forfeiting")
    .description("forfeit the game: you leave it for good")
    .action(async (o: Who) => perform(surface, o, "forfeit", {}));
}
