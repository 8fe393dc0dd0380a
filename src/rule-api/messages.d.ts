// ---------------------------------------------------------------------------------------
// Messages in the log: channels, and posts, edits, deletions and redactions as acts.
//
// Every game has the channel "general" (title "General": the game's forum). A message has a
// number (per game: 1, 2, 3…), a channel, an author and a time; its text is kept by the server
// beside the act, never in the log, so a redaction removes the text for good while the act
// (and the fact of the redaction) stays. Rules hear each op as an event, with the text while
// the act runs (the log records the event without it), and may give messages meaning: votes
// as messages, a channel per vote. Every participant may author messages (players, applicants,
// observers: game.participants()), where the channel's writers and the rules allow. A player's
// op counts as their acting (Player.lastActed); other participants have no lastActed.

/** Who may post in a channel: players only, or everyone taking part in the game (the default). */
type ChannelWriters = "players" | "participants";

interface ChannelOptions {
  readonly title: string;
  readonly describe?: string;
  readonly writers?: ChannelWriters;
}

/**
 * Declares a channel (top level only): it opens when the rule loads, unless the game has it
 * already. Its history stays when the rule is repealed. `channel("general", ...)` throws.
 */
declare function channel(id: string, options: ChannelOptions): void;

interface Channel {
  readonly id: string;
  readonly title: string;
  readonly describe: string | null;
  readonly writers: ChannelWriters;
  /** null: everyone in the game reads it; else a private channel, its messages and existence seen only by these persons. */
  readonly readers: readonly PersonId[] | null;
  /** A closed channel takes no more posts; its history stays. */
  readonly open: boolean;
  /** The rule that declared or opened it; null for "general". */
  readonly rule: number | null;
}

interface GameApi {
  channels: {
    /** Opens a channel in play (recorded: "channel.opened"); with `readers`, a private one. Opening an existing id replaces its record. */
    open(id: string, options: ChannelOptions & { readonly readers?: readonly PersonId[] }): void;
    /** Closes a channel: no more posts (recorded: "channel.closed"). Nothing happens if it is not open. */
    close(id: string): void;
    /** Every channel, "general" first. */
    list(): Channel[];
  };
}

interface ActionOptions<S extends Schema<unknown>> {
  /**
   * The channel the action is taken in: its log entry is shown there and the web offers its
   * form there. Informational: the engine does not restrict the action by it.
   */
  readonly channel?: string;
}

/** The data of "message.posted" and "message.edited" (`text`: the text posted, or the new text). */
interface MessagePosted {
  readonly id: number;
  readonly channel: string;
  readonly author: PersonId;
  readonly text: string;
  readonly at: number;
}
/** The data of "message.deleted". */
interface MessageDeleted {
  readonly id: number;
  readonly channel: string;
  readonly author: PersonId;
  readonly at: number;
}
/** The data of "message.redacted": the text is gone for good; `by` redacted it, for `reason`. */
interface MessageRedacted extends MessageDeleted {
  readonly by: PersonId;
  readonly reason: string;
}
// A player's posts in "general" are also heard as "forum.posted" { player, topic: "general" }, as before channels.

/**
 * The question "message.allowed", asked before a post, edit or deletion: answer a string to
 * refuse (the author reads it), `false` to refuse in your rule's name, `true` to allow, nothing
 * for the default: a post if the channel is open, readable by the author and they are among its
 * writers; an edit or deletion of one's own message only. A closed channel refuses every post
 * whatever the answer. An answer of another kind is the rule's failure and counts as none.
 */
interface MessageAllowedArgs {
  readonly op: "post" | "edit" | "delete";
  readonly person: PersonId;
  readonly channel: string;
  /** For an edit or deletion: the message's number. */
  readonly message?: number;
}

/**
 * The question "message.redact", asked before a redaction: `true` allows it, a string or `false`
 * refuses; with no rule answering, only the game's host (whoever created it: game.founder()) may
 * redact. An answer of another kind is the rule's failure and counts as none.
 * `by` may be any participant, e.g. a moderator who is not a player.
 */
interface MessageRedactArgs {
  readonly by: PersonId;
  readonly message: number;
  readonly author: PersonId;
  readonly channel: string;
}
