/** The game's log in words, newest first: who did what, and what came of it. */
import { citation, effectLine } from "../../present/format-log.js";
import { messageLine } from "../../present/message-line.js";
import { clockMoveLine } from "../../present/practice-clock.js";
import { brief, when } from "../format.js";
import type { GamePage, LogEntry } from "../types.js";
import { ActionLine } from "./action-line.js";
import { namer, playerCheck } from "./names.js";

/** Who did what, in words: "Ada Lovelace joins the game"; an action in its own words (action-line.tsx). */
function heading(input: LogEntry["input"], name: (id: string) => string, isPlayer: (id: string) => boolean): preact.ComponentChildren {
  switch (input.kind) {
    case "create":
      return `The game "${input.name}" begins with ${input.rules.length} rules (${input.preset ?? "custom ruleset"})`;
    case "join":
      return `${input.player.name} joins the game`;
    case "attend":
      return `${input.person.name} takes part without playing`;
    case "rename":
      return `${name(input.player)} takes the name ${input.name}`;
    case "leave":
      return `${name(String(input.player))} leaves the game`;
    case "timer":
      return `A timer fires`;
    case "correction":
      return `${"player" in input.by ? name(input.by.player) : "The host"} records a correction (${citation(input.cites)}): ${input.reason}`;
    case "clock":
      return clockMoveLine(input as never, name);
    case "message":
      return messageLine(input as never, name);
    case "post":
      return `${name(input.player)} posts in ${input.topic}`;
    case "decision":
      return `${name(input.by)} decided (Rule ${input.rule}) ${input.question}: ${brief(input.input, name, isPlayer)}`;
    default:
      return <ActionLine actor={input.actor} action={input.name} input={input.input} name={name} isPlayer={isPlayer} />;
  }
}

/** One act in words, as the Log tab shows it: when, who did what, then what came of it (the Play tab's "since you last looked" too). */
export function LogItem({ entry, name, isPlayer }: { entry: LogEntry; name: (id: string) => string; isPlayer: (id: string) => boolean }) {
  return (
    <li data-seq={entry.seq}>
      <div class="log-head">
        <span class="muted">
          #{entry.seq} {when(entry.time)}
        </span>{" "}
        {heading(entry.input, name, isPlayer)}
      </div>
      {entry.message && <p class={entry.message.text === null ? "post-body gone" : "post-body"}>{entry.message.shown}</p>}
      <ul>
        {entry.effects.map((e, i) => {
          if (entry.input.kind === "create" && (e.e === "rule.enacted" || e.e === "rule.loaded")) return null;
          if (e.e === "event" || (e.e === "player.joined" && entry.input.kind === "join")) return null;
          const line = effectLine(e as never, name);
          return line ? <li key={i}>{line.trim()}</li> : null;
        })}
      </ul>
    </li>
  );
}

export function LogTab({ page, log }: { page: GamePage; log: LogEntry[] }) {
  const name = namer(page.view);
  const isPlayer = playerCheck(page.view);
  return (
    <ol class="log">
      {[...log].reverse().map((entry) => (
        <LogItem key={entry.seq} entry={entry} name={name} isPlayer={isPlayer} />
      ))}
    </ol>
  );
}
