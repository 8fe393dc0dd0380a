/**
 * The events the engine raises, and the namespace rule code may not emit into. Rules hear these
 * as facts (a message was posted, a decision made, a timer fired, a correction recorded), and a
 * preset acts on them without asking who raised them: so `game.emit` refuses every name here, and
 * every event rules hear carries its origin, set by the engine alone (`GameEvent.origin`).
 * A name with a colon is reserved whole ("timer:<name>", "decision:<kind>", and whatever targeted
 * event the engine adds later), so a rule's own event never needs to change name when one is added.
 */
export const engineEvents = [
  "game.started",
  "player.applied",
  "player.joined",
  "player.left",
  "player.renamed",
  "participant.joined",
  "participant.left",
  "forum.posted",
  "message.posted",
  "message.edited",
  "message.deleted",
  "message.redacted",
  "rule.changed",
  "rules.changed",
  "correction.recorded",
] as const;

/** The name of an event the engine raises: one of {@link engineEvents}, or a name with a colon. */
export type EngineEventType = (typeof engineEvents)[number] | `timer:${string}` | `decision:${string}`;

const names: ReadonlySet<string> = new Set(engineEvents);

/** Whether rule code may not emit an event of this name (why, in words, for the refusal). */
export function reservedEventName(type: string): string | null {
  if (type.includes(":")) return `names with a colon ("timer:<name>", "decision:<kind>") are the engine's`;
  if (names.has(type)) return `"${type}" is an event only the engine raises`;
  return null;
}
