/**
 * The shapes of a game's log and of the state folded from it.
 *
 * A game's log is a list of acts. An act is one input (a game created, a player joining,
 * a player's action, a timer firing) together with everything the rules made of it: the
 * effects. State is the fold of the effects, so replaying a log never runs rule code and
 * always rebuilds exactly the state the game had, even after the code has changed.
 */
import type { StateDisplay } from "./display-check.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type Visibility = "public" | "owner" | "others" | "hidden" | { seenBy: string };

/** Who may read an action's input, an event's or a timer's data, as a rule declares it (the rule API's DataVisibility). */
export type DataReaders = "public" | "actor" | "hidden" | { seenBy: string };
export type DataVisibility = DataReaders | { fields: Record<string, DataReaders> };
/** The same as an act records it (src/kernel/data-visibility.ts): the person "actor" meant, the office that sees it; public parts unrecorded. */
export type Readers = "hidden" | { actor?: string; seenBy?: string };
export type RecordedVisibility = Readers | { fields: Record<string, Readers> };

export interface RuleCode {
  /** The TypeScript a player wrote. */
  source: string;
  /** The same code with its types stripped: what the sandbox runs. */
  js: string;
}

export type HistoryChange = "enacted" | "amended" | "repealed" | "transmuted" | "renumbered" | "property" | "annotated";

export interface HistoryEntry {
  change: HistoryChange;
  /** Time of the act, in ms since 1970 UTC; null for a published line that states no date. */
  at: number | null;
  /** The act's sequence number in the log; 0 for history from before the game (an import). */
  seq: number;
  /** The rule's revision after the change; 0 for history from before the game. */
  revision: number;
  cause: string;
  detail?: Json;
  /** The line as the published ruleset stated it, for history from before the game. */
  published?: string;
  /** The rule whose code made the change, set by the engine (absent for the initial set and for history from before the game). */
  by?: number;
}

/** One line of a rule's history as an imported ruleset states it: before the game began. */
export interface PublishedHistory {
  change: HistoryChange;
  /** The date the line states (ms since 1970 UTC, at midnight UTC), or null if it states none. */
  at: number | null;
  /** Who or what made the change, in the source's words: "Rule-Change 336", "Rule 203". */
  cause: string;
  /** The line exactly as published. */
  text: string;
  detail?: Json;
}

export interface RuleRecord {
  number: number;
  title: string | null;
  text: string;
  mutable: boolean;
  revision: number;
  props: Record<string, Json>;
  code: RuleCode | null;
  history: HistoryEntry[];
}

/** A rule as a preset or an import describes it, before it is enacted. */
export interface RuleSpec {
  number: number;
  title?: string | null;
  text: string;
  mutable: boolean;
  code?: RuleCode | null;
  props?: Record<string, Json>;
  /** History the published ruleset states, kept as the rule's history before the game. */
  history?: PublishedHistory[];
}

/** A rule an imported ruleset lists as no longer in effect (repealed, or amended into another). */
export interface ArchivedRuleSpec {
  number: number;
  title: string | null;
  text: string;
  mutable: boolean;
  props?: Record<string, Json>;
  history: PublishedHistory[];
}

/** Who records a correction: a player the rules name, or the game's host (whoever runs the game for its players). */
export type Recorder = { player: string } | { host: true };

/** One value a correction sets: game state, a player's state, or one entry of a record. */
export interface StateCorrection {
  name: string;
  player?: string;
  key?: string;
  value: Json;
}
/** A rule ruled void (not in effect) or restored, by an officer: it stands until another correction changes it. */
export interface RuleStatusCorrection {
  rule: number;
  inEffect: boolean;
  reason?: string;
}

/** A correction of a player's status: no longer a player (the reason is the correction's unless given). */
export interface PlayerRemoval {
  player: string;
  remove: true;
  reason?: string;
}

/** A correction naming the game's winners: the game ends, its reason the correction's. */
export interface WinnersNamed {
  winners: string[];
}

export type CorrectionChange = StateCorrection | RuleStatusCorrection | PlayerRemoval | WinnersNamed;

