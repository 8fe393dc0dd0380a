/** `nomos leave`: a player leaves the game, unless a rule refuses it (the refusal says why). */
import { output } from "../context.js";
import type { Surface, Who } from "../surface.js";

export function registerLeaveCommand(surface: Surface): void {
  surface
    .actor(surface.command("leave"), "the player leaving")
    .description(`leave the game: you are no longer one of its players; a rule may refuse it${surface.asHint}`)
    .action(async (o: Who) => {
      await surface.run(o, async (session) => {
        const seq = await session.leave();
        output(surface.globals(), { game: session.game, seq, left: true }, () => `You left the game (act ${seq}); you may still read it.`);
      });
    });
}
