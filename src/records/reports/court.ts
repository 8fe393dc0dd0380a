/**
 * The court report (the Clerk of the Courts' report): every question put to judgment,
 * its caller, Judge, status, verdict and reasoning, the rules it is about, rulings
 * overruled, when it was called and ruled, the game's deadlines, and whether play waits.
 */
import type { Act, GameState, Json } from "../../kernel/types.js";
import { canSee } from "../../kernel/visibility.js";
import { findRecords, isObject, text } from "./conventions.js";
import { namer, type ActRef, type ReportOptions } from "./names.js";
import { entryTimelines, whenBecame, type EntryChange } from "./timeline.js";
import { own } from "../../kernel/own.js";

export interface Person {
  id: string;
  name: string;
}

export interface OverruledRuling {
  judge: Person | null;
  verdict: string | null;
  reasoning: string | null;
}

export interface CourtCase {
  record: string;
  number: number;
  question: string;
  caller: Person | null;
  judge: Person | null;
  status: string;
  verdict: string | null;
  reasoning: string | null;
  /** The rules the question is about (a settled ruling is annotated on each). */
  rules: number[];
  overruled: OverruledRuling[];
  /** The act that called it, the act that gave the verdict now standing, and its last change. */
  called: ActRef | null;
  ruled: ActRef | null;
  updated: ActRef | null;
}

export interface Deadline {
  id: string;
  name: string;
  rule: number;
  at: number;
}

export interface CourtReport {
  report: "court";
  game: string;
  seq: number;
  time: number;
  viewer: string | null;
  /** The viewer's name, for the heading. */
  viewerName: string | null;
  cases: CourtCase[];
  /** The game's timers, soonest first: the deadlines its rules have set. */
  deadlines: Deadline[];
  /** What play is waiting for, where a visible game state says (Suber's "turn" keeps `waiting`); null if nothing. */
  waiting: string | null;
}

/** The first visible game state that says play is waiting, e.g. "Judgment on case 1 awaits ...". */
function waitingOn(state: GameState, viewer: string | null): string | null {
  for (const decl of Object.values(state.decls)) {
    if (decl.scope !== "game" || !canSee(state, decl, null, viewer)) continue;
    const value = own(state.values.game, decl.name) ?? decl.initial;
    if (isObject(value) && typeof value.waiting === "string" && value.waiting) return value.waiting;
  }
  return null;
}

function verdictOf(entry: Json | undefined): string | null {
  return isObject(entry) && entry.verdict !== null && entry.verdict !== undefined ? JSON.stringify(entry.verdict) : null;
}

export function courtReport(acts: Act[], state: GameState, viewer: string | null, options: ReportOptions = {}): CourtReport {
  const name = options.name ?? namer(state);
  const person = (id: Json | undefined): Person | null => (typeof id === "string" ? { id, name: name(id) } : null);
  const cases: CourtCase[] = [];
  for (const record of findRecords(state, viewer, "case")) {
    const timelines = entryTimelines(acts, state, viewer, record.name);
    const byNumber = new Map<number, EntryChange[]>();
    for (const [, timeline] of timelines) {
      const last = timeline[timeline.length - 1]?.after;
      if (isObject(last) && typeof last.number === "number") byNumber.set(last.number, timeline);
    }
    for (const c of record.entries) {
      const timeline = byNumber.get(c.number as number);
      const verdict = verdictOf(c);
      cases.push({
        record: record.name,
        number: c.number as number,
        question: c.question as string,
        caller: person(c.caller),
        judge: person(c.judge),
        status: c.status as string,
        verdict: typeof c.verdict === "string" ? c.verdict : verdict,
        reasoning: text(c.reasoning),
        rules: Array.isArray(c.rules) ? c.rules.filter((n): n is number => typeof n === "number") : [],
        overruled: Array.isArray(c.overruled)
          ? c.overruled.filter(isObject).map((o) => ({ judge: person(o.judge), verdict: text(o.verdict), reasoning: text(o.reasoning) }))
          : [],
        called: whenBecame(timeline, (e) => e !== undefined),
        // The verdict now standing was given when the entry last came to hold it.
        ruled: verdict === null ? null : whenBecame(timeline, (e) => verdictOf(e) === verdict, true),
        updated: timeline?.[timeline.length - 1]?.act ?? null,
      });
    }
  }
  const deadlines = Object.values(state.timers)
    .map((t) => ({ id: t.id, name: t.name, rule: t.rule, at: t.at }))
    .sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  return {
    report: "court",
    game: state.name,
    seq: state.seq,
    time: state.time,
    viewer,
    viewerName: viewer === null ? null : name(viewer),
    cases: cases.sort((a, b) => a.number - b.number),
    deadlines,
    waiting: waitingOn(state, viewer),
  };
}
