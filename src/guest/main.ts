/**
 * The engine's half that runs inside the sandbox, beside the rules' code: the entry point
 * of the script the host evaluates once per sandbox (bundled from src/guest/ by esbuild).
 *
 * It keeps a mirror of the game's state for rule code to read, loads each rule's code,
 * and for each act (one call from the host) runs every handler the act triggers, then
 * hands back the effects. It knows no game: proposals, votes, turns and points are all
 * the rules' business.
 *
 * Before any rule loads, every intrinsic is frozen and the host's hooks are taken off the
 * global object; the script's value (not a global) is the API the host calls, so rule code
 * can neither change what this runtime relies on nor call it.
 */
import type { Input, Json } from "../kernel/types.js";
import type { BootSnapshot, GuestQuery, GuestRequest } from "../kernel/guest-protocol.js";
import { answerQuery } from "./availability.js";
import { beginDiagnose, captureHost, cur, emitEffect, isRefusal, refusal, stopIfOutOfMemory } from "./act.js";
import "./api.js";
import { decisions, makeDecision } from "./decisions.js";
import { doAction, drain, recordCorrection } from "./dispatch.js";
import { errorText, frozenJson } from "./json.js";
import { decls, declsJson, emptyLoaded, evaluate, freshen } from "./loaded.js";
import { lockdown } from "./lockdown.js";
import {
  caches,
  clearTimer,
  dropCaches,
  gameValues,
  loaded,
  measureState,
  playerValues,
  revertTo,
  rules,
  ruleset,
  sealAll,
  setPlayers,
  timers,
  world,
} from "./mirror.js";
import { addPlayer, joinAsked, leaveAsked, renameAsked } from "./membership.js";
import { attend, observerLeft } from "./participants.js";
import { checkOutcome } from "./outcome.js";
import { ossification } from "./probe.js";
import { seed } from "./random.js";
import { noteActed, posted } from "./forum.js";
import { channels, channelSizes, messageAct } from "./messages.js";
import { applyChange } from "./rule-changes.js";
import { resolveStatus } from "./in-effect.js";
import { bootStatus } from "./status.js";
import { ossifyingRefusal } from "./waiting-ossification.js";

function start(input: Input): void {
  switch (input.kind) {
    case "create":
      for (const { history, ...spec } of input.rules) {
        applyChange(
          { kind: "enact", ...spec } as unknown as { [key: string]: Json },
          input.preset ? `the initial set (${input.preset})` : "the initial set",
          undefined,
          history,
        );
      }
      // Rules the imported text lists as no longer in effect: kept for the record only.
      for (const rule of input.archived ?? []) emitEffect({ e: "rule.archived", rule });
      // The initial set's own enactments are not announced rule by rule.
      cur.queue = cur.queue.filter((q) => q.type !== "rule.changed");
      cur.rulesChanged = false;
      cur.queue.push({
        origin: "engine",
        type: "game.started",
        data: frozenJson({ name: input.name, preset: input.preset }, "event"),
        rule: null,
        target: null,
      });
      return;
    case "join":
      if (world.players.some((p) => p.id === input.player.id)) throw refusal(`${input.player.id} is already a player`, null);
      if (joinAsked(input.player)) addPlayer(input.player);
      return;
    case "leave":
      if (!observerLeft(input.player)) leaveAsked(input.player);
      return;
    case "attend":
      attend(input.person);
      return;
    case "rename": {
      if (!world.players.some((p) => p.id === input.player)) throw refusal(`${input.player} is not a player`, null);
      renameAsked(input.player, input.name);
      setPlayers(world.players.map((p) => (p.id === input.player ? { ...p, name: input.name } : p)));
      emitEffect({ e: "player.renamed", id: input.player, name: input.name });
      cur.queue.push({
        origin: "engine",
        type: "player.renamed",
        data: frozenJson({ player: input.player, name: input.name }, "event"),
        rule: null,
        target: null,
      });
      return;
    }
    case "action":
      noteActed(input.actor);
      doAction(input.actor, input.name, input.input);
      return;
    case "post":
      posted(input.player, input.topic);
      return;
    case "message":
      messageAct(input);
      return;
    case "correction":
      recordCorrection(input);
      return;
    case "decision":
      makeDecision(input);
      return;
    case "timer": {
      const timer = timers.get(input.id);
      if (!timer) throw refusal(`there is no timer ${input.id}`, null);
      clearTimer(timer.id);
      cur.firing = timer.rule;
      // Its data is read as the timer's was: by whom the rule said when it set it.
      const visibility = timer.visibility ? { visibility: timer.visibility } : {};
      cur.queue.push({ origin: "engine", type: `timer:${timer.name}`, data: timer.data, rule: null, target: timer.rule, ...visibility });
      return;
    }
  }
}

