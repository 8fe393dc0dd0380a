/**
 * What the server's API sends (the contract's types, src/api), and thin adapters from it to what
 * the local CLI's formatters take: the server sends the engine's own per-player view and
 * log entries, so the formatters apply once the log's visible effects are folded into the
 * few things a view leaves out (repealed rules, departed players).
 */
import { emptyState, replay } from "../../kernel/fold.js";
import type {
  ActionInfo as ApiActionInfo,
  GamePage as ApiGamePage,
  GameSummary,
  LogEntry,
  LogPage,
  PageView,
  Rule,
  RulesReply,
  Session,
} from "../../api/index.js";
import type { Act, GameState } from "../../kernel/types.js";
import { UsageError } from "../context.js";
import type { RemoteClient } from "./client.js";
import { defaultPreset } from "../../rulesets/default.js";

export type { ActReply, GameSummary, LogEntry, Post, User } from "../../api/index.js";
export type SessionReply = Session;
export type ActionInfo = ApiActionInfo;
/** A rule as GET .../rules sends it: with what its code may do, where it has code. */
export type RemoteRule = Rule;

/** A game page with its rules, which the server serves apart (see {@link getPage}). */
export interface GamePage extends Omit<ApiGamePage, "view"> {
  view: PageView & { rules: RemoteRule[] };
  /** Rules repealed so far, with their history (from GET .../rules). */
  repealed: Rule[];
}

/** The invitation link of a game on a server, as the web UI routes it. */
export function inviteUrl(url: string, code: string): string {
  return `${url}/invite/${encodeURIComponent(code)}`;
}

/** The user's games, most recently joined first. */
export function listGames(client: RemoteClient): Promise<GameSummary[]> {
  return client.get<GameSummary[]>("/api/games");
}

/** The game --game names, or else the user's most recently joined game. */
export async function chooseGame(client: RemoteClient, given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  const games = await listGames(client);
  const newest = games[0];
  if (!newest) {
    throw new UsageError(
      `you play in no game on ${client.url} yet; create one with: nomos remote new "<name>" --preset ${defaultPreset}, or join one with: nomos remote join <invite link>`,
      "no-game",
    );
  }
  return newest.id;
}

export function gamePath(id: string, rest = ""): string {
  return `/api/games/${encodeURIComponent(id)}${rest}`;
}

/** The game page with its rules, which the server serves apart (they change rarely and are cached). */
export async function getPage(client: RemoteClient, id: string): Promise<GamePage> {
  const [page, rules] = await Promise.all([client.get<ApiGamePage>(gamePath(id)), client.get<RulesReply>(gamePath(id, "/rules"))]);
  return { ...page, view: { ...page.view, rules: rules.rules }, repealed: rules.repealed };
}

/** The whole log as the user may read it, page by page, oldest first. */
export async function readLog(client: RemoteClient, id: string): Promise<LogEntry[]> {
  const entries: LogEntry[] = [];
  for (;;) {
    const after = entries.at(-1)?.seq ?? 0;
    const page = await client.get<LogPage>(`${gamePath(id, "/log")}?after=${after}&limit=1000`);
    entries.push(...page.entries);
    if (!page.entries.length || entries.at(-1)!.seq >= page.last) return entries;
  }
}

/**
 * The rules and players the user's log describes: the log keeps every rule change and
 * every arrival and departure visible to all, so folding it gives back the repealed rules
 * and departed players the view does not carry. (Secret state is not in the user's log,
 * so this state's values are not to be shown: the view has them.)
 */
export function foldLog(entries: LogEntry[]): GameState {
  return replay("", null, entries.map(asAct), emptyState("", null));
}

/** A server log entry as the formatters' Act (the seed of its random draws is the server's secret). */
export function asAct(entry: LogEntry): Act {
  return { seq: entry.seq, time: entry.time, seed: "", input: entry.input, effects: entry.effects };
}
