/**
 * `nomos clock forward <amount>` and `nomos clock next`: a player moves a practice game's
 * clock forward (never back), by an amount or to the next deadline. Each move is an act in
 * the log; the timers it passes fire as they would have.
 */
import type { ClockMove } from "../../kernel/practice-clock.js";
import { durationExamples, durationWords, parseDuration } from "../../present/practice-clock.js";
import { output, UsageError } from "../context.js";
import type { Surface, Who } from "../surface.js";

async function moveClock(surface: Surface, who: Who, move: ClockMove): Promise<void> {
  await surface.run(who, async (session) => {
    const moved = await session.moveClock(move);
    output(surface.globals(), { game: session.game, ...moved }, () =>
      [
        `The practice clock moved forward ${durationWords(moved.forwardMs)} (act ${moved.seq}): the game's clock is now ${durationWords(moved.aheadMs)} ahead of real time.`,
        ...(moved.fired ? [`${moved.fired} timer${moved.fired === 1 ? "" : "s"} came due and fired.`] : []),
      ].join("\n"),
    );
  });
}

export function registerClockCommands(surface: Surface): void {
  const clock = surface.command("clock").description("a practice game's clock, which its players may move forward (see: clock forward, clock next)");
  surface
    .actor(clock.command("forward <amount>"), "the player moving the clock")
    .description(`move a practice game's clock forward by an amount (${durationExamples}): ${surface.prefix} clock forward 1d${surface.asHint}`)
    .action(async (amount: string, o: Who) => {
      const forwardMs = parseDuration(amount);
      if (forwardMs === undefined || forwardMs <= 0)
        throw new UsageError(`"${amount}" is not an amount of time to move the clock by; write ${durationExamples}`);
      await moveClock(surface, o, { forwardMs });
    });
  surface
    .actor(clock.command("next"), "the player moving the clock")
    .description("move a practice game's clock forward to its next deadline (the earliest timer), which then fires")
    .action(async (o: Who) => moveClock(surface, o, { toNextDeadline: true }));
}
