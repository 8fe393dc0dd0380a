// The rule API, part 3: conventions that let the reports, the CLI and the web read a ruleset's
// state, and the questions the engine asks the rules. Loaded with rule-api.d.ts as one file.

// Record-keeping conventions (see RecordConvention): following them lets the officers' reports read a ruleset's records.

/**
 * The question the engine asks before an officer's correction is recorded:
 * `answer("correction.allowed", (q: CorrectionQuestion) => ...)`. Return true to allow it,
 * a reason (a string) to refuse it, undefined to leave it to other rules. Where no rule
 * answers, only the game's host may record corrections. A recorded correction sets the
 * values it lists and is then announced to rules as the event "correction.recorded"
 * (with this same data plus `reason`).
 */
interface CorrectionQuestion {
  /** The player recording it, or null for the game's host. */ readonly recorder: PlayerId | null;
  readonly cites: { readonly rule?: number; readonly ruling?: string };
  /**
   * A value set, or a rule's status ({ rule, inEffect, reason }: "a rule ruled void", or restored).
   * A status set by correction stands until another correction changes it: "rule.in-effect" answers do not override it.
   */
  readonly changes: readonly (
    | { readonly name: string; readonly player?: PlayerId; readonly key?: string; readonly value: Json }
    | { readonly rule: number; readonly inEffect: boolean; readonly reason?: string }
  )[];
}

/**
 * The question the engine asks about each rule at the end of every act:
 * `answer("rule.in-effect", (q: RuleInEffectQuestion) => ...)`. Return false, or a reason
 * (a string, shown on the rules page), to say that rule is NOT in effect now; true or
 * undefined says nothing. The rules are gone through in the engine's default precedence
 * (immutable first, then by number); a rule is in effect unless a rule already found in
 * effect says it is not, so a rule can only suspend rules below it, never itself. Only a
 * change of status is recorded (effect "rule.status"); see RuleView.inEffect.
 */
interface RuleInEffectQuestion {
  readonly rule: number;
}

/**
 * Membership the rules govern: the engine asks before it admits, renames or lets a player go.
 * - `answer("membership.join", (q: MembershipJoinQuestion) => ...)`: undefined or true admits; a
 *   string refuses (the person reads it); `{ defer: reason }` records the request instead: the person
 *   is an applicant ("your request awaits: <reason>"), rules hear "player.applied" `{ id, name }`,
 *   and a rule may admit them later (`game.admit`).
 * - `answer("membership.rename", (q: MembershipRenameQuestion) => ...)`: a string refuses the new name.
 * - `answer("membership.leave", (q: { player: PlayerId }) => ...)`: a string refuses; otherwise a
 *   player who asks to leave leaves (rules hear "player.left" with reason "left the game").
 * - `answer("membership.attend", (q: MembershipJoinQuestion) => ...)`: someone asks to take part
 *   without playing (an observer); a string refuses, anything else admits (rules hear
 *   "participant.joined" `{ id, name, role: "observer" }`). An observer may always leave
 *   (rules hear "participant.left" `{ id }`; "membership.leave" is for players).
 */
interface MembershipJoinQuestion {
  readonly id: PlayerId;
  readonly name: string;
}
interface MembershipRenameQuestion {
  readonly player: PlayerId;
  readonly name: string;
}

/** The entries of a record of kind "proposal": who proposed what, the votes, the outcome, the rule that decided it. */
interface ProposalRecord {
  readonly number: number;
  readonly proposer: PlayerId;
  /** The rule-change(s) proposed, as the proposing rule stores them. */ readonly change?: Json;
  readonly changes?: Json;
  /** Where each rule-change has a number of its own (N_omic 324): the numbers, lowest first. */ readonly numbers?: readonly number[];
  /** How players cite it, e.g. "Proposal 338 - 340"; "Proposal <number>" if absent. */ readonly label?: string;
  readonly votes: { readonly [player: string]: Json };
  /** "voting", "adopted", "defeated", or a ruleset's own words. */ readonly status: string;
  /** Why it was adopted or defeated, in words. */ readonly reason?: string | null;
  /** The rule whose answer decided the outcome (the threshold). */ readonly decidedBy?: number | null;
  readonly openedAt?: number;
  readonly closedAt?: number | null;
  /**
   * Votes on this proposal are messages in this channel: the web's vote buttons on the record post
   * the word (`for`, `against`, `withdraw`, e.g. "aye") there instead of calling an action, as a
   * player typing it would; the rules count them (hear "message.posted"/"message.edited"/...) into
   * `votes`, and the page shows the vote as counted.
   */
  readonly votesIn?: { readonly channel: string; readonly for: string; readonly against: string; readonly withdraw?: string };
  /** Players who endorse (second, support) it, where the rules count that: its card names them. */
  readonly endorsers?: readonly PlayerId[];
  /**
   * The moves on it open in its present stage (actions citing it, e.g. ["endorse", "unendorse"] while
   * it waits in a queue): its card offers only these. Absent: every action that cites a proposal. An
   * action citing it by a text field (`t.string`) is given the entry's key, by an integer its number.
   */
  readonly moves?: readonly string[];
}

