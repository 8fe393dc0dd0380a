/**
 * `nomos remote ...`: play on a running Nomos server (`nomos serve`) through its HTTP API,
 * as a signed-in user. The commands mirror the local ones and print through the same
 * formatters, so a game looks the same from a file and from a server; every command takes
 * --json, and --game <id> (default: the game you joined most recently).
 */
import type { Command } from "commander";
import type { Json, RuleRecord } from "../../kernel/types.js";
import { describeForm } from "../form.js";
import { formatState } from "../format-state.js";
import { output, UsageError, type GlobalOptions } from "../context.js";
import { parseJson, positive, wholeNumber } from "../parse.js";
import { presetExtras } from "../../rulesets/extras.js";
import { judgmentViews, proposalViews } from "../records-view.js";
import { changeFrom, withChangeOptions, type ProposeOptions } from "../commands/propose.js";
import { formatRule, formatRuleset, historyLine, when } from "../../present/format.js";
import { formatAct } from "../../present/format-log.js";
import {
  asAct, chooseGame, foldLog, gamePath, getPage, inviteUrl, listGames, namesOf, readLog,
  type ActReply, type GamePage, type GameSummary, type Post, type SessionReply,
} from "./api.js";
import { RemoteClient, serverOrigin } from "./client.js";
import { readPassword } from "./password.js";
import { registerRemoteRecords } from "./records.js";
import { readSession, removeSession, requireSession, sessionFile, writeSession } from "./session.js";
import { defaultPreset } from "../../rulesets/default.js";

/** A client on the stored session; a refreshed CSRF token is saved back. */
function connect(): RemoteClient {
  return new RemoteClient(requireSession(), true);
}

/**
 * Takes one action as the signed-in user's player and reports what came of it, as the local
 * `act` does: the messages and failures the player may see (--json: every effect they may see).
 */
async function perform(
  g: GlobalOptions, action: string, input: Json,
  after?: (page: GamePage) => string | undefined, done?: (page: GamePage) => string,
): Promise<void> {
  const client = connect();
  const id = await chooseGame(client, g.game);
  const reply = await client.post<ActReply>(gamePath(id, "/act"), { action, input });
  // The game as it is now: its status, and what the hints need. The act is recorded
  // whatever happens here, so a failure to fetch it must not read as a failed act.
  const page = await getPage(client, id).catch(() => null);
  const effects = reply.entry.effects;
  const messages = effects.flatMap((e) => (e.e === "message" ? [e.text] : []));
  const failures = effects.flatMap((e) => (e.e === "rule.failed" ? [`! Rule ${e.rule} failed (${e.during}): ${e.error}`] : []));
  const over = page?.view.status === "over" ? page.view.result : null;
  output(g, { game: id, seq: reply.seq, actor: page?.me ?? null, action, failed: reply.failed, messages, effects, status: page?.view.status ?? null, result: over }, () => {
    const lines = reply.failed
      ? [`Your ${action} was recorded but had no effect: Rule ${reply.failed.rule}'s code failed: ${reply.failed.error}`]
      : messages.length ? messages : [(page && done?.(page)) ?? `${action}: done (act ${reply.seq}).`];
    lines.push(...failures);
    const hint = reply.failed || over || !page ? undefined : after?.(page);
    if (hint) lines.push(hint);
    return lines.join("\n");
  });
}

/** The ruleset's summary for --json, as the local `rules` prints it. */
function ruleSummary(rule: RuleRecord, history: boolean) {
  const { number, title, mutable, revision, text } = rule;
  return { number, title, mutable, revision, text, hasCode: rule.code !== null, ...(history ? { history: rule.history.map((h) => ({ ...h, line: historyLine(h) })) } : {}) };
}

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

const gameHelp = "\n--game <id> picks the game (default: the one you joined last); --json prints one JSON document.";

