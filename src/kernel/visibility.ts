/**
 * What one viewer may see of a game. Every interface (CLI, API, web) shows players this
 * view, never the raw state: secret state is filtered here, before anything leaves the
 * engine. A viewer is a player's id, or null for someone who is not playing.
 */
import { ruleStatus } from "./rule-status.js";
import { actSecrets, sealed, withheldFailure } from "./data-visibility.js";
import { founderOf } from "./participants.js";
import type { StateDisplay } from "./display-check.js";
import { emptyState, fold } from "./fold.js";
import { channelOf, hideChannels, messageActSeenBy, readsChannel } from "./messages.js";
import { own, setOwn } from "./own.js";
import { stateDefaults, withDefaults } from "./rule-props.js";
import type {
  Act,
  Effect,
  GameState,
  Input,
  Json,
  PlayerRecord,
  Readers,
  RecordConvention,
  RecordedVisibility,
  RuleRecord,
  StateDecl,
  TimerRecord,
} from "./types.js";

export interface StateView {
  name: string;
  scope: "game" | "player";
  describe: string | null;
  rule: number;
  /** A record state's declared convention (what it keeps, which entries are open). */
  record?: RecordConvention;
  /** How it reads to people, as its rule declared it. */
  display?: StateDisplay;
  /** Game state: the value, if visible. */
  value?: Json;
  /** Player state: the values this viewer may see, by player id. */
  values?: Record<string, Json>;
}

export interface GameView {
  name: string;
  preset: string | null;
  seq: number;
  time: number;
  status: GameState["status"];
  result: GameState["result"];
  viewer: string | null;
  players: PlayerRecord[];
  /** Who asked to join and waits for the rules' decision (absent: nobody); players are shown them so that they can decide. */
  applicants?: { id: string; name: string; at: number }[];
  /** Who takes part without playing (absent: nobody). */
  observers?: { id: string; name: string; since: number }[];
  /** The first person to join or attend. */
  founder?: string | null;
  rules: (RuleRecord & ReturnType<typeof ruleStatus>)[];
  state: StateView[];
  failures: GameState["failures"];
}

function seenBy(state: GameState, holderVar: string, viewer: string | null): boolean {
  if (viewer === null) return false;
  const holders = own(state.values.game, holderVar) ?? own(state.decls, holderVar)?.initial;
  return holders === viewer || (Array.isArray(holders) && holders.includes(viewer));
}

/** May `viewer` see the value `owner` holds of this state (owner null for game state)? */
export function canSee(state: GameState, decl: StateDecl, owner: string | null, viewer: string | null): boolean {
  const v = decl.visibility;
  if (v === "public") return true;
  if (v === "hidden") return false;
  if (typeof v === "object") return seenBy(state, v.seenBy, viewer);
  if (owner === null || viewer === null) return false;
  // "others" means the other players: someone taking part without playing sees as a non-player does.
  return v === "owner" ? owner === viewer : owner !== viewer && !(state.observers ?? []).some((o) => o.id === viewer);
}

/** May `viewer` read data of an act recorded as seen by `readers` (the person it names, the holders of its office)? */
function readsData(state: GameState, readers: Readers, viewer: string | null): boolean {
  if (readers === "hidden" || viewer === null) return false;
  return readers.actor === viewer || (readers.seenBy !== undefined && seenBy(state, readers.seenBy, viewer));
}

/** An input's, an event's or a timer's data as `viewer` may read it: what they may not, replaced by a marker ("hidden"). */
export function dataFor(state: GameState, value: Json, visibility: RecordedVisibility | undefined, viewer: string | null): Json {
  return sealed(value, visibility, (readers) => readsData(state, readers, viewer));
}

/** A pending timer's data as `viewer` may read it (a page's deadlines read its `describe`). */
export function timerDataFor(state: GameState, timer: TimerRecord, viewer: string | null): Json {
  return dataFor(state, timer.data, timer.visibility, viewer);
}

export function viewFor(state: GameState, viewer: string | null): GameView {
  const views: StateView[] = [];
  for (const decl of Object.values(state.decls)) {
    const base = {
      name: decl.name,
      scope: decl.scope,
      describe: decl.describe,
      rule: decl.rule,
      ...(decl.record ? { record: decl.record } : {}),
      ...(decl.display ? { display: decl.display } : {}),
    };
    if (decl.scope === "game") {
      views.push(canSee(state, decl, null, viewer) ? { ...base, value: own(state.values.game, decl.name) ?? decl.initial } : base);
    } else {
      const values: Record<string, Json> = {};
      for (const p of state.players) {
        if (canSee(state, decl, p.id, viewer)) setOwn(values, p.id, own(own(state.values.player, decl.name), p.id) ?? decl.initial);
      }
      views.push({ ...base, values });
    }
  }
  const defaults = stateDefaults(state);
  return {
    name: state.name,
    preset: state.preset,
    seq: state.seq,
    time: state.time,
    status: state.status,
    result: state.result,
    viewer,
    players: state.players,
    ...(state.applicants?.length ? { applicants: state.applicants.map(({ id, name, at }) => ({ id, name, at })) } : {}),
    ...(state.observers?.length ? { observers: state.observers } : {}),
    founder: founderOf(state),
    rules: Object.values(state.rules)
      .sort((a, b) => a.number - b.number)
      .map((r) => ({ ...withDefaults(r, defaults), ...ruleStatus(state, r.number) })),
    state: views,
    failures: state.failures.map((f) =>
      f.readers === undefined ? f : { rule: f.rule, seq: f.seq, during: f.during, error: failureWords(state, f.readers, f.error, viewer) },
    ),
  };
}