/**
 * After the act: which rules are in effect now (again only if anything changed since they were
 * last worked out, `settled` being the count of changes then), then any change in the state
 * declarations in force.
 */
function finishAct(settled: number): void {
  if (cur.changes !== settled) resolveStatus();
  dropCaches();
  const json = declsJson();
  if (json !== caches.lastDeclsJson) {
    caches.lastDeclsJson = json;
    emitEffect({ e: "state.declared", decls: JSON.parse(json) });
  }
}

function beginAct(req: GuestRequest, refuseChanges: string | null, overridden: ReadonlySet<number> = new Set()): void {
  Object.assign(cur, {
    refuseChanges,
    overridden,
    request: req,
    journal: [],
    effects: [],
    queue: [],
    disabled: req.disabled ?? {},
    reportedDisabled: new Set(),
    running: [],
    readOnly: 0,
    loading: null,
    timerCount: 0,
    messages: 0,
    sizes: [],
    firing: null,
    probing: false,
    rulesChanged: false,
    claiming: new Set(),
    arbitrating: new Set(),
    answered: new Map(),
  });
  beginDiagnose(req.diagnose === true);
  seed(req.seed);
}

function endAct(): void {
  sealAll();
  Object.assign(cur, { request: null, journal: [], effects: [], queue: [], running: [], readOnly: 0, loading: null, report: null });
}

function handle(requestJson: string): string {
  const req = JSON.parse(requestJson) as GuestRequest;
  const declsBefore = caches.lastDeclsJson;
  // Rules whose refusal of this act would leave no way to change the rules, and the log's words for each.
  const setAside = new Map<number, string>();
  for (;;) {
    try {
      let refuseChanges: string | null = null;
      for (;;) {
        beginAct(req, refuseChanges, new Set(setAside.keys()));
        for (const [rule, words] of setAside) emitEffect({ e: "message", text: words, to: null, rule });
        freshen();
        start(req.input);
        drain();
        const ossified = ossification();
        if (ossified === null) break;
        // Undo the act and play it again with its rule-changes refused, once.
        if (refuseChanges !== null) throw refusal(ossified, null);
        revertTo(0);
        caches.lastDeclsJson = declsBefore;
        refuseChanges = ossified;
      }
      const unresolved = cur.changes;
      resolveStatus();
      // A status changed now may change the answers that decide another: then it is worked out again.
      const settled = cur.changes === unresolved ? cur.changes : -1;
      checkOutcome(req.input);
      finishAct(settled);
      return JSON.stringify({ ok: true, effects: cur.effects });
    } catch (err) {
      stopIfOutOfMemory(err);
      revertTo(0);
      caches.lastDeclsJson = declsBefore;
      if (!isRefusal(err)) return JSON.stringify({ ok: false, error: errorText(err) });
      // A player's action refused by a rule's code: does that rule leave no way to change the rules? Then set it aside and act again.
      const words = req.input.kind === "action" && setAside.size < 3 ? ossifyingRefusal(err) : null;
      if (words === null || err.by === null) return JSON.stringify({ ok: false, refused: err.reason, rule: err.rule });
      setAside.set(err.by, words);
    } finally {
      endAct();
    }
  }
}

