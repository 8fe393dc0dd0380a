/**
 * `nomos remote ...`: play on a running Nomos server (`nomos serve`) through its HTTP API,
 * as a signed-in user. Here are what only a server has: logging in and out, the user's
 * games, creating and joining one by invitation; the game commands are the local ones,
 * registered on the remote surface (game-commands.ts), so a game reads the same from a
 * file and from a server. Every command takes --json, and --game <id> (default: the game
 * you joined most recently).
 */
import type { Command } from "commander";
import { output, UsageError, type GlobalOptions } from "../context.js";
import { registerGameCommands } from "../game-commands.js";
import { connect, remoteSurface } from "../surface.js";
import { when } from "../../present/format.js";
import { defaultPreset } from "../../rulesets/default.js";
import type { GamePage as ApiGamePage } from "../../api/index.js";
import { gamePath, inviteUrl, listGames, type GameSummary, type SessionReply } from "./api.js";
import { RemoteClient, serverOrigin } from "./client.js";
import { registerForumCommands } from "./forum.js";
import { registerMessageCommands } from "./messages.js";
import { registerInvitationCommands } from "./invitation.js";
import { registerNotificationCommands } from "./notifications.js";
import { readPassword } from "./password.js";
import { readSession, removeSession, sessionFile, writeSession } from "./session.js";

/**
 * An invitation code, from the code itself or from the link the web UI shows
 * (…/invite/<code>), and the server the link names when it is not the one logged in to.
 */