/** A failure's words, for a viewer who reads all its act kept secret; the others read that it failed. */
function failureWords(state: GameState, readers: readonly Readers[], error: string, viewer: string | null): string {
  return readers.every((r) => readsData(state, r, viewer)) ? error : withheldFailure;
}

/** May `viewer` see the value a correction sets? As for its state.set effect: with no declaration, no one may. */
function mayReadChange(state: GameState, name: string, player: string | null, viewer: string | null): boolean {
  const decl = own(state.decls, name);
  return decl ? canSee(state, decl, decl.scope === "player" ? player : null, viewer) : false;
}

/**
 * An act's input as a viewer may read it. An action's input shows a marker where its rule
 * hides it from them (its actor always reads it). A correction lists the values it sets:
 * those the viewer may not see are left out, as their state.set effects are. Other inputs are public.
 */
export function visibleInput(state: GameState, input: Input, viewer: string | null): Input {
  if (input.kind === "action") {
    const shown = dataFor(state, input.input, input.visibility, viewer);
    return shown === input.input ? input : { ...input, input: shown };
  }
  if (input.kind !== "correction") return input;
  // A rule's status, a player's status and the winners are public, as the ruleset is; a value, as its state.
  const changes = input.changes.filter((c) => !("name" in c) || mayReadChange(state, c.name, c.player ?? null, viewer));
  return changes.length === input.changes.length ? input : { ...input, changes };
}

/**
 * The engine's "correction.recorded" event repeats the correction's changes: the same
 * filter applies. A change of a shape the engine never sends names nothing readable.
 */
function visibleCorrectionEvent(state: GameState, effect: Extract<Effect, { e: "event" }>, viewer: string | null): Effect {
  const data = effect.data;
  if (typeof data !== "object" || data === null || Array.isArray(data) || !Array.isArray(data.changes)) return effect;
  const changes = data.changes.filter(
    (c) =>
      typeof c === "object" &&
      c !== null &&
      !Array.isArray(c) &&
      (typeof c.name === "string"
        ? mayReadChange(state, c.name, typeof c.player === "string" ? c.player : null, viewer)
        : c.remove === true || Array.isArray(c.winners) || "inEffect" in c),
  );
  return changes.length === data.changes.length ? effect : { ...effect, data: { ...data, changes } };
}

/**
 * The effects of an act that a viewer may read: state changes they may not see, random
 * draws (which could reveal secrets), messages addressed to others and the opening or
 * closing of private channels they do not read are left out, and so are the values the
 * viewer may not see in the engine's "correction.recorded" event; events' and timers' data
 * show a marker where their rules hide it from the viewer.
 */
export function visibleEffects(state: GameState, act: Act, viewer: string | null): Effect[] {
  const out: Effect[] = [];
  let secrets: Readers[] | undefined;
  for (const effect of act.effects) {
    if (effect.e === "state.set" || effect.e === "state.deleted") {
      const decl = own(state.decls, effect.name);
      if (decl && canSee(state, decl, effect.e === "state.set" ? (effect.player ?? null) : null, viewer)) out.push(effect);
    } else if (effect.e === "message") {
      if (effect.to === null || (viewer !== null && effect.to.includes(viewer))) out.push(effect);
    } else if (effect.e === "channel.opened" || effect.e === "channel.closed") {
      // As it was opened (its readers then), or as it stands when closed.
      const channel = effect.e === "channel.opened" ? effect.channel : channelOf(state, effect.id);
      if (!channel || readsChannel(channel, viewer)) out.push(effect);
    } else if (effect.e === "event" && effect.rule === null && effect.type === "correction.recorded") {
      // rule === null: the engine's own event; a rule's event of that name is the rule's own speech.
      out.push(visibleCorrectionEvent(state, effect, viewer));
    } else if (effect.e === "event" && effect.visibility) {
      out.push({ ...effect, data: dataFor(state, effect.data, effect.visibility, viewer) });
    } else if (effect.e === "timer.set" && effect.timer.visibility) {
      out.push({ ...effect, timer: { ...effect.timer, data: timerDataFor(state, effect.timer, viewer) } });
    } else if (effect.e === "rule.failed") {
      const readers = (secrets ??= actSecrets(act));
      out.push(readers.length ? { ...effect, error: failureWords(state, readers, effect.error, viewer) } : effect);
    } else if (effect.e !== "random") {
      out.push(effect);
    }
  }
  return out;
}