/** The entries of a record of kind "case": the court report reads them. */
interface CaseRecord {
  readonly number: number;
  readonly question: string;
  readonly caller?: PlayerId;
  readonly judge: PlayerId | null;
  /** Words such as "awaiting ruling", "ruled", "settled". */ readonly status: string;
  readonly verdict?: string | null;
  readonly reasoning?: string | null;
  /** Rules the question is about; a settled ruling annotates them. */ readonly rules?: readonly number[];
}

// Display conventions: how a state reads to people (StateDisplay, declared with the state), and
// the shapes the web UI draws as what they are (a board, comment markers).

/** How a value is shown: a player's id by name, milliseconds since 1970 as a time in the reader's zone, a rule as "Rule 212". */
type DisplayFormat = "text" | "number" | "player" | "players" | "time" | "duration" | "rule" | "yes-no";

/** One column of a table: the entry's field (dots reach inside: "phase.name"; "key" is the entry's key). */
interface DisplayColumn {
  readonly field: string;
  /** The column's heading; the field's name in words if absent. */ readonly label?: string;
  readonly format?: DisplayFormat;
}

/**
 * How a state reads to people, declared with it: `gameState("turn", { initial, display: { text: "Turn {number}: {player} to move" } })`.
 * Templates put a field's value where its name is in braces: `{player}`, `{phase.name}`; `{value}` is a
 * value that is not an object, `{key}` an entry's key. A list of templates reads as the first whose
 * fields all have values (none null or missing), so `["Turn {number}: {player} to move", "Play has not begun"]`
 * reads well before play begins. A placeholder `{?flag}` is a condition, showing nothing: the template
 * applies only when that field is true (`"{?inConvention}In convention after round {number}"`). Fields are shown by their `formats`, else as the value suggests: a
 * player's id by name, a number in a field named `at`, `since`, `until` or ending in `At` as a time.
 * Without a display a state is drawn from its shape. The Play tab and `nomos state` read it;
 * exports and records keep every state whatever it declares.
 */
interface StateDisplay {
  /** The state's name in words ("Epic Poem"); for player state, the heading of its column in the scoreboard. */
  readonly label?: string;
  /**
   * "sentence" (the default for a value): `text` filled from the value; for player state, each player's value.
   * "list" (the default for a list): one line per item (or per entry of a record), from `item`.
   * "table" (the default for a record of entries): one row per entry, with `columns`.
   * "hidden": bookkeeping not shown on the play page (still in the log, exports and records).
   */
  readonly as?: "sentence" | "list" | "table" | "hidden";
  /** The sentence: a template, or templates tried in order. */ readonly text?: string | readonly string[];
  /** One item of a list: a template over the item's fields, or templates tried in order. */ readonly item?: string | readonly string[];
  /** A table's columns, in order. */ readonly columns?: readonly DisplayColumn[];
  /** How fields are shown, by field (dots reach inside); `value` names a value that is not an object. */
  readonly formats?: { readonly [field: string]: DisplayFormat };
  /** What to say when there is nothing (null, an empty list or record): "No lines yet". */ readonly empty?: string;
}


/**
 * The shape the web UI draws as a board: any game state whose value has kind "grid".
 * Rows run over all whole numbers (y grows upward); the rows drawn are those around the
 * pieces and the labelled and marked rows. The board opens at the viewer's own piece; the
 * squares it may move to now are the rules' answer to "board.moves" (BoardMove, below).
 */
interface GridBoard {
  readonly kind: "grid";
  /** Files (columns) 0..files-1. */ readonly files: number;
  /** True when file files-1 is next to file 0 (the board is a cylinder). */ readonly wraps?: boolean;
  /** The name of the player state holding each piece's square as { x, y } (or null when off the board). */ readonly positions: string;
  /** Labels of rows, by row number (e.g. { "4": "banana" }). */ readonly rowLabels?: { readonly [row: string]: string };
  /** Rows with a meaning, by row number, shown beside the row (e.g. { "0": "goal: +100 points", "10": "no square may be entered" }). */
  readonly markedRows?: { readonly [row: string]: string };
}

/**
 * The squares a player's piece may move to now, for the board on eir page:
 * `answer("board.moves", ({ player }) => [{ x, y, action: "move", input: { x, y }, note: "costs 12 coins", affordable: true }, ...])`.
 * The engine asks every rule (askAll) for each player after each act, read-only, with the
 * questions of "play.awaits". The board marks each square; tapping one asks the player to
 * confirm ("Move to (16,17)? Costs 12 coins.") and takes `action` with `input`, as the Play tab
 * would, so the action's own checks still decide. A move the player may not take now (e cannot
 * pay) has `affordable: false` and a `note` saying why ("costs 50 coins; you have 12"); it is
 * marked apart and cannot be taken from the board. `action` must be one the rules offer now.
 * An answer of another shape is ignored and noted as the rule's failure. Answer [] (or nothing)
 * for a player who may not move now.
 */
