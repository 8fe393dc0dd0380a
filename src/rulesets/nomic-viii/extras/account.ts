/**
 * The season's account, turn by turn: each act of the log as a player reads it (what the
 * rules announced, each message with its text as posted, what changed in the ruleset), cut
 * into turns where a turn starts. It reads only the log and the messages' texts.
 */
import type { Act, Effect, Json } from "../../../kernel/types.js";
import { briefInput, effectLine } from "../../../present/format-log.js";

export interface TurnAccount {
  /** 0 before the first turn. */
  turn: number;
  /** When the turn started, and its scheduled end (null before the first turn). */
  from: number | null;
  until: number | null;
  lines: string[];
}

export interface AccountSources {
  name(person: string): string;
  /** A message: where, by whom, and its text now (null once deleted or redacted). */
  message(number: number): { channel: string; author: string; text: string | null } | undefined;
  /** The turn now, as the rules keep it. */
  turn(): { number: number; startedAt: number; endsAt: number } | null;
}

const days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** "Fri 09 02:13": the moment of an act, in UTC (every turn of the game is counted in UTC). */
export function moment(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${days[d.getUTCDay()]} ${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** Changes to the game worth a line of their own (the rules' announcements say the rest). */
const told = new Set<Effect["e"]>([
  "rule.enacted",
  "rule.amended",
  "rule.repealed",
  "player.joined",
  "player.left",
  "rule.status",
  "rule.failed",
  "game.ended",
]);

export class Account {
  private current: TurnAccount = { turn: 0, from: null, until: null, lines: [] };

  constructor(
    private readonly sources: AccountSources,
    private readonly onTurn: (account: TurnAccount) => void,
  ) {}

  add(act: Act): void {
    const input = act.input;
    if (input.kind === "create") return;
    const at = moment(act.time);
    const say = (line: string) => this.current.lines.push(`${at}  ${line}`);
    const heading = this.heading(act);
    const announced = act.effects.some((e) => e.e === "message" && e.to === null);
    if (heading !== null && (input.kind === "message" || !announced)) say(heading);
    const change = input.kind === "action" && ["propose", "edit-proposal"].includes(input.name) ? changeWords(input.input) : null;
    for (const e of act.effects) {
      if (e.e === "event" && e.type === "turn.started") this.next();
      else if (e.e === "message" && e.to === null) {
        say(e.text);
        if (change) say(`  ${change}`);
      } else if (e.e === "game.ended") say(`The game is over: ${e.reason}`);
      else if (told.has(e.e) && !(e.e === "player.joined" && input.kind === "join")) {
        const line = effectLine(e, this.sources.name);
        if (line) say(line.trim());
      }
    }
  }

  /** Ends the account of the turn going on (at the game's end, or when play stops). */
  finish(): void {
    if (this.current.lines.length) this.onTurn(this.current);
    this.current = { ...this.current, lines: [] };
  }

  private next(): void {
    this.finish();
    const turn = this.sources.turn();
    this.current = { turn: turn?.number ?? this.current.turn + 1, from: turn?.startedAt ?? null, until: turn?.endsAt ?? null, lines: [] };
  }

  /** Who did what, for acts whose rules announce nothing (and every message, with its text). */
  private heading(act: Act): string | null {
    const input = act.input;
    const name = this.sources.name;
    switch (input.kind) {
      case "attend":
        return `${input.person.name} takes part without playing`;
      case "join":
        return `${input.player.name} joins`;
      case "message": {
        const who = name(input.person);
        const m = this.sources.message(input.message);
        const text = `"${m?.text ?? "(gone)"}"`;
        if (input.op === "post") return `${who} in #${input.channel}: ${text}`;
        const whose = m && m.author !== input.person ? `${name(m.author)}'s message` : "their message";
        const where = `${whose} ${input.message}${m ? ` in #${m.channel}` : ""}`;
        if (input.op === "edit") return `${who} edits ${where} to ${text}`;
        if (input.op === "redact") return `${who} redacts ${where}: ${input.reason}`;
        return `${who} deletes ${where}`;
      }
      case "action": {
        const proposal = (input.input as { proposal?: string }).proposal;
        if (input.name === "endorse" || input.name === "unendorse") return `${name(input.actor)} ${input.name}s ${proposal}`;
        return `${name(input.actor)}: ${input.name} ${briefInput(input.input)}`;
      }
      default:
        return null;
    }
  }
}

/** What a proposal's rule-change says (Rule 201's form), in a line. */
function changeWords(input: Json): string {
  const c = input as { kind?: string; title?: string; text?: string; number?: number; key?: string; code?: unknown };
  if (c.kind === "repeal") return `Repeal Rule ${c.number}.`;
  if (c.kind === "set-property") return `Set the ${c.key} of Rule ${c.number}.`;
  const text = (c.text ?? "").length > 160 ? `${c.text!.slice(0, 159)}…` : c.text;
  return `"${c.title ?? "A new rule"}": ${text}${c.code ? " (with code)" : ""}`;
}
