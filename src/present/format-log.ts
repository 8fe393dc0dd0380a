/** The log in words: one heading line per act (who did what), then what came of it. */
import { messageLine } from "./message-line.js";
import { notInEffectLine } from "./rule-status.js";
import type { Act, Effect, Json } from "../kernel/types.js";
import { brief, hiddenAsWord, madeBy, when } from "./format.js";
import { isHiddenMark } from "../kernel/data-visibility.js";
import { clockMoveLine } from "./practice-clock.js";

/** An action's input, short: rule code as a line count, long texts clipped, what the rules hide from the reader `<hidden>`. */
export function briefInput(input: Json): string {
  if (isHiddenMark(input)) return brief(input);
  return JSON.stringify(input, (key, value: unknown) => {
    if (isHiddenMark(value)) return hiddenAsWord(key, value);
    if (key === "code" && value && typeof value === "object" && "source" in value) {
      return `<code: ${
        String((value as { source: string }).source)
          .trim()
          .split("\n").length
      } lines>`;
    }
    return typeof value === "string" && value.length > 80 ? `${value.slice(0, 79)}…` : value;
  });
}

export function effectLine(effect: Effect, name: (id: string) => string): string | null {
  switch (effect.e) {
    case "message":
      return `  ${effect.to ? `(to ${effect.to.map(name).join(", ")}) ` : ""}${effect.text}`;
    case "event":
      return `  · ${effect.type}${effect.rule !== null ? ` (Rule ${effect.rule})` : ""} ${brief(effect.data, 120)}`;
    case "rule.enacted":
      return `  Rule ${effect.rule.number} enacted (${effect.cause}${madeBy(effect.by)})`;
    case "rule.amended":
      return `  Rule ${effect.number} amended (${effect.cause}${madeBy(effect.by)})`;
    case "rule.repealed":
      return `  Rule ${effect.number} repealed (${effect.cause}${madeBy(effect.by)})`;
    case "rule.transmuted":
      return `  Rule ${effect.number} transmuted to ${effect.mutable ? "mutable" : "immutable"} (${effect.cause}${madeBy(effect.by)})`;
    case "rule.renumbered":
      return `  Rule ${effect.number} renumbered ${effect.to} (${effect.cause}${madeBy(effect.by)})`;
    case "rule.annotated":
      return `  Rule ${effect.number} annotated (${effect.cause}${madeBy(effect.by)}): ${effect.text}`;
    case "rule.property":
      return `  Rule ${effect.number}: ${effect.key} set to ${brief(effect.value, 60)} (${effect.cause}${madeBy(effect.by)})`;
    case "rule.loaded":
      return effect.failed ? `  ! Rule ${effect.number}'s code failed to load: ${effect.failed}` : null;
    case "rule.failed":
      return `  ! Rule ${effect.rule} failed (${effect.during}): ${effect.error}`;
    case "player.joined":
      return `  ${effect.player.name} joins the game as ${effect.player.id}`;
    case "player.renamed":
      return `  ${effect.id} is now called ${effect.name}`;
    case "player.left":
      return `  ${name(effect.id)} leaves the game: ${effect.reason}`;
    case "rule.status":
      return effect.inEffect
        ? `  Rule ${effect.number} is in effect again${effect.corrected ? " (by correction)" : ""}`
        : `  Rule ${effect.number}: ${notInEffectLine({ rule: effect.rule ?? null, reason: effect.reason ?? "" })}`;
    case "decision.opened":
      return `  Rule ${effect.decision.rule} asks ${effect.decision.by.map(name).join(" or ")} to decide: ${effect.decision.question}`;
    case "player.applied":
      return `  ${effect.applicant.name} asks to join; the request awaits: ${effect.reason}`;
    case "game.ended":
      return `  The game is over: ${effect.reason} (Rule ${effect.rule})`;
    default:
      return null;
  }
}

export interface LogOptions {
  /** Show rule events (turn.began, vote.cast, ...) as well as messages and changes. */
  events?: boolean;
}

/** Who did what, in a line: "Ada Lovelace: vote {...}". */
export function actHeading(input: Act["input"], name: (id: string) => string): string {
  return input.kind === "create"
    ? `Game "${input.name}" created (${input.preset ?? "custom ruleset"}) with ${input.rules.length} rules`
    : input.kind === "join"
      ? `${input.player.name} joins`
      : input.kind === "attend"
        ? `${input.person.name} takes part without playing`
        : input.kind === "timer"
          ? `Timer ${input.id} fires`
          : input.kind === "rename"
            ? `${input.player} renames`
            : input.kind === "leave"
              ? `${name(input.player)} leaves the game`
              : input.kind === "correction"
                ? `${"player" in input.by ? name(input.by.player) : "The host"} records a correction (${citation(input.cites)}): ${input.reason}`
                : input.kind === "clock"
                  ? clockMoveLine(input, name)
                  : input.kind === "decision"
                    ? `${name(input.by)} decided (Rule ${input.rule}) ${input.question}: ${briefInput(input.input)}`
                    : input.kind === "post"
                      ? `${name(input.player)} posts to the forum (${input.topic})`
                      : input.kind === "message"
                        ? messageLine(input, name)
                        : `${name(input.actor)}: ${input.name} ${briefInput(input.input)}`;
}

/** "Rule 202, case 2": what a correction rests on. */
export function citation(cites: { rule?: number; ruling?: string }): string {
  return [cites.rule !== undefined ? `Rule ${cites.rule}` : null, cites.ruling ?? null].filter(Boolean).join(", ");
}

export function formatAct(act: Act, effects: Effect[], name: (id: string) => string, options: LogOptions = {}): string {
  const input = act.input;
  const lines = [`#${act.seq} ${when(act.time)} ${actHeading(input, name)}`];
  for (const e of effects) {
    // A new game enacts its whole ruleset: the heading says so once.
    if (input.kind === "create" && (e.e === "rule.enacted" || e.e === "rule.loaded")) continue;
    if (e.e === "event" && !options.events) continue;
    if (e.e === "player.joined" && input.kind === "join") continue;
    const line = effectLine(e, name);
    if (line) lines.push(line);
  }
  return lines.join("\n");
}
