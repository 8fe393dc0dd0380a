/** `nomos vote`: a shortcut for the vote action of Suber's Rule 105. */
import { wholeNumber } from "../parse.js";
import { proposalViews } from "../records-view.js";
import type { Surface, Who } from "../surface.js";
import { perform } from "./act.js";

export function registerVoteCommand(surface: Surface): void {
  surface
    .actor(surface.command("vote <proposal> <vote>"), "the player voting")
    .description(`vote for or against a proposal: ${surface.prefix} vote 301 for${surface.asHint.replace("<player>", "ada-lovelace")}`)
    .action(async (proposal: string, vote: string, o: Who) => {
      const number = wholeNumber(proposal, "a proposal's number");
      await perform(surface, o, "vote", { proposal: number, vote }, undefined, (view) => {
        const p = proposalViews(view).find((x) => x.number === number);
        const waiting = p ? view.players.filter((pl) => !(pl.id in p.votes)).map((pl) => pl.name) : [];
        return `You voted ${vote} on proposal ${number}.${waiting.length ? ` Waiting for: ${waiting.join(", ")}.` : ""}`;
      });
    });
}
