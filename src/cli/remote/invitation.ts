/**
 * `nomos remote invitation`: a game's invitation link, and (its creator only) whether it takes
 * newcomers and a new link that retires the old one (a server's only: a game file has no links).
 */
import type { GameSettings } from "../../api/index.js";
import { output, UsageError } from "../context.js";
import { connect, type Surface } from "../surface.js";
import { chooseGame, gamePath, getPage, inviteUrl } from "./api.js";

interface Choices {
  close?: boolean;
  open?: boolean;
  newLink?: boolean;
}

export function registerInvitationCommands(surface: Surface): void {
  surface
    .command("invitation")
    .description("the game's invitation link; its creator may close it to newcomers, open it again, or make a new link (the old one then admits no one)")
    .option("--close", "take no new players or observers by the link")
    .option("--open", "take newcomers by the link again (as the rules allow)")
    .option("--new-link", "make a new link; the old one is refused, saying it was replaced")
    .action(async (o: Choices) => {
      if (o.close && o.open) throw new UsageError("--close and --open contradict each other: give one");
      const g = surface.globals();
      const client = connect();
      const id = await chooseGame(client, g.game);
      let settings: Pick<GameSettings, "joining" | "invite">;
      if (o.close || o.open) settings = (await client.request<GameSettings>("PATCH", gamePath(id, "/settings"), { joining: o.close ? "closed" : "open" })).body;
      if (o.newLink) settings = await client.post<GameSettings>(gamePath(id, "/settings/new-invite"), {});
      settings ??= await getPage(client, id).then((page) => ({ joining: page.joining, invite: page.invite ?? "" }));
      const link = settings.invite ? inviteUrl(client.url, settings.invite) : null;
      output(g, { game: id, joining: settings.joining, inviteUrl: link }, () =>
        [
          ...(o.close || o.open || o.newLink ? ["Saved."] : []),
          settings.joining === "open"
            ? `Game ${id} takes newcomers by its invitation link (as its rules allow):`
            : `Game ${id} is closed to newcomers: its invitation link admits no one until its creator runs: nomos remote invitation --open`,
          ...(link ? [`  ${link}`] : []),
        ].join("\n"),
      );
    });
}
