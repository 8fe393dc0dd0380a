/**
 * State is the fold of the log: `fold(state, act)` applies one act's effects. It runs no
 * rule code, so replaying a log always gives back exactly the state the game had. The
 * guest runtime keeps a mirror of the same state for rule code to read; both must apply
 * an effect the same way (test/consistency.test.ts checks it on whole games).
 */
import { actSecrets } from "./data-visibility.js";
import { own, setOwn } from "./own.js";
import { foldStatus, forgetStatus } from "./rule-status.js";
import { foldClock } from "./practice-clock.js";
import { foldChannel, foldMessage } from "./messages.js";
import { foldParticipant } from "./participants.js";
import { historyEntry, pastEntries } from "./rule-history.js";
import type { Act, Effect, GameState, HistoryEntry, Json, RuleRecord } from "./types.js";

const keptFailures = 50;

export function emptyState(name: string, preset: string | null): GameState {
  return {
    seq: 0,
    time: 0,
    name,
    preset,
    status: "active",
    result: null,
    rules: {},
    repealed: [],
    players: [],
    departed: [],
    decls: {},
    declares: {},
    broken: {},
    values: { game: {}, player: {} },
    timers: {},
    decisions: {},
    failures: [],
    suspended: {},
    observers: [],
    founder: null,
  };
}

/** Applies an act to a state, in place, and returns it. */
export function fold(state: GameState, act: Act): GameState {
  if (act.seq !== state.seq + 1) throw new Error(`act ${act.seq} cannot follow act ${state.seq}: the log has a gap`);
  state.seq = act.seq;
  state.time = act.time;
  for (const effect of act.effects) applyEffect(state, effect, act);
  foldClock(state, act);
  foldMessage(state, act);
  // When each player last acted: their actions, forum posts and messages (the guest mirrors it, src/guest/forum.ts).
  const input = act.input;
  const actor = input.kind === "action" ? input.actor : input.kind === "post" ? input.player : input.kind === "message" ? input.person : null;
  const player = actor === null ? undefined : state.players.find((p) => p.id === actor);
  if (player) player.lastActed = act.time;
  return state;
}

function rule(state: GameState, number: number): RuleRecord {
  const rec = own(state.rules, number);
  if (!rec) throw new Error(`the log names rule ${number}, which is not in effect`);
  return rec;
}

/** A record state's entries (game state holding an object), created empty if need be. */
function record(state: GameState, name: string): Record<string, Json> {
  const current = own(state.values.game, name);
  if (current && typeof current === "object" && !Array.isArray(current)) return current;
  // A plain object, like a value read back from JSON; setOwn keeps every key an own entry.
  const fresh: Record<string, Json> = {};
  setOwn(state.values.game, name, fresh);
  return fresh;
}

function entry(act: Act, change: HistoryEntry["change"], revision: number, cause: string, detail: Json | undefined, by: number | undefined): HistoryEntry {
  return historyEntry(change, act.time, act.seq, revision, cause, detail, by);
}

export { pastEntries };

