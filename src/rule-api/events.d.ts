// Events: what rules hear (from the engine, whose event names no rule may emit, and from
// other rules), and how a rule declares it reacts to them. Part of the rule API, read with
// rule-api.d.ts as one text (src/authoring/rule-service.ts).

interface GameEvent<D = any> {
  readonly type: string;
  readonly data: D;
  /**
   * Who raised it, set by the engine alone: "engine" for the engine's own events (whose names no
   * rule may emit, so a "message.posted" is always a message really posted), "rule" for an event
   * a rule emitted with `game.emit`.
   */
  readonly origin: "engine" | "rule";
  /** The rule that emitted the event; for the engine's own, the rule whose work raised it (a player removed by Rule 5), or null. */
  readonly rule: number | null;
}

/**
 * Reacts to an event. Events come from the engine and from rules (`game.emit`); reactions run
 * in precedence order, and events they emit run after them. The engine's events, which no rule
 * may emit: "game.started", "player.applied", "player.joined", "player.left", "player.renamed",
 * "participant.joined", "participant.left", "forum.posted" ({@link ForumPosted}: a player posted
 * to the game's forum), "message.posted", "message.edited", "message.deleted",
 * "message.redacted", "rule.changed", "rules.changed" ({@link RulesChangedEvent}),
 * "correction.recorded", and every name with a colon: "timer:<name>" for this rule's own
 * timers, "decision:<kind>" for its decisions.
 */
declare function on<D = any>(type: string, handler: (event: GameEvent<D>) => void, options?: OnOptions): void;

interface OnOptions {
  /**
   * Hear the text of messages posted or edited in private channels other rules keep. Without it,
   * such a message's event comes with `text: null`: only its channel's readers, and the rule
   * that keeps the channel, read what is written there. Voters see it among the rule's
   * permissions before they adopt it, as they see `readsSecret`.
   */
  readonly readsPrivate?: true;
}
