/**
 * The season's story, first half: before the first turn and turns 1 to 4. A points rule is
 * proposed with its code, endorsed to the top of the Queue, edited on the Deck, voted by
 * messages and adopted; a vote message is redacted by a moderator; two more are edited and
 * deleted, and the proposal they were for is defeated; a newcomer asks to join, a player
 * objects privately, a vote admits her at the next turn's start. Each turn is a list of
 * steps at moments of the turn (./steps.ts); the second half is ./script-court.ts.
 */
import type { Season } from "./season.js";
import { pointsRule } from "./points-rule.js";
import { proposalsOf, openVote } from "./state.js";
import { ballots, endorsements, hour, minute, type Moments, proposalChannel, proposeIdea, sides, type Step, step } from "./steps.js";

/** The joiner, once she has asked (she has an id from then on). */
export function joinerId(s: Season): string {
  const id = [...(s.game.state.applicants ?? []), ...s.game.state.players].find((p) => p.name === s.cast.joiner)?.id;
  if (!id) throw new Error(`${s.cast.joiner} has not asked to join`);
  return id;
}

const deckKey = (s: Season, author: string): string => {
  const p = proposalsOf(s.game).find((x) => x.stage === "deck" && x.author === author);
  if (!p) throw new Error(`${s.name(author)} has no proposal on the Deck`);
  return p.key;
};

/** Before the first turn: Judges opt in; the points rule and two other proposals go in the Queue; endorsements sort it. */
export function opening(s: Season, now: number): Step[] {
  const { architect, fourth, fifth, order } = s.cast;
  const draft = { kind: "enact", title: pointsRule.title, text: pointsRule.draft, code: pointsRule.code };
  const someone = order.find((p) => p !== fourth && p !== fifth && p !== architect)!;
  return [
    step(now + 5 * minute, "players opt into being Judge", async () => {
      // All but one: not everyone wants the bench.
      for (const p of order.slice(0, -1)) await s.act(p, "judge-opt-in", { optIn: true });
    }),
    step(now + hour, "the points rule is proposed", async () => {
      await s.say(architect, "general", "Rule 212 names a winner at 1,024 points, but nothing in the Initial Set awards any. I propose we fix that.");
      await s.act(architect, "propose", draft);
    }),
    step(now + 2 * hour, "a second proposal", () => proposeIdea(s, fifth)),
    step(now + 3 * hour, "a third proposal", () => proposeIdea(s, fourth)),
    ...endorsements(s, architect, order.length - 1, now + 4 * hour),
    ...endorsements(s, fifth, 1, now + 4 * hour + 30 * minute),
    step(now + 9 * hour, "an endorsement", () => s.act(someone, "endorse", { proposal: s.queued(fourth) })),
    step(now + 10 * hour, "an endorsement withdrawn", () => s.act(someone, "unendorse", { proposal: s.queued(fourth) })),
  ];
}

/** Turn 1: the points rule on the Deck, edited by its author, put to vote and adopted. */
function turn1(s: Season, m: Moments): Step[] {
  const { architect, leader } = s.cast;
  const voters = s.players();
  const final = { kind: "enact", title: pointsRule.title, text: pointsRule.text, code: pointsRule.code };
  return [
    step(m.start + 10 * hour, "the points rule is edited on the Deck", () => s.act(architect, "edit-proposal", { proposal: deckKey(s, architect), ...final })),
    step(m.start + 14 * hour, "the leader's first proposal", () => proposeIdea(s, leader)),
    ...endorsements(s, leader, 3, m.start + 15 * hour),
    ...ballots(s, m.vote + hour, sides(s, "vote:1", voters, { author: architect, favour: voters.length - 1, against: 1 }), () => proposalChannel(s)),
  ];
}