function parseInvite(text: string, url: string): { code: string; elsewhere: string | null } {
  if (!text.includes("/")) return { code: text.trim(), elsewhere: null };
  const origin = serverOrigin(text);
  const path = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`).pathname;
  const code = path.match(/\/invite\/([^/]+)/)?.[1] ?? path.split("/").filter(Boolean).at(-1);
  if (!code) throw new UsageError(`"${text}" holds no invitation code; the link looks like ${url}/invite/<code>`, "bad-invite");
  return { code: decodeURIComponent(code), elsewhere: origin === url ? null : origin };
}

function summaryLine(x: GameSummary): string {
  const status = x.status === "over" ? "over" : "in play";
  return `${x.id}  ${x.name} (${x.preset ?? "custom ruleset"}), created ${when(x.createdAt)}, ${status}; players: ${x.players.map((p) => p.name).join(", ")}${x.me ? `; you are ${x.me}` : ""}`;
}

export function registerRemoteCommands(program: Command, globals: () => GlobalOptions): void {
  const remote = program
    .command("remote")
    .description(
      "play on a running Nomos server (nomos serve) through its HTTP API: log in, then use the commands below (--game <id> picks the game; default: the one you joined last)",
    );

  remote
    .command("login <url> <username>")
    .description("log in to a Nomos server (password from $NOMOS_PASSWORD, or typed); the session is kept in $NOMOS_REMOTE_FILE or ~/.config/nomos/remote.json")
    .option("--signup", "create the account first")
    .option("--name <display name>", "with --signup: the name other players see (default: the username)")
    .action(async (urlText: string, username: string, o: { signup?: boolean; name?: string }) => {
      const g = globals();
      if (o.name !== undefined && !o.signup) throw new UsageError("--name goes with --signup (it names a new account)");
      const url = serverOrigin(urlText);
      const password = await readPassword(username, !!o.signup);
      const client = new RemoteClient({ url, username });
      const body = { username, password, ...(o.name !== undefined ? { displayName: o.name } : {}) };
      const reply = await client.request<SessionReply>("POST", o.signup ? "/api/auth/signup" : "/api/auth/signin", body);
      const user = reply.body.user;
      if (!reply.cookie || !reply.body.csrf || !user) throw new UsageError(`${url} did not open a session; is it a Nomos server?`, "bad-reply");
      const file = sessionFile();
      writeSession({ url, cookie: reply.cookie, csrf: reply.body.csrf, username: user.username }, file);
      output(g, { url, user, signedUp: !!o.signup, sessionFile: file }, () =>
        [
          `${o.signup ? "Signed up and logged in" : "Logged in"} to ${url} as ${user.displayName} (${user.username}).`,
          `Your games: nomos remote games; a new one: nomos remote new "<name>" --preset ${defaultPreset}; join one: nomos remote join <invite link>`,
        ].join("\n"),
      );
    });

  remote
    .command("logout")
    .description("end the session on the server and forget it here")
    .action(async () => {
      const g = globals();
      const session = readSession();
      if (!session) {
        output(g, { loggedOut: false, url: null }, () => "You are not logged in.");
        return;
      }
      let problem: string | null = null;
      try {
        await new RemoteClient(session).post("/api/auth/signout");
      } catch (err) {
        problem = (err as Error).message;
      } finally {
        removeSession();
      }
      output(g, { loggedOut: true, url: session.url, serverSignedOut: problem === null, problem }, () =>
        problem === null ? `Logged out of ${session.url}.` : `Forgot the session for ${session.url}, but could not end it there: ${problem}`,
      );
    });

  remote
    .command("whoami")
    .description("who you are logged in as, and where")
    .action(async () => {
      const g = globals();
      const client = connect();
      const reply = await client.get<SessionReply>("/api/session");
      const user = reply.user;
      if (!user)
        throw new UsageError(
          `you are not signed in on ${client.url} (the session ended or was signed out); run: nomos remote login ${client.url} ${client.session.username}`,
          "signed-out",
        );
      output(g, { url: client.url, user }, () => `Logged in to ${client.url} as ${user.displayName} (${user.username}).`);
    });

  remote
    .command("games")
    .description("list the games you play on the server, the one you joined last first")
    .action(async () => {
      const g = globals();
      const client = connect();
      const games = await listGames(client);
      output(g, games, () =>
        games.length
          ? games.map(summaryLine).join("\n")
          : `You play in no game on ${client.url} yet; create one with: nomos remote new "<name>" --preset ${defaultPreset}, or join one with: nomos remote join <invite link>`,
      );
    });

  remote
    .command("new <name>")
    .description("create a game from a preset ruleset (you join it as its first player) and get its invitation link")
    .requiredOption("--preset <preset>", "the ruleset to start from (nomos presets lists them)")
    .option("--time-zone <zone>", "the time zone the game's deadlines are announced in (an IANA name, such as Europe/Paris)")
    .option("--practice", "a practice game: its players may move its clock forward (nomos remote clock forward 1d, nomos remote clock next)")
    .option("--observe", "take part without playing (the rules may grant you actions, e.g. to moderate)")
    .action(async (name: string, o: { preset: string; timeZone?: string; practice?: boolean; observe?: boolean }) => {
      const g = globals();
      const client = connect();
      const created = await client.post<GameSummary>("/api/games", {
        name,
        preset: o.preset,
        ...(o.timeZone !== undefined ? { timeZone: o.timeZone } : {}),
        ...(o.practice ? { practice: true } : {}),
        ...(o.observe ? { as: "observer" } : {}),
      });
      const link = created.invite ? inviteUrl(client.url, created.invite) : null;
      // Say what begins play for the ruleset at hand: a start action, or nothing (play is open as it is).
      const offersStart = (await client.get<ApiGamePage>(gamePath(created.id))).actions.some((a) => a.name === "start");
      output(g, { ...created, inviteUrl: link }, () =>
        [
          `Created game ${created.id} "${created.name}" from ${created.preset ?? "a custom ruleset"} on ${client.url}; ${created.observes ? "you take part without playing, as" : "you play as"} ${created.me}.`,
          ...(link ? ["Invitation link (other players open it in a browser, or run: nomos remote join <link>):", `  ${link}`] : []),
          offersStart
            ? `Once they have joined, begin play with: nomos remote start --game ${created.id}`
            : `Its rules need no start: play is open as players join; nomos remote state --game ${created.id} says what play awaits.`,
        ].join("\n"),
      );
    });

  remote
    .command("join <invite>")
    .description("join a game by its invitation: the link (http://host/invite/<code>) or the code (after --, if it begins with -)")
    .option("--observe", "take part without playing; join again without it to become a player")
    .action(async (invite: string, o: { observe?: boolean }) => {
      const g = globals();
      const client = connect();
      const parsed = parseInvite(invite, client.url);
      const code = encodeURIComponent(parsed.code);
      let before: GameSummary;
      try {
        before = await client.get<GameSummary>(`/api/invites/${code}`);
      } catch (err) {
        // A link naming another address may still be this server (localhost and 127.0.0.1): if it is not, say so.
        if (parsed.elsewhere && err instanceof UsageError && err.code === "not-found") {
          throw new UsageError(
            `that invitation is for ${parsed.elsewhere}, but you are logged in to ${client.url}; first run: nomos remote login ${parsed.elsewhere} <username>`,
            "other-server",
          );
        }
        throw err;
      }
      // An observer joining without --observe becomes a player.
      const joining = !before.me || Boolean(before.observes && !o.observe);
      const game = joining ? await client.post<GameSummary>(`/api/invites/${code}/join`, { as: o.observe ? "observer" : "player" }) : before;
      const without = game.observes ? ", taking part without playing" : "";
      output(g, { ...game, joined: joining && game.awaits === undefined }, () =>
        [
          game.awaits !== undefined
            ? `You asked to join "${game.name}" (game ${game.id}); your request awaits ${game.awaits}.`
            : joining
              ? `You joined "${game.name}" (game ${game.id}) as ${game.me}${without}.`
              : game.left !== undefined
                ? `You are no longer a player of "${game.name}" (game ${game.id}): ${game.left}. You may still read it: nomos remote state --game ${game.id}`
                : `You already ${game.observes ? "take part" : "play"} in "${game.name}" (game ${game.id}) as ${game.me}${without}.`,
          `Players: ${game.players.map((p) => `${p.name} (${p.id})`).join(", ")}`,
          game.status === "over" ? "The game is over." : "See it with: nomos remote state",
        ].join("\n"),
      );
    });

  const surface = remoteSurface(remote, globals);
  registerGameCommands(surface);
  registerForumCommands(surface);
  registerMessageCommands(surface);
  registerNotificationCommands(surface);
  registerInvitationCommands(surface);
}
