/**
 * The proposal report (the Promotor's or Assessor's report of Nomic games), derived from the
 * records and the log: each proposal, who made it, what it changes, each vote and when it
 * was cast, the outcome, why, and the rule that decided it. Open proposals come first.
 */
import type { Act, GameState, Json } from "../../kernel/types.js";
import { isOpen } from "../../present/records.js";
import { findRecords, isObject, text, type Entry } from "./conventions.js";
import { proposedChanges, type ChangeInWords } from "./describe-change.js";
import { namer, type ActRef, type ReportOptions } from "./names.js";
import { entryTimelines, whenBecame, type EntryChange } from "./timeline.js";

export interface ProposalVote {
  player: string;
  name: string;
  vote: Json;
  /** The act that cast this vote (as it now stands), if the log shows it to the viewer. */
  cast: ActRef | null;
}

export interface ProposalEntry {
  /** The record it is kept in, e.g. "proposals". */
  record: string;
  number: number;
  proposer: string;
  author: string;
  changes: ChangeInWords[];
  votes: ProposalVote[];
  status: string;
  open: boolean;
  reason: string | null;
  /** The rule whose answer decided the outcome. */
  decidedBy: number | null;
  method: string | null;
  /** The act that opened it and the act that closed it, from the log. */
  opened: ActRef | null;
  closed: ActRef | null;
}

export interface ProposalReport {
  report: "proposals";
  game: string;
  seq: number;
  time: number;
  viewer: string | null;
  /** The viewer's name, for the heading. */
  viewerName: string | null;
  /** Open proposals first, in number order; then the rest, in number order. */
  proposals: ProposalEntry[];
}

const exists = (entry: Json | undefined): boolean => entry !== undefined;

/** When each vote now standing was cast: the last act that set it to its present value. */
function voteTimes(timeline: EntryChange[] | undefined, votes: Entry): Map<string, ActRef> {
  const cast = new Map<string, ActRef>();
  for (const c of timeline ?? []) {
    const before = isObject(c.before) && isObject(c.before.votes) ? c.before.votes : {};
    const after = isObject(c.after) && isObject(c.after.votes) ? c.after.votes : {};
    for (const [player, vote] of Object.entries(after)) {
      if (JSON.stringify(before[player]) !== JSON.stringify(vote)) cast.set(player, c.act);
    }
    for (const player of Object.keys(before)) if (!(player in after)) cast.delete(player);
  }
  for (const player of [...cast.keys()]) if (!(player in votes)) cast.delete(player);
  return cast;
}

export function proposalReport(acts: Act[], state: GameState, viewer: string | null, options: ReportOptions = {}): ProposalReport {
  const name = options.name ?? namer(state);
  const entries: ProposalEntry[] = [];
  for (const record of findRecords(state, viewer, "proposal")) {
    const timelines = entryTimelines(acts, state, viewer, record.name);
    const byNumber = new Map<number, EntryChange[]>();
    for (const [, timeline] of timelines) {
      const last = timeline[timeline.length - 1]?.after;
      if (isObject(last) && typeof last.number === "number") byNumber.set(last.number, timeline);
    }
    for (const p of record.entries) {
      const number = p.number as number;
      const timeline = byNumber.get(number);
      const votes = p.votes as Entry;
      const cast = voteTimes(timeline, votes);
      const open = isOpen(record.convention, p);
      entries.push({
        record: record.name,
        number,
        proposer: p.proposer as string,
        author: name(p.proposer as string),
        changes: proposedChanges(p),
        votes: Object.entries(votes).map(([player, vote]) => ({ player, name: name(player), vote, cast: cast.get(player) ?? null })),
        status: p.status as string,
        open,
        reason: text(p.reason),
        decidedBy: typeof p.decidedBy === "number" ? p.decidedBy : null,
        method: text(p.method),
        opened: whenBecame(timeline, exists),
        closed: open ? null : whenBecame(timeline, (e) => exists(e) && !isOpen(record.convention, e), true),
      });
    }
  }
  const order = (a: ProposalEntry, b: ProposalEntry) => Number(b.open) - Number(a.open) || a.number - b.number;
  return {
    report: "proposals",
    game: state.name,
    seq: state.seq,
    time: state.time,
    viewer,
    viewerName: viewer === null ? null : name(viewer),
    proposals: entries.sort(order),
  };
}