export function applyEffect(state: GameState, effect: Effect, act: Act): void {
  switch (effect.e) {
    case "rule.enacted": {
      const r = effect.rule;
      const enacted = entry(act, "enacted", 1, effect.cause, { text: r.text, title: r.title, code: r.code as Json }, effect.by);
      setOwn(state.rules, r.number, { ...r, revision: 1, history: [...pastEntries(effect.past), enacted] });
      break;
    }
    case "rule.archived": {
      const r = effect.rule;
      state.repealed.push({
        number: r.number,
        title: r.title,
        text: r.text,
        mutable: r.mutable,
        revision: 0,
        props: r.props ?? {},
        code: null,
        history: pastEntries(r.history),
      });
      break;
    }
    case "rule.annotated": {
      const old = rule(state, effect.number);
      setOwn(state.rules, effect.number, {
        ...old,
        history: [...old.history, entry(act, "annotated", old.revision, effect.cause, { text: effect.text }, effect.by)],
      });
      break;
    }
    case "rule.amended": {
      const old = rule(state, effect.number);
      const next: RuleRecord = { ...old, revision: old.revision + 1 };
      const changed: Record<string, Json> = {};
      if (effect.text !== undefined) next.text = changed.text = effect.text;
      if (effect.title !== undefined) next.title = changed.title = effect.title;
      if (effect.code !== undefined) {
        next.code = effect.code;
        changed.code = effect.code as Json;
      }
      next.history = [...old.history, entry(act, "amended", next.revision, effect.cause, changed, effect.by)];
      setOwn(state.rules, effect.number, next);
      break;
    }
    case "rule.repealed": {
      const old = rule(state, effect.number);
      state.repealed.push({ ...old, history: [...old.history, entry(act, "repealed", old.revision, effect.cause, undefined, effect.by)] });
      delete state.rules[effect.number];
      delete state.declares[effect.number];
      delete state.broken[effect.number];
      forgetStatus(state, effect.number);
      break;
    }
    case "rule.transmuted": {
      const old = rule(state, effect.number);
      const revision = old.revision + 1;
      setOwn(state.rules, effect.number, {
        ...old,
        mutable: effect.mutable,
        revision,
        history: [...old.history, entry(act, "transmuted", revision, effect.cause, { mutable: effect.mutable }, effect.by)],
      });
      break;
    }
    case "rule.renumbered": {
      const old = rule(state, effect.number);
      delete state.rules[effect.number];
      delete state.declares[effect.number];
      delete state.broken[effect.number];
      forgetStatus(state, effect.number);
      setOwn(state.rules, effect.to, {
        ...old,
        number: effect.to,
        history: [...old.history, entry(act, "renumbered", old.revision, effect.cause, { from: effect.number, to: effect.to }, effect.by)],
      });
      for (const timer of Object.values(state.timers)) if (timer.rule === effect.number) timer.rule = effect.to;
      for (const d of Object.values(state.decisions ?? {})) if (d.rule === effect.number) d.rule = effect.to;
      break;
    }
    case "rule.property": {
      const old = rule(state, effect.number);
      const revision = old.revision + 1;
      // A computed key in a literal defines an own property, even for "__proto__".
      setOwn(state.rules, effect.number, {
        ...old,
        revision,
        props: { ...old.props, [effect.key]: effect.value },
        history: [...old.history, entry(act, "property", revision, effect.cause, { key: effect.key, value: effect.value }, effect.by)],
      });
      break;
    }
    case "rule.loaded":
      setOwn(state.declares, effect.number, effect.declares);
      if (effect.failed === null) delete state.broken[effect.number];
      else setOwn(state.broken, effect.number, effect.failed);
      break;
    case "rule.failed": {
      const readers = actSecrets(act);
      state.failures.push({ rule: effect.rule, seq: act.seq, during: effect.during, error: effect.error, ...(readers.length ? { readers } : {}) });
      if (state.failures.length > keptFailures) state.failures.splice(0, state.failures.length - keptFailures);
      break;
    }
    case "state.declared":
      state.decls = effect.decls;
      break;
    case "state.set":
      if (effect.key !== undefined) {
        setOwn(record(state, effect.name), effect.key, effect.value);
      } else if (effect.player === undefined) {
        setOwn(state.values.game, effect.name, effect.value);
      } else {
        let values = own(state.values.player, effect.name);
        if (!values) setOwn(state.values.player, effect.name, (values = {}));
        setOwn(values, effect.player, effect.value);
      }
      break;
    case "state.deleted":
      delete record(state, effect.name)[effect.key];
      break;
    case "player.joined":
      // The effect names the person; when they joined is the act's time (the rules see the same).
      state.players.push({ ...effect.player, joinedAt: effect.player.joinedAt ?? act.time });
      if (state.applicants?.some((a) => a.id === effect.player.id)) state.applicants = state.applicants.filter((a) => a.id !== effect.player.id);
      foldParticipant(state, effect.player.id, act.time, "person");
      break;
    case "player.applied":
      state.applicants = [...(state.applicants ?? []), { ...effect.applicant, at: act.time, reason: effect.reason }];
      foldParticipant(state, effect.applicant.id, act.time, "person");
      break;
    case "participant.attended":
      foldParticipant(state, effect.person.id, act.time, "attended", effect.person.name);
      break;
    case "participant.left":
      state.observers = (state.observers ?? []).filter((o) => o.id !== effect.id);
      break;
    case "player.renamed": {
      const player = state.players.find((p) => p.id === effect.id);
      if (player) player.name = effect.name;
      break;
    }
    case "player.left": {
      const player = state.players.find((p) => p.id === effect.id);
      state.players = state.players.filter((p) => p.id !== effect.id);
      if (player) state.departed.push({ ...player, leftAt: act.time, reason: effect.reason });
      break;
    }
    case "timer.set":
      setOwn(state.timers, effect.timer.id, { ...effect.timer });
      break;
    case "timer.cleared":
      delete state.timers[effect.id];
      break;
    case "rule.status":
      foldStatus(state, effect, act.seq);
      break;
    case "decision.opened":
      setOwn((state.decisions ??= {}), effect.decision.id, { ...effect.decision });
      break;
    case "decision.closed":
      if (state.decisions) delete state.decisions[effect.id];
      break;
    case "game.ended":
      state.status = "over";
      state.result = { winners: effect.winners, reason: effect.reason, rule: effect.rule };
      break;
    case "channel.opened":
    case "channel.closed":
      foldChannel(state, effect);
      break;
    case "event":
    case "message":
    case "random":
    case "calendar":
      // Recorded for readers of the log; they change no state.
      break;
  }
}

/** Rebuilds a game's state from its acts alone. */
export function replay(name: string, preset: string | null, acts: Iterable<Act>, from?: GameState): GameState {
  const state = from ?? emptyState(name, preset);
  for (const act of acts) fold(state, act);
  return state;
}