export interface Correction {
  /** What the correction rests on: a rule, a ruling (such as "case 2"), or both. */
  cites: { rule?: number; ruling?: string };
  /** Why, in words players read in the reports. */
  reason: string;
  changes: CorrectionChange[];
}

export interface PlayerRecord {
  id: string;
  name: string;
  joinedAt: number;
  /** When the player last acted in the game (an action, a forum post); absent: not yet. Folded from the acts. */
  lastActed?: number;
}

/** A place for messages: "general" always (the game's forum), others as rules declare or open them. */
export interface ChannelRecord {
  id: string;
  title: string;
  describe: string | null;
  writers: "players" | "participants";
  /** Absent (null): everyone in the game reads it; else a private channel, seen only by these persons. */
  readers: string[] | null;
  open: boolean;
  /** The rule that declared or opened it; null for "general". */
  rule: number | null;
}

/** What the log knows of a message: never its text. */
export interface MessageRecord {
  channel: string;
  author: string;
  at: number;
  editedAt?: number;
  deleted?: true;
  redacted?: { by: string; reason: string };
}

export type MessageInput =
  | { kind: "message"; op: "post"; person: string; channel: string; message: number }
  | { kind: "message"; op: "edit" | "delete"; person: string; message: number }
  | { kind: "message"; op: "redact"; person: string; message: number; reason: string };

/** What a record state keeps, as its rule declared it (the rule API's RecordConvention). */
export interface RecordConvention {
  /** "proposal", "case", or a ruleset's own word. */
  kind: string;
  /** The entries still to be decided: those whose `field` holds one of `in` (absent: every entry). */
  open?: { field: string; in: Json[] };
  /** The input field by which actions name an entry. */
  citedAs?: string;
}

export interface StateDecl {
  name: string;
  scope: "game" | "player";
  initial: Json;
  visibility: Visibility;
  describe: string | null;
  /** Only for a record state that declares its convention. */
  record?: RecordConvention;
  /** How it reads to people, as a rule declaring it said (the first by precedence that says). */
  display?: StateDisplay;
  /** The rule whose declaration is in force (the first by precedence). */
  rule: number;
}

export interface ActionDecl {
  name: string;
  /** Its name in words (ActionOptions.title); absent: the name turned into words (present/action-words.ts). */
  title?: string;
  describe: string;
  /** What follows a move that cannot be undone (ActionOptions.confirm): the page asks to confirm with it. */
  confirm?: string;
  /** JSON Schema of the action's input. */
  input: Json;
  changesRules: boolean;
  /** The channel the action is taken in (ActionOptions.channel): informational. */
  channel?: string;
  /** Open to every participant, observers and applicants too (ActionOptions.participants); absent: players only. */
  participants?: true;
  /** Who besides the actor may read its input (ActionOptions.inputVisibility); absent: everyone. */
  inputVisibility?: DataVisibility;
  rule: number;
}

/** What a rule's code declared when it loaded. */
export interface RuleDeclares {
  actions: ActionDecl[];
  on: string[];
  answers: string[];
  forbids: string[];
  state: string[];
  /** State other rules declared secret that this rule declared it reads (readsSecret), shown to voters. */
  reads?: string[];
  /** It reads the text of messages in private channels other rules keep (`on(..., { readsPrivate: true })`), shown to voters. */
  readsChannels?: true;
  /**
   * Its code may change the rules by itself, outside any vote (`game.rules.apply`, `applyAll`,
   * `annotate`), as read from the code by the host (src/sandbox/rule-changing-code.ts): shown to
   * voters; code not found so may not call them.
   */
  changes?: true;
  /** Rule properties this rule declared (ruleProperty), with the value every rule reads until it sets its own. */
  props?: Record<string, { initial: Json; describe: string | null }>;
}

export interface TimerRecord {
  id: string;
  rule: number;
  name: string;
  at: number;
  data: Json;
  /** Who may read the data (absent: everyone); its firing's event is read as the timer's data. */
  visibility?: RecordedVisibility;
}