/** Turn 2: the leader's proposal, every player for it; a moderator redacts one vote message, and that vote is void. */
function turn2(s: Season, m: Moments): Step[] {
  const { leader, victim, moderator } = s.cast;
  const voters = s.players();
  const redactee = s.order(
    "redactee",
    voters.filter((p) => p !== leader),
  )[0]!;
  return [
    step(m.start + 12 * hour, "the victim's proposal", () => proposeIdea(s, victim)),
    ...endorsements(s, victim, 3, m.start + 13 * hour),
    ...ballots(s, m.vote + hour, sides(s, "vote:2", voters, { author: leader, favour: voters.length, against: 0 }), () => proposalChannel(s)),
    step(m.vote + 14 * hour, "a moderator redacts a vote message", async () => {
      const channel = proposalChannel(s);
      await s.redact(moderator, s.voteMessage(redactee, channel), "sent from another person's account: one person, one player (Rule 109)");
      await s.say(moderator, "general", `I removed a message in #${channel}: it came from an account that is not its player's (Rules 109, 113).`);
    }),
  ];
}

/** Turn 3: a newcomer asks to join and a player objects privately; the victim's proposal loses two votes to an edit and a deletion. */
function turn3(s: Season, m: Moments): Step[] {
  const { architect, leader, victim, fourth, joiner } = s.cast;
  const voters = s.players();
  const against = Math.floor((voters.length - 2) / 2);
  // The editor and the deleter vote for; once their votes are void, for and against tie.
  const vote = sides(s, "vote:3", voters, { author: victim, mustFor: [architect, leader], favour: against + 2, against });
  const objector = s.order(
    "objector",
    voters.filter((p) => p !== victim),
  )[0]!;
  const joinVote = s.order("join-vote", voters).map((p): [string, "for" | "against"] => [p, p === objector ? "against" : "for"]);
  return [
    step(m.deck + 10 * hour, "a newcomer asks to join", async () => {
      const id = await s.join(joiner);
      await s.say(id, "joining", "Hello! I have been reading along for a week: may I play?");
    }),
    step(m.deck + 11 * hour, "the fourth proposal replaces its author's first", () => proposeIdea(s, fourth)),
    ...endorsements(s, fourth, 3, m.deck + 12 * hour),
    step(m.deck + 16 * hour, "a private objection", () => s.say(objector, `moderators-${objector}`, `object ${joiner}`)),
    ...ballots(s, m.deck + 17 * hour, joinVote, () => openVote(s.game, "join-")?.channel ?? "no vote on joining is open"),
    ...ballots(s, m.vote + hour, vote, () => proposalChannel(s)),
    step(m.vote + 9 * hour, "a vote message is edited", () =>
      s.edit(architect, s.voteMessage(architect, proposalChannel(s)), "aye, though the wording could be tighter"),
    ),
    step(m.vote + 13 * hour, "a vote message is deleted", () => s.delete(leader, s.voteMessage(leader, proposalChannel(s)))),
  ];
}

/** Turn 4: the newcomer plays; a vote changed by voting again, the first message edited afterwards (no effect), a message that is no vote. */
function turn4(s: Season, m: Moments): Step[] {
  const { fourth, fifth } = s.cast;
  const voters = s.players();
  const cast = sides(s, "vote:4", voters, { author: fourth, favour: voters.length - 2, against: 2 });
  const [changer, talker] = cast.filter(([p, side]) => side === "for" && p !== fourth).map(([p]) => p);
  let first = 0;
  return [
    step(m.start + 9 * hour, "the newcomer settles in", async () => {
      const id = joinerId(s);
      await s.act(id, "judge-opt-in", { optIn: true });
      await s.say(id, "general", "Thank you for having me!");
    }),
    step(m.start + 12 * hour, "the fifth proposal replaces its author's first", () => proposeIdea(s, fifth)),
    ...endorsements(s, fifth, 3, m.start + 13 * hour),
    step(m.vote + 30 * minute, "a message that is no vote", () => s.say(talker!, proposalChannel(s), "aye, with pleasure")),
    step(m.vote + 40 * minute, "a first vote", async () => (first = await s.vote(changer!, proposalChannel(s), "against"))),
    ...ballots(
      s,
      m.vote + hour,
      cast.filter(([p]) => p !== changer),
      () => proposalChannel(s),
    ),
    step(m.vote + 8 * hour, "a vote changed by voting again", () => s.vote(changer!, proposalChannel(s), "for")),
    step(m.vote + 9 * hour, "an old vote message edited", () => s.edit(changer!, first, "nay (changed my mind, see below)")),
  ];
}

export const firstHalf: Record<number, (s: Season, m: Moments) => Step[]> = { 1: turn1, 2: turn2, 3: turn3, 4: turn4 };
