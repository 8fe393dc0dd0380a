/**
 * What a page asks of the rules between acts: which actions they would refuse a player now,
 * whatever the input, and what play awaits. The refusals come from the very checks that
 * refuse an act (dispatch.ts's checkAction: the action's `when`, then every forbid asked with
 * an empty input). Everything runs read-only, and main.ts undoes whatever the query touched.
 */
import type { GuestQuery, GuestQueryResult, QueryRefusal } from "../kernel/guest-protocol.js";
import type { Json } from "../kernel/types.js";
import { actorRefusal } from "../kernel/participants.js";
import { cur, isRefusal, refusal, type Refusal } from "./act.js";
import { ossifyingRefusal } from "./waiting-ossification.js";
import { probeStartRefuser } from "./probe.js";
import { checksOf, runChecks, type ActionChecks } from "./dispatch.js";
import { frozenJson } from "./json.js";
import { loaded, world } from "./mirror.js";
import { live } from "./loaded.js";
import { order } from "./precedence.js";
import { ask } from "./questions.js";
import { suspended } from "./status.js";

/** The question rules answer with what play awaits (conventions.d.ts, PlayAwaited). */
const awaitsQuestion = "play.awaits";
/** The question rules answer, per player, with the squares a piece may move to now (conventions.d.ts, BoardMove). */
const movesQuestion = "board.moves";

export function answerQuery(query: GuestQuery): GuestQueryResult {
  const actions = offered();
  const setAside: SetAside = { startRefuser: undefined, rules: new Map() };
  const refused = Object.fromEntries(query.actors.map((actor) => [actor, refusedNow(actions, actor, setAside)]));
  const from = cur.effects.length;
  const awaits = query.awaits ? ask(awaitsQuestion, null, true).map((a) => ({ rule: a.rule, value: a.value })) : [];
  const failures = failedSince(from);
  const moves = Object.fromEntries(query.actors.map((actor) => [actor, movesOf(actor)]));
  return { refused, awaits, failures, moves };
}

/** Every rule's answer to "board.moves" for `actor`, with the rules that failed giving it. */
function movesOf(actor: string): NonNullable<GuestQueryResult["moves"]>[string] {
  const from = cur.effects.length;
  const answers = ask(movesQuestion, { player: actor }, true).map((a) => ({ rule: a.rule, value: a.value }));
  return { answers, failures: failedSince(from) };
}

/** The rules whose code failed since effect `from` (while answering a question). */
function failedSince(from: number): GuestQueryResult["failures"] {
  const failures: GuestQueryResult["failures"] = [];
  for (const e of cur.effects.slice(from)) if (e.e === "rule.failed") failures.push({ rule: e.rule, during: e.during, error: e.error });
  return failures;
}

/** Every action offered now, with the rules that check it: the same for every player asked about. */
function offered(): ActionChecks[] {
  const out = new Map<string, ActionChecks>();
  for (const n of order()) {
    if (!loaded.get(n)?.actions.size || suspended.has(n)) continue;
    // Its when and forbids are called below: this act's closures.
    const l = live(n);
    if (!l || l.failed) continue;
    for (const entry of l.actions.values()) if (!out.has(entry.name)) out.set(entry.name, checksOf(n, entry));
  }
  return [...out.values()];
}

/**
 * For every action offered, why the rules would refuse it to `actor` now whatever the input, or
 * null. A refusal the act would set aside, as leaving no way to change the rules, is none: the
 * page offers the action, as the act would take it (waiting-ossification.ts; asked once a rule).
 */
function refusedNow(actions: ActionChecks[], actor: string, setAside: SetAside): Record<string, QueryRefusal | null> {
  const out: Record<string, QueryRefusal | null> = {};
  const empty = frozenJson({}, "input") as Json;
  const player = world.players.some((p) => p.id === actor);
  for (const checks of actions) {
    const entry = checks.entry;
    try {
      if (!entry.participants && !player) throw refusal(actorRefusal(entry.name, entry.describe), null);
      runChecks(checks, Object.freeze({ actor, action: entry.name }), empty);
      out[entry.name] = null;
    } catch (err) {
      // A check that throws is its rule's failure, not a refusal: the page must not break on it.
      if (!isRefusal(err)) out[entry.name] = null;
      else if (err.by !== null && setAsideNow(err, setAside)) out[entry.name] = null;
      else out[entry.name] = { reason: err.reason, rule: err.rule };
    }
  }
  return out;
}

/** What a question worked out of refusals set aside: who refuses the probe's first step, and each rule's verdict. */
interface SetAside {
  startRefuser: number | null | undefined;
  rules: Map<number, boolean>;
}

function setAsideNow(refused: Refusal, known: SetAside): boolean {
  const rule = refused.by!;
  let aside = known.rules.get(rule);
  if (aside === undefined) {
    if (known.startRefuser === undefined) known.startRefuser = probeStartRefuser();
    known.rules.set(rule, (aside = ossifyingRefusal(refused, known.startRefuser) !== null));
  }
  return aside;
}