/** A decision a rule opened for office holders (src/kernel/decisions.ts): a question they answer through a form. */
export interface DecisionRecord {
  id: string;
  /** The rule's word for it; the rule hears "decision:<kind>" when it is made. */
  kind: string;
  /** The players who may make it (any one of them). */
  by: string[];
  question: string;
  /** JSON Schema of the answer. */
  input: Json;
  data: Json;
  rule: number;
  openedAt: number;
  /** Whether play waits on it ("play.awaits"). */
  awaits: boolean;
}

export interface RuleFailure {
  rule: number;
  seq: number;
  during: string;
  error: string;
  /** Who may read `error`, when its act keeps something secret that the words may quote (src/kernel/data-visibility.ts, `actSecrets`); absent: everyone. */
  readers?: Readers[];
}

export type Effect =
  | { e: "rule.enacted"; rule: Omit<RuleRecord, "history" | "revision">; cause: string; past?: PublishedHistory[]; by?: number }
  | { e: "rule.archived"; rule: ArchivedRuleSpec }
  | { e: "rule.annotated"; number: number; text: string; cause: string; by?: number }
  | { e: "rule.amended"; number: number; text?: string; title?: string | null; code?: RuleCode | null; cause: string; by?: number }
  | { e: "rule.repealed"; number: number; cause: string; by?: number }
  | { e: "rule.transmuted"; number: number; mutable: boolean; cause: string; by?: number }
  | { e: "rule.renumbered"; number: number; to: number; cause: string; by?: number }
  | { e: "rule.property"; number: number; key: string; value: Json; cause: string; by?: number }
  | { e: "rule.loaded"; number: number; declares: RuleDeclares; failed: string | null }
  | { e: "rule.failed"; rule: number; during: string; error: string }
  | { e: "state.declared"; decls: Record<string, StateDecl> }
  | { e: "state.set"; name: string; player?: string; key?: string; value: Json; rule: number }
  | { e: "state.deleted"; name: string; key: string; rule: number }
  /** Who joined; when is the act's time (folded into PlayerRecord.joinedAt). */
  | { e: "player.joined"; player: { id: string; name: string; joinedAt?: number } }
  | { e: "player.left"; id: string; reason: string; rule: number | null }
  | { e: "player.renamed"; id: string; name: string }
  /** A request to join a rule deferred: the person is an applicant until a rule admits them. */
  | { e: "player.applied"; applicant: { id: string; name: string }; reason: string }
  /** A person takes part without playing (an observer, src/kernel/participants.ts); `participant.left` when they go. */
  | { e: "participant.attended"; person: { id: string; name: string } }
  | { e: "participant.left"; id: string }
  /** `visibility`: who may read the data (absent: everyone), as the rule emitting it (or the timer firing) said. */
  | { e: "event"; type: string; data: Json; rule: number | null; visibility?: RecordedVisibility }
  | { e: "message"; text: string; to: string[] | null; rule: number }
  | { e: "random"; rule: number; draw: string; value: Json }
  /** A question about local time the host answered (game.calendar): recorded, so a replay needs no time-zone data. */
  | { e: "calendar"; ask: Json; value: Json }
  | { e: "timer.set"; timer: TimerRecord }
  | { e: "timer.cleared"; id: string }
  /** A rule's status changed ("rule.in-effect"): `rule` says who suspends it; `corrected` when an officer's correction set it. */
  | { e: "rule.status"; number: number; inEffect: boolean; reason?: string; rule?: number; corrected?: true }
  | { e: "decision.opened"; decision: DecisionRecord }
  | { e: "decision.closed"; id: string }
  | { e: "game.ended"; winners: string[]; reason: string; rule: number }
  /** A channel a rule declared (its load) or opened in play; closed: no more posts, its history stays (src/kernel/messages.ts). */
  | { e: "channel.opened"; channel: ChannelRecord }
  | { e: "channel.closed"; id: string; rule: number };

