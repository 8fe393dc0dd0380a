/**
 * What the season's script is made of: steps (a moment and what happens then), and the
 * steps every turn repeats: proposing into the Queue, endorsing, voting by messages.
 */
import type { Season } from "./season.js";
import type { Side, Turn8 } from "./state.js";
import { votingProposal } from "./state.js";

export const minute = 60_000;
export const hour = 60 * minute;
export const day = 24 * hour;

export interface Step {
  at: number;
  /** What the step is, for the reason play stops if the rules refuse it. */
  what: string;
  run: () => Promise<unknown>;
}

/** A turn's moments (Rule 202): its start, the Deck (48 hours before its end), the vote (24 hours before), its end. */
export interface Moments {
  start: number;
  deck: number;
  vote: number;
  end: number;
}

export const momentsOf = (t: Turn8): Moments => ({ start: t.startedAt, deck: t.endsAt - 48 * hour, vote: t.endsAt - 24 * hour, end: t.endsAt });

export const step = (at: number, what: string, run: () => Promise<unknown>): Step => ({ at, what, run });

/** The channel of the proposal being voted on now (Rule 202 opens one per proposal). */
export function proposalChannel(s: Season): string {
  const channel = votingProposal(s.game)?.votesIn?.channel;
  if (!channel) throw new Error("no proposal is being voted on");
  return channel;
}

/** The author puts one of their own ideas in the Proposal Queue (replacing theirs there, if any). */
export const proposeIdea = (s: Season, author: string) => s.act(author, "propose", { kind: "enact", ...s.bot(author).idea() });

/** `count` other players (the season's order of them) endorse the author's proposal in the Queue, an hour apart from `from`. */
export function endorsements(s: Season, author: string, count: number, from: number): Step[] {
  const others = s
    .order(
      `endorse:${from}`,
      s.players().filter((p) => p !== author),
    )
    .slice(0, count);
  return others.map((p, i) =>
    step(from + i * hour + s.bot(p).late(), `${s.name(p)} endorses ${s.name(author)}'s proposal`, () => s.act(p, "endorse", { proposal: s.queued(author) })),
  );
}

export interface Split {
  /** Who votes for: the author (if any) and these first. */
  author?: string | null;
  mustFor?: string[];
  favour: number;
  against: number;
}

/** Who votes how on a vote, in the order they vote: `favour` for, `against` against, the others do not vote. */
export function sides(s: Season, what: string, voters: readonly string[], split: Split): [string, Side][] {
  const fixed = [...new Set([split.author, ...(split.mustFor ?? [])].filter((p): p is string => typeof p === "string" && voters.includes(p)))];
  const rest = s.order(
    what,
    voters.filter((v) => !fixed.includes(v)),
  );
  const against = rest.slice(0, split.against);
  const more = rest.slice(split.against, split.against + Math.max(0, split.favour - fixed.length));
  const ballots = new Map<string, Side>([...fixed, ...more].map((p) => [p, "for"]));
  for (const p of against) ballots.set(p, "against");
  return s.order(`${what}:when`, [...ballots.keys()]).map((p) => [p, ballots.get(p)!]);
}

/** Each ballot cast as a message in `channel`, 45 minutes apart from `from`, each voter a little late. */
export function ballots(s: Season, from: number, cast: [string, Side][], channel: () => string): Step[] {
  return cast.map(([p, side], i) => step(from + i * 45 * minute + s.bot(p).late(30), `${s.name(p)} votes`, () => s.vote(p, channel(), side)));
}

/** Players who say something in the General channel (as players do; Rule 109 counts it as presence), an hour apart. */
export function chatter(s: Season, from: number, people: readonly string[]): Step[] {
  return people.map((p, i) => step(from + i * hour + s.bot(p).late(), `${s.name(p)} chats`, () => s.say(p, "general", s.bot(p).chatter())));
}
