/** `nomos log`: the game's acts in readable lines, filtered to what the viewer may see. */
import { formatAct } from "../../present/format-log.js";
import { output } from "../context.js";
import { positive } from "../parse.js";
import type { Surface, Who } from "../surface.js";

export function registerLogCommand(surface: Surface): void {
  surface
    .viewer(surface.command("log"), "show only what this player may see")
    .description("show the game's log: who did what, and the events, messages, rule changes and failures that followed")
    .option("--limit <n>", "only the last n acts", positive("--limit"))
    .option("--no-events", "leave out the rules' events (turn.began, vote.cast, ...)")
    .action(async (o: Who & { limit?: number; events: boolean }) => {
      await surface.run(o, async (session) => {
        const [entries, name] = await Promise.all([session.log(o.limit), session.names()]);
        // No act's seed is shown (it would replay the secret draws).
        output(
          surface.globals(),
          entries,
          () => entries.map((e) => formatAct({ ...e, seed: "" }, e.effects, name, { events: o.events })).join("\n") || "The log is empty.",
        );
      });
    });
}
