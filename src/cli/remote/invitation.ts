/**
 * `nomos remote invitation`: a game's invitation link, and (its creator only) who may join by it
 * (anyone, those the creator approves, no one), the requests waiting for approval, approving or
 * declining one, and a new link that retires the old one (a server's only: a game file has no links).
 */
import type { GameSettings, Joining } from "../../api/index.js";
import { output, UsageError } from "../context.js";
import { connect, type Surface } from "../surface.js";
import { chooseGame, gamePath, getPage, inviteUrl } from "./api.js";

interface Choices {
  close?: boolean;
  open?: boolean;
  approval?: boolean;
  newLink?: boolean;
  approve?: string;
  decline?: string;
}

interface Request {
  user: string;
  name: string;
  as: "player" | "observer";
}

const joiningLine: Record<Joining, (id: string) => string> = {
  open: (id) => `Game ${id} takes newcomers by its invitation link (as its rules allow):`,
  approval: (id) => `Game ${id} takes requests by its invitation link; its creator approves each newcomer:`,
  closed: (id) => `Game ${id} is closed to newcomers: its invitation link admits no one until its creator runs: nomos remote invitation --open`,
};

export function registerInvitationCommands(surface: Surface): void {
  surface
    .command("invitation")
    .description(
      "the game's invitation link; its creator may close it to newcomers, have each ask for approval, open it again, approve or decline a request, or make a new link (the old one then admits no one)",
    )
    .option("--close", "take no new players or observers by the link")
    .option("--approval", "newcomers ask by the link, and you approve or decline each (--approve, --decline)")
    .option("--open", "take newcomers by the link again (as the rules allow)")
    .option("--approve <user>", "seat the person whose request waits (a user id, as the list shows)")
    .option("--decline <user>", "decline a request that waits")
    .option("--new-link", "make a new link; the old one is refused, saying it was replaced")
    .action(async (o: Choices) => {
      const modes = [o.close && "closed", o.approval && "approval", o.open && "open"].filter((m): m is Joining => Boolean(m));
      if (modes.length > 1) throw new UsageError("--close, --approval and --open say different things: give one");
      const g = surface.globals();
      const client = connect();
      const id = await chooseGame(client, g.game);
      let settings: Pick<GameSettings, "joining" | "invite"> | undefined;
      if (modes[0]) settings = (await client.request<GameSettings>("PATCH", gamePath(id, "/settings"), { joining: modes[0] })).body;
      if (o.newLink) settings = await client.post<GameSettings>(gamePath(id, "/settings/new-invite"), {});
      const requestsPath = gamePath(id, "/join-requests");
      let answered: string | null = null;
      if (o.approve !== undefined) {
        await client.post<Request[]>(`${requestsPath}/${encodeURIComponent(o.approve)}/approve`, {});
        answered = `Approved: ${o.approve} joined.`;
      }
      if (o.decline !== undefined) {
        await client.request<Request[]>("DELETE", `${requestsPath}/${encodeURIComponent(o.decline)}`);
        answered = `Declined ${o.decline}'s request.`;
      }
      const now: Pick<GameSettings, "joining" | "invite"> =
        settings ?? (await getPage(client, id).then((page) => ({ joining: page.joining, invite: page.invite ?? "" })));
      // The requests are the creator's to see: anyone else is told the link alone.
      const requests = await client.get<Request[]>(requestsPath).catch((err: unknown) => {
        if (err instanceof UsageError && err.code === "forbidden") return [];
        throw err;
      });
      const link = now.invite ? inviteUrl(client.url, now.invite) : null;
      output(g, { game: id, joining: now.joining, inviteUrl: link, requests }, () =>
        [
          ...(modes.length || o.newLink ? ["Saved."] : []),
          ...(answered ? [answered] : []),
          joiningLine[now.joining](id),
          ...(link ? [`  ${link}`] : []),
          ...(requests.length
            ? ["Waiting for your approval:", ...requests.map((r) => `  ${r.name} (${r.user}), ${r.as === "player" ? "as a player" : "without playing"}`)]
            : []),
        ].join("\n"),
      );
    });
}