export function registerRemoteCommands(program: Command, globals: () => GlobalOptions): void {
  const remote = program
    .command("remote")
    .description("play on a running Nomos server (nomos serve) through its HTTP API: log in, then use the commands below (--game <id> picks the game; default: the one you joined last)");

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
      if (!user) throw new UsageError(`you are not signed in on ${client.url} (the session ended or was signed out); run: nomos remote login ${client.url} ${client.session.username}`, "signed-out");
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
        games.length ? games.map(summaryLine).join("\n") : `You play in no game on ${client.url} yet; create one with: nomos remote new "<name>" --preset ${defaultPreset}, or join one with: nomos remote join <invite link>`,
      );
    });

  remote
    .command("new <name>")
    .description("create a game from a preset ruleset (you join it as its first player) and get its invitation link")
    .requiredOption("--preset <preset>", "the ruleset to start from (nomos presets lists them)")
    .option("--time-zone <zone>", "the time zone the game's deadlines are announced in (an IANA name, such as Europe/Paris)")
    .action(async (name: string, o: { preset: string; timeZone?: string }) => {
      const g = globals();
      const client = connect();
      const created = await client.post<GameSummary>("/api/games", { name, preset: o.preset, ...(o.timeZone !== undefined ? { timeZone: o.timeZone } : {}) });
      const link = created.invite ? inviteUrl(client.url, created.invite) : null;
      output(g, { ...created, inviteUrl: link }, () =>
        [
          `Created game ${created.id} "${created.name}" from ${created.preset ?? "a custom ruleset"} on ${client.url}; you play as ${created.me}.`,
          ...(link ? ["Invitation link (other players open it in a browser, or run: nomos remote join <link>):", `  ${link}`] : []),
          `Once they have joined, begin play with: nomos remote start --game ${created.id}`,
        ].join("\n"),
      );
    });

  remote
    .command("join <invite>")
    .description("join a game by its invitation: the link (http://host/invite/<code>) or the code (after --, if it begins with -)")
    .action(async (invite: string) => {
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
          throw new UsageError(`that invitation is for ${parsed.elsewhere}, but you are logged in to ${client.url}; first run: nomos remote login ${parsed.elsewhere} <username>`, "other-server");
        }
        throw err;
      }
      const game = before.me ? before : await client.post<GameSummary>(`/api/invites/${code}/join`);
      output(g, { ...game, joined: !before.me }, () =>
        [
          before.me ? `You already play in "${game.name}" (game ${game.id}) as ${game.me}.` : `You joined "${game.name}" (game ${game.id}) as ${game.me}.`,
          `Players: ${game.players.map((p) => `${p.name} (${p.id})`).join(", ")}`,
          game.status === "over" ? "The game is over." : "See it with: nomos remote state",
        ].join("\n"),
      );
    });

  remote
    .command("rules [number]")
    .addHelpText("after", gameHelp)
    .description("show the ruleset in effect, or one rule (current or repealed) with its code and history")
    .option("--history", "with the ruleset, each rule's history too")
    .action(async (number: string | undefined, o: { history?: boolean }) => {
      const g = globals();
      const n = number === undefined ? undefined : wholeNumber(number, "a rule's number");
      const client = connect();
      const id = await chooseGame(client, g.game);
      const page = await getPage(client, id);
      const current = page.view.rules;
      if (n === undefined) {
        // The view holds the rules in effect; the log says which were repealed.

        output(g, current.map((r) => ruleSummary(r, !!o.history)), () =>
          formatRuleset(current, { history: !!o.history, repealed: page.repealed }).replace("(nomos rules <number> shows one)", "(nomos remote rules <number> shows one)"),
        );
        return;
      }
      let rule = current.find((r) => r.number === n);
      let repealed = false;
      if (!rule) {
        rule = [...page.repealed].reverse().find((r) => r.number === n);
        repealed = rule !== undefined;
      }
      if (!rule) {
        // Suber's Rule 108 gives an amended rule a new number: point there.
        for (const r of current) {
          const moved = r.history.find((h) => h.change === "renumbered" && (h.detail as { from?: number } | undefined)?.from === n);
          if (moved) throw new UsageError(`rule ${n} is now rule ${r.number} (${historyLine(moved)}); see: nomos remote rules ${r.number}`, "no-rule");
        }
        throw new UsageError(`there is no rule ${n}, current or repealed; see: nomos remote rules`, "no-rule");
      }
      const found = rule;
      const permissions = repealed ? null : found.permissions ?? null;
      output(g, { ...ruleSummary(found, true), repealed, props: found.props, code: found.code ? { source: found.code.source } : null, permissions }, () => formatRule(found, repealed, permissions));
    });

  remote
    .command("state")
    .addHelpText("after", gameHelp)
    .description("show the game as you see it: players, points and all declared state, whose turn, open proposals and Judgments, failures, result")
    .action(async () => {
      const g = globals();
      const client = connect();
      const id = await chooseGame(client, g.game);
      const [page, log] = await Promise.all([getPage(client, id), readLog(client, id)]);
      const view = page.view;
      // Departed players are not in the view: the log has them.
      const departed = foldLog(log.filter((e) => e.seq <= view.seq)).departed;
      const { rules, ...rest } = view;
      const json = {
        game: id,
        ...rest,
        departed,
        ruleCount: rules.length,
        turn: presetExtras(view.preset).turn?.(view)?.turn ?? null,
        openProposals: proposalViews(view, "open"),
        openJudgments: judgmentViews(view, "open"),
      };
      output(g, json, () => formatState(view, namesOf(view.players, departed), departed));
    });

  remote
    .command("actions")
    .addHelpText("after", gameHelp)
    .description("list the actions the rules in effect offer, with their input forms")
    .action(async () => {
      const g = globals();
      const client = connect();
      const page = await getPage(client, await chooseGame(client, g.game));
      const actions = page.actions;
      output(g, actions, () =>
        actions.length
          ? actions.map((a) => [`${a.name} (Rule ${a.rule}): ${a.describe}`, ...describeForm(a.input)].join("\n")).join("\n\n") +
            "\n\nTake one with: nomos remote act <action> '<json>'"
          : "No rule in effect offers any action.",
      );
    });

  remote
    .command("act <action> [input]")
    .addHelpText("after", gameHelp)
    .description("take any action a rule offers, as your player: nomos remote act vote '{\"proposal\": 301, \"vote\": \"for\"}'")
    .option("--input <json>", "the action's input as JSON (instead of the second argument)")
    .action(async (action: string, input: string | undefined, o: { input?: string }) => {
      if (input !== undefined && o.input !== undefined) throw new UsageError("give the input once: as the second argument or with --input, not both");
      const text = input ?? o.input;
      await perform(globals(), action, text === undefined ? {} : parseJson(text, "the input"));
    });

  remote
    .command("start")
    .addHelpText("after", gameHelp)
    .description("begin play (the start action)")
    .action(async () => perform(globals(), "start", {}));

  remote
    .command("vote <proposal> <vote>")
    .addHelpText("after", gameHelp)
    .description("vote for or against a proposal: nomos remote vote 301 for")
    .action(async (proposal: string, vote: string) => {
      const number = wholeNumber(proposal, "a proposal's number");
      await perform(globals(), "vote", { proposal: number, vote }, undefined, (page) => {
        const p = proposalViews(page.view).find((x) => x.number === number);
        const waiting = p ? page.view.players.filter((pl) => !(pl.id in p.votes)).map((pl) => pl.name) : [];
        return `You voted ${vote} on proposal ${number}.${waiting.length ? ` Waiting for: ${waiting.join(", ")}.` : ""}`;
      });
    });

  withChangeOptions(
    remote
      .command("propose")
      .addHelpText("after", gameHelp)
      .description("propose a rule-change: enact a rule, amend its text, title or code, repeal or transmute it"),
  )
    .action(async (o: Omit<ProposeOptions, "as">) => {
      await perform(globals(), "propose", { change: changeFrom({ ...o, as: "" }) }, (page) => {
        const open = proposalViews(page.view, "open").at(-1);
        return open ? `Every player votes: nomos remote vote ${open.number} for|against` : undefined;
      });
    });

  remote
    .command("forfeit")
    .addHelpText("after", gameHelp)
    .description("forfeit the game: you leave it for good")
    .action(async () => perform(globals(), "forfeit", {}));

  remote
    .command("log")
    .addHelpText("after", gameHelp)
    .description("show the game's log as you may read it: who did what, and the events, messages, rule changes and failures that followed")
    .option("--limit <n>", "only the last n acts", positive("--limit"))
    .option("--no-events", "leave out the rules' events (turn.began, vote.cast, ...)")
    .action(async (o: { limit?: number; events: boolean }) => {
      const g = globals();
      const client = connect();
      const id = await chooseGame(client, g.game);
      const entries = await readLog(client, id);
      // Names as they are now, departed players' included, as the local log prints them.
      const folded = foldLog(entries);
      const name = namesOf(folded.players, folded.departed);
      const shown = o.limit ? entries.slice(-o.limit) : entries;
      output(g, shown, () => shown.map((e) => formatAct(asAct(e), e.effects, name, { events: o.events })).join("\n") || "The log is empty.");
    });

  remote
    .command("post <text>")
    .addHelpText("after", gameHelp)
    .description("post to the game's forum, where its players talk outside the rules")
    .action(async (text: string) => {
      const g = globals();
      if (!text.trim()) throw new UsageError("a post cannot be blank");
      const client = connect();
      const id = await chooseGame(client, g.game);
      const posted = await client.post<{ id: number }>(gamePath(id, "/posts"), { body: text });
      output(g, { game: id, id: posted.id }, () => `Posted to the forum of game ${id} (post ${posted.id}).`);
    });

  remote
    .command("posts")
    .addHelpText("after", gameHelp)
    .description("read the game's forum, oldest first")
    .option("--limit <n>", "only the last n posts", positive("--limit"))
    .action(async (o: { limit?: number }) => {
      const g = globals();
      const client = connect();
      const id = await chooseGame(client, g.game);
      const posts: Post[] = [];
      for (;;) {
        const page = await client.get<Post[]>(`${gamePath(id, "/posts")}?after=${posts.at(-1)?.id ?? 0}`);
        if (!page.length) break;
        posts.push(...page);
      }
      const shown = o.limit ? posts.slice(-o.limit) : posts;
      output(g, shown, () => shown.map((p) => `#${p.id} ${when(p.createdAt)} ${p.author.displayName}:\n${p.body.split("\n").map((l) => `  ${l}`).join("\n")}`).join("\n") || "No posts yet.");
    });

  registerRemoteRecords(remote, globals, connect);
}