interface BoardMove {
  /** The square: file and row, as on the GridBoard. */ readonly x: number;
  readonly y: number;
  /** The action that moves there, and its input. */ readonly action: string;
  readonly input: { readonly [field: string]: Json };
  /** What the move costs or means, in a few words (at most 200 characters); why not, when not affordable. */ readonly note: string;
  readonly affordable: boolean;
}

/**
 * Comment markers in rule texts: any game state whose value has kind "comments". Text from
 * open to the next close has no effect on a rule (except the rules numbered in notIn); the
 * web UI shows it as a comment. Comments do not nest, and an opener never closed is plain text.
 */
interface CommentMarkers { readonly kind: "comments"; readonly open: string; readonly close: string; readonly notIn?: readonly number[] }

/**
 * Asked before rule code changes the rules (or annotates another rule, kind "annotate"):
 * `answer("rule-change.allowed", (q) => true | reason | undefined)`. `by`, set by the engine,
 * is the rule asking; where no rule answers, a rule may change only itself.
 */
interface RuleChangeQuestion { readonly by: number; readonly changes: readonly RuleChangeSummary[]; readonly cause: string }
interface RuleChangeSummary { readonly kind: string | null; readonly number: number | null; readonly to?: number; readonly mutable?: boolean; readonly key?: string }

/**
 * The answer to "rule-change.probe": acts by which a player could now have a rule-change
 * adopted (at the least, repealing the newest rule). After an act that changed the rules the
 * engine plays them and undoes them; if no rule-change results, the act's changes are refused.
 */
interface RuleChangeProbe { readonly steps: readonly { readonly actor: PlayerId; readonly action: string; readonly input: Json }[] }

/**
 * What play awaits, and from whom: `answer("play.awaits", () => [{ player, does, action? }, ...])`.
 * The engine asks every rule (askAll) after each act and shows each player what is awaited of
 * them ("Your turn: propose a rule-change"). `does` says it as a player would, in a few words
 * ("vote on proposal 301", "rule on case 2"); `action` names the action that does it, if one does;
 * `channel`, the channel where it is done if it is said there (a vote as a message): the page links to it;
 * `until`, when the duty lapses by the game's clock (ms; a vote's close): players who asked are reminded before;
 * `anyOne: true`, when any one of the players named may do it for all (starting the game), not each of them.
 * Players not in the game are left out; an answer of another shape is ignored and noted as
 * the rule's failure. Answer nothing (or []) when nothing is awaited of anyone. The engine adds
 * its own entries for open decisions opened with `awaits: true` (game.decide): "decide: <question>".
 */
interface PlayAwaited {
  readonly player: PlayerId;
  readonly does: string;
  readonly action?: string | null;
  readonly channel?: string | null;
  readonly until?: number | null;
  readonly anyOne?: boolean;
}

/**
 * The event "forum.posted": a player posted to the game's forum. Each post is an act of the
 * game (the log says who posted, on what topic, never the text) and counts as the player
 * acting (`Player.lastActed`). `topic` is what the poster said the post is about ("general" if nothing).
 */
interface ForumPosted {
  readonly player: PlayerId;
  readonly topic: string;
}

/**
 * Asked of rule N when the answers of several rules to `question` differ and all of them name
 * N in `AnswerOptions.precedenceBy`: `answer("precedence.conflict", (q: PrecedenceConflict) => n)`.
 * Return the number of the rule (one of `rules`) whose answer prevails, or undefined to leave
 * it to the rules' own claims and the engine's order. Asked at that moment, so it may decide by
 * the game's state; a mutable rule named this way still never beats an immutable one.
 */
interface PrecedenceConflict {
  readonly question: string;
  readonly rules: readonly number[];
}

/**
 * Outcomes the rules can cancel (ossification by a change of state, Nomic VIII 110): at the END
 * of every act but the game's creation, with its effects in place (rules read the state as it
 * would be), the engine asks every rule in effect `answer("outcome.allowed", (q: OutcomeQuestion) => ...)`.
 * A string cancels the act: an action, a join or another person's act is refused with that reason
 * (nothing is recorded); a timer's firing is recorded as spent with its effects discarded (rules
 * hear nothing) and "Canceled by Rule N: <reason>" in the log. `false` cancels it in your rule's
 * name; true or nothing allows it. An answer of another kind is the rule's failure and counts as none.
 * A rule that answers it must allow the act that ends the game (`game.isOver()` reads true then),
 * and a leave where the rules say leaving is always possible (`q.act.kind === "leave"`). An
 * observer's leaving is not asked: it is always possible. The rule-change probe's acts are asked
 * too, so an answer that would refuse every proposal keeps its rule from being adopted.
 */
interface OutcomeQuestion {
  readonly act: { readonly kind: string; readonly actor?: PersonId; readonly action?: string };
}