export type Input =
  | { kind: "create"; name: string; preset: string | null; rules: RuleSpec[]; archived?: ArchivedRuleSpec[]; practice?: true }
  | { kind: "join"; player: { id: string; name: string } }
  | { kind: "rename"; player: string; name: string }
  /** A player or an observer leaves (the field keeps its name from before observers). */
  | { kind: "leave"; player: string }
  /** A person takes part without playing: an observer (src/kernel/participants.ts). */
  | { kind: "attend"; person: { id: string; name: string } }
  /** `visibility`: who may read the input (absent: everyone; its actor always), as the action declared it then. */
  | { kind: "action"; actor: string; name: string; input: Json; visibility?: RecordedVisibility }
  | { kind: "timer"; id: string }
  /** An office holder makes a decision a rule opened (DecisionRecord), with their answer; the rule and question as they stood, for the log. */
  | { kind: "decision"; id: string; by: string; input: Json; rule: number; question: string }
  /** A player posted to the game's forum (the text is the forum's, not the log's). */
  | { kind: "post"; player: string; topic: string }
  | ({ kind: "correction"; by: Recorder } & Correction)
  /** A message posted, edited, deleted or redacted (src/kernel/messages.ts): its text is the server's, never the log's. */
  | MessageInput
  /**
   * A player moves a practice game's clock forward by `forwardMs`, to `aheadMs` ahead of
   * the host's clock; `deadline` is the timer it was moved to, if moved "to the next deadline".
   */
  | { kind: "clock"; by: string; forwardMs: number; aheadMs: number; deadline?: { rule: number; name: string; at: number } };

export interface Act {
  seq: number;
  /** When the act happened, from the engine's clock (ms since 1970 UTC). */
  time: number;
  /** The seed of the random source for this act; draws are also recorded as effects. */
  seed: string;
  input: Input;
  effects: Effect[];
  /**
   * Rules stopped in this act (out of fuel, memory or time) and where: the act ran again
   * without them. A deadline depends on the machine, so a replay starts with them stopped.
   */
  stopped?: Record<string, { error: string; during: string }>;
}

export interface GameResult {
  winners: string[];
  reason: string;
  rule: number;
}

export interface GameState {
  seq: number;
  time: number;
  name: string;
  preset: string | null;
  status: "active" | "over";
  result: GameResult | null;
  rules: Record<string, RuleRecord>;
  /** Repealed rules with their history, oldest first. */
  repealed: RuleRecord[];
  players: PlayerRecord[];
  departed: (PlayerRecord & { leftAt: number; reason: string })[];
  /** People whose request to join a rule deferred ("membership.join"), until a rule admits them. */
  applicants?: { id: string; name: string; at: number; reason: string }[];
  /** People taking part without playing (absent in snapshots from before observers): src/kernel/participants.ts. */
  observers?: { id: string; name: string; since: number }[];
  /** The first person to join or attend (absent in old snapshots: the first player, see founderOf). */
  founder?: string | null;
  decls: Record<string, StateDecl>;
  declares: Record<string, RuleDeclares>;
  values: { game: Record<string, Json>; player: Record<string, Record<string, Json>> };
  timers: Record<string, TimerRecord>;
  /** The decisions open, by id (absent in snapshots from before decisions existed). */
  decisions?: Record<string, DecisionRecord>;
  /** Rules whose code failed to load, with the error: their code does not run until amended. */
  broken: Record<string, string>;
  /** The most recent rule failures, newest last (the log keeps them all). */
  failures: RuleFailure[];
  /** Rules not in effect now (absent: in effect; absent map in old snapshots: none), who says so (null: a correction) and why. */
  suspended?: Record<string, { rule: number | null; reason: string }>;
  /** Rules whose status an officer's correction set: the rules' answers do not change it. */
  statusCorrected?: Record<string, true>;
  /** The last act that changed a rule's status (views refetch the rules when it changes). */
  statusSeq?: number;
  /** Channels other than "general" (absent in games from before channels), by id. */
  channels?: Record<string, ChannelRecord>;
  /** The messages posted (numbered per game from 1), what the log knows of each (absent: none yet). */
  messages?: { last: number; index: Record<string, MessageRecord> };
  /** Only in a game created as practice: how far its clock runs ahead of the host's (src/kernel/practice-clock.ts). */
  practice?: { aheadMs: number };
}

/** What the engine knows of a game without loading it. */
export interface GameInfo {
  id: string;
  name: string;
  preset: string | null;
  createdAt: number;
  /** The game's random seed; each act's seed derives from it. */
  seed: string;
}