/** One act of the log as a viewer may read it: no seed (it would replay the secret draws). */
export interface LogEntry {
  seq: number;
  time: number;
  input: Input;
  effects: Effect[];
}

export function logEntryFor(state: GameState, act: Act, viewer: string | null): LogEntry {
  return { seq: act.seq, time: act.time, input: visibleInput(state, act.input, viewer), effects: visibleEffects(state, act, viewer) };
}

/** Whether an act is in `viewer`'s log: all are but a message act in a private channel they do not read. */
function inLogOf(state: GameState, act: Act, viewer: string | null): boolean {
  return act.input.kind !== "message" || messageActSeenBy(state, act.input, viewer);
}

/** The acts of a log as a viewer may read them; a message act in a private channel they do not read is left out. */
export function visibleLog(state: GameState, acts: readonly Act[], viewer: string | null): LogEntry[] {
  return acts.flatMap((act) => (inLogOf(state, act, viewer) ? [logEntryFor(state, act, viewer)] : []));
}

/**
 * Whether to tell `viewer` that an act happened (a page's live news): it is in their log, or
 * it changed what they see of the game (a rule may make a private message's consequences
 * public). Its events, messages and draws do not count: they show only in the log.
 */
export function actNoticedBy(state: GameState, act: Act, viewer: string | null): boolean {
  return inLogOf(state, act, viewer) || visibleEffects(state, act, viewer).some((e) => !quiet.has(e.e));
}
const quiet = new Set<Effect["e"]>(["event", "message", "calendar", "random"]);

/**
 * A copy of the state holding only the values `viewer` may see: the others (and values no
 * rule declares now, which no one may see) are dropped, so rules read their declared
 * initial value. A dry run plays on this copy: a hypothetical move, however hostile (an
 * amendment making a secret public, a guess rewarded), can then only show the
 * viewer consequences of what they already see.
 */
export function stateSeenBy(state: GameState, viewer: string | null): GameState {
  const copy = structuredClone(state);
  for (const name of Object.keys(copy.values.game)) {
    const decl = own(state.decls, name);
    if (decl?.scope !== "game" || !canSee(state, decl, null, viewer)) delete copy.values.game[name];
  }
  for (const [name, values] of Object.entries(copy.values.player)) {
    const decl = own(state.decls, name);
    for (const player of Object.keys(values)) {
      if (decl?.scope !== "player" || !canSee(state, decl, player, viewer)) delete values[player];
    }
  }
  hideChannels(copy, viewer);
  // A timer's hidden data would reach the copy's rules when it fires, and so a hostile move's output.
  for (const timer of Object.values(copy.timers)) timer.data = timerDataFor(state, timer, viewer);
  return copy;
}

/** Whether data recorded as seen by `visibility` hides anything from `viewer` in any of `states` (then, now). */
function hidesData(states: GameState[], value: Json, visibility: RecordedVisibility | undefined, viewer: string): boolean {
  return visibility !== undefined && sealed(value, visibility, (readers) => states.every((s) => readsData(s, readers, viewer))) !== value;
}

/**
 * What a game's whole log holds that `viewer` may not read, in words (`the state "secret"`,
 * `messages addressed to other players`), or null if nothing: whether the raw log, such as
 * an exported game file, may be handed to them. A value counts as hidden if its state hides
 * it as declared when it was set or as declared now; an action's input, an event's or a
 * timer's data if the officers it names, then or now, leave the viewer out. Random draws
 * are not counted: they only matter through the state they feed, which is checked itself.
 */
export function hiddenInLog(acts: readonly Act[], viewer: string): string | null {
  // Folding shares objects between the state and the acts: fold copies, the log stays as read.
  const now = emptyState("", null);
  for (const act of acts) fold(now, structuredClone(act));
  const then = emptyState("", null);
  for (const act of acts) {
    fold(then, structuredClone(act));
    const input = act.input;
    if (input.kind === "action" && hidesData([then, now], input.input, input.visibility, viewer))
      return `the input of the action "${input.name}" by ${input.actor}`;
    for (const effect of act.effects) {
      if (effect.e === "message" && effect.to !== null && !effect.to.includes(viewer)) return "messages addressed to other players";
      if (effect.e === "channel.opened" && !readsChannel(effect.channel, viewer)) return "private channels of other persons";
      if (effect.e === "event" && hidesData([then, now], effect.data, effect.visibility, viewer)) return `the data of the event "${effect.type}"`;
      if (effect.e === "timer.set" && hidesData([then, now], effect.timer.data, effect.timer.visibility, viewer))
        return `the data of the timer "${effect.timer.name}"`;
      if (effect.e !== "state.set" && effect.e !== "state.deleted") continue;
      const owner = effect.e === "state.set" ? (effect.player ?? null) : null;
      const visible = [then, now].flatMap((s) => {
        const decl = own(s.decls, effect.name);
        return decl ? [canSee(s, decl, owner, viewer)] : [];
      });
      if (visible.length === 0 || visible.includes(false)) return `the state "${effect.name}"`;
    }
  }
  return null;
}