/**
 * A read-only question between acts (availability.ts): run as an act that records nothing,
 * with every rule's top level run afresh as for an act, and all of it undone at the end.
 */
function query(queryJson: string): string {
  const q = JSON.parse(queryJson) as GuestQuery;
  const declsBefore = caches.lastDeclsJson;
  // No input: nothing in a read-only run reads it (only scheduling does, which is refused).
  beginAct(
    { seq: q.seq, time: q.time, seed: q.seed, input: { kind: "timer", id: "" }, disabled: q.disabled ?? {}, ...(q.diagnose ? { diagnose: true } : {}) },
    null,
  );
  try {
    freshen();
    return JSON.stringify(answerQuery(q));
  } catch (err) {
    stopIfOutOfMemory(err);
    return JSON.stringify({ error: errorText(err) });
  } finally {
    revertTo(0);
    caches.lastDeclsJson = declsBefore;
    endAct();
  }
}

/** After the host interrupted an act (fuel, memory or time ran out): undo it and say which rule was running. */
function abort(): string {
  const top = cur.running.length ? cur.running[cur.running.length - 1]! : null;
  revertTo(0);
  endAct();
  return JSON.stringify(top);
}

function boot(snapshotJson: string): string {
  const snap = JSON.parse(snapshotJson) as BootSnapshot;
  rules.clear();
  loaded.clear();
  ruleset.version++;
  timers.clear();
  sealAll();
  gameValues.clear();
  playerValues.clear();
  world.players = snap.players.map((p) => ({ ...p }));
  world.status = snap.status;
  world.applicants = (snap.applicants ?? []).map((a) => ({ ...a }));
  world.observers = (snap.observers ?? []).map((o) => ({ ...o }));
  world.founder = snap.founder ?? null;
  for (const [k, v] of Object.entries(snap.values.game)) gameValues.set(k, frozenJson(v, k, Infinity));
  for (const [k, per] of Object.entries(snap.values.player)) {
    playerValues.set(k, new Map(Object.entries(per).map(([p, v]) => [p, frozenJson(v, k, Infinity)])));
  }
  for (const timer of snap.timers) timers.set(timer.id, timer);
  channels.clear();
  for (const c of snap.channels ?? []) channels.set(c.id, Object.freeze(c));
  measureState(channelSizes());
  decisions.clear();
  for (const d of snap.decisions ?? []) decisions.set(d.id, d);
  for (const rec of snap.rules) rules.set(rec.number, { ...rec, props: frozenJson(rec.props, "props", Infinity) as Record<string, Json> });
  dropCaches();
  bootStatus(snap);
  const failed: Record<string, string> = {};
  for (const rec of rules.values()) {
    const known = snap.skip?.[rec.number];
    const l = known !== undefined ? { ...emptyLoaded(), failed: known } : evaluate(rec);
    loaded.set(rec.number, l);
    if (l.failed) failed[rec.number] = l.failed;
  }
  ruleset.version++;
  caches.lastDeclsJson = declsJson();
  return JSON.stringify({ failed });
}

function dump(): string {
  const playerOut: Record<string, Record<string, Json>> = {};
  for (const [k, m] of playerValues) playerOut[k] = Object.fromEntries(m);
  return JSON.stringify({
    rules: [...rules.values()].sort((a, b) => a.number - b.number),
    players: world.players,
    values: { game: Object.fromEntries(gameValues), player: playerOut },
    timers: [...timers.values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
    decisions: [...decisions.values()],
    ...(channels.size ? { channels: [...channels.values()] } : {}),
    status: world.status,
    decls: decls(),
  });
}

const global = globalThis as unknown as Record<string, unknown>;
captureHost(global);
delete global.__nomos;
Math.random = () => {
  throw new Error("Math.random is not available to rules: use game.random");
};
delete global.WeakRef;
delete global.FinalizationRegistry;
lockdown(globalThis);

export default Object.freeze({ boot, handle, query, abort, dump });
