/** What the engine says when it will not record an act: a code for programs, words for players. */
export type ActionErrorCode = "not-a-player" | "unknown-action" | "invalid-input" | "refused" | "game-over" | "failed";

/** An act the engine would not record; nothing changed. The message says what to do. */
export class ActionError extends Error {
  constructor(
    readonly code: ActionErrorCode,
    message: string,
    /** The rule that refused, where a rule did. */
    readonly rule: number | null = null,
  ) {
    super(message);
    this.name = "ActionError";
  }
}
