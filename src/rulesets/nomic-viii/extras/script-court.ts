/**
 * The season's story, second half: turns 5 to 8. A proposal withdrawn from the Queue and a
 * vote message deleted and cast again; Judgment on the defeated proposal, a Judge drawn who
 * oversteps and is disbarred by three fourths of the active players voting by messages,
 * another drawn who rules; the leader's second adoption takes them past 1,024 points; their
 * claim of victory is seconded by the moderator, and the End State runs to the game's end.
 */
import type { Season } from "./season.js";
import { joinerId } from "./script.js";
import { casesOf, openVote, pointsOf, proposalsOf, termOf, type Side } from "./state.js";
import { ballots, chatter, day, endorsements, hour, minute, type Moments, proposalChannel, proposeIdea, sides, type Step, step } from "./steps.js";

const judge = (s: Season): string => {
  const j = termOf(s.game)?.judge;
  if (!j) throw new Error("there is no Judge");
  return j;
};
const openCase = (s: Season): number => {
  const c = casesOf(s.game).find((x) => x.status === "awaiting ruling");
  if (!c) throw new Error("no case awaits a ruling");
  return c.number;
};
/** The victim's proposal, defeated in turn 3 by the voided votes: the question Judgment is invoked on. */
const defeated = (s: Season) => proposalsOf(s.game).find((p) => p.author === s.cast.victim && p.stage === "defeated");

/** Turn 5: a narrow adoption, with a vote message deleted and cast again; the leader withdraws a draft from the Queue. */
function turn5(s: Season, m: Moments): Step[] {
  const { fifth, leader } = s.cast;
  const voters = s.players();
  const favour = Math.floor(voters.length / 2) + 1;
  const cast = sides(s, "vote:5", voters, { author: fifth, favour, against: voters.length - favour });
  const fumbler = cast.find(([p, side]) => side === "for" && p !== fifth)![0];
  return [
    step(m.start + 10 * hour, "the newcomer proposes", () => proposeIdea(s, joinerId(s))),
    ...endorsements(s, joinerId(s), 2, m.start + 11 * hour),
    step(m.start + 14 * hour, "a draft", () => proposeIdea(s, leader)),
    step(m.start + 20 * hour, "the draft withdrawn", async () => {
      await s.act(leader, "withdraw-proposal", {});
      await s.say(leader, "general", "Withdrawn: I will bring a better one next week.");
    }),
    step(m.vote + 30 * minute, "a slip of the keyboard", () => s.vote(fumbler, proposalChannel(s), "against")),
    ...ballots(
      s,
      m.vote + hour,
      cast.filter(([p]) => p !== fumbler),
      () => proposalChannel(s),
    ),
    step(m.vote + 8 * hour, "the slip deleted", () => s.delete(fumbler, s.voteMessage(fumbler, proposalChannel(s)))),
    step(m.vote + 8 * hour + 10 * minute, "the vote cast again", () => s.vote(fumbler, proposalChannel(s), "for")),
  ];
}

/** Turn 6: Judgment; the Judge oversteps and is disbarred by the players' vote; another Judge rules. The newcomer's proposal fails. */
function turn6(s: Season, m: Moments): Step[] {
  const { victim, leader } = s.cast;
  const voters = s.players();
  const favour = Math.floor((voters.length - 1) / 2);
  const vote = sides(s, "vote:6", voters, { author: joinerId(s), favour, against: voters.length - favour });
  /** The disbarment's ballots, decided when they are cast: the Judge against, everyone else for. */
  const disbarment = (i: number): [string, Side] | undefined => {
    const j = judge(s);
    return [
      [j, "against"] as [string, Side],
      ...s
        .order(
          "disbar",
          voters.filter((p) => p !== j),
        )
        .map((p): [string, Side] => [p, "for"]),
    ][i];
  };
  const disbarChannel = () => openVote(s.game, "disbar-")?.channel ?? "no vote to disbar is open";
  return [
    step(m.start + 9 * hour, "Judgment is invoked", () => {
      const p = defeated(s)!;
      return s.act(victim, "invoke-judgment", {
        question: `Proposal ${p.number} was defeated after an aye vote was edited and another deleted. Were those votes void, so that it was rightly defeated (Rule 206)?`,
      });
    }),
    step(m.start + 13 * hour, "the Judge acknowledges", () => s.act(judge(s), "acknowledge-judgeship")),
    step(m.start + 20 * hour, "the Judge oversteps", () => {
      const p = defeated(s)!;
      return s.act(judge(s), "rule-on", {
        case: openCase(s),
        verdict: `Yes: both votes were void, and Proposal ${p.number} was rightly defeated. The Judge is also owed 500 points for the trouble.`,
      });
    }),
    step(m.deck + 9 * hour, "a vote to disbar the Judge", async () => {
      const caller = s.order(
        "caller",
        voters.filter((p) => p !== judge(s)),
      )[0]!;
      await s.say(
        caller,
        "general",
        `${s.name(judge(s))} settled a question nobody asked (their own points): Rule 209 lets a Judge settle only the questions put to them.`,
      );
      await s.act(caller, "move-disbarment");
    }),
    ...voters.map((_, i) =>
      step(m.deck + 10 * hour + i * 40 * minute, "a vote on the disbarment", async () => {
        const ballot = disbarment(i);
        // Once the Judge is disbarred the vote is closed: the rest need not vote.
        if (ballot && openVote(s.game, "disbar-")) await s.vote(ballot[0], disbarChannel(), ballot[1]);
      }),
    ),
    step(m.deck + 12 * hour, "the leader's second proposal", () => proposeIdea(s, leader)),
    ...endorsements(s, leader, 3, m.deck + 13 * hour),
    step(m.deck + 18 * hour, "the new Judge acknowledges", () => s.act(judge(s), "acknowledge-judgeship")),
    ...ballots(s, m.vote + hour, vote, () => proposalChannel(s)),
    step(m.vote + 11 * hour, "the new Judge rules", () => {
      const p = defeated(s)!;
      const count = (side: Side) => Object.values(p.votes).filter((v) => v === side).length;
      return s.act(judge(s), "rule-on", {
        case: openCase(s),
        verdict: `Yes: Rule 206 makes the vote of an edited or deleted message invalid, so Proposal ${p.number} had ${count("for")} votes for and ${count("against")} against, and was rightly defeated (Rule 203).`,
      });
    }),
  ];
}

/** Turn 7: the leader's second proposal, adopted. */
function turn7(s: Season, m: Moments): Step[] {
  const voters = s.players();
  return [
    ...chatter(s, m.start + 10 * hour, s.order("chat:7", voters).slice(0, 3)),
    ...ballots(s, m.vote + hour, sides(s, "vote:7", voters, { author: s.cast.leader, favour: voters.length - 1, against: 1 }), () => proposalChannel(s)),
  ];
}

/** Turn 8: the leader claims victory, the moderator seconds it, the End State holds the turn until the game ends. */
function turn8(s: Season, m: Moments): Step[] {
  const { leader, moderator } = s.cast;
  const voters = s.players();
  return [
    step(m.start + 10 * hour, "a claim of victory", async () => {
      await s.say(leader, "declarations", `I hold ${pointsOf(s.game, leader)} points, past 1,024 (Rule 212): I declare myself the winner.`);
      await s.act(leader, "declare-winners", { winners: [leader] });
    }),
    step(m.start + 14 * hour, "the moderator seconds it", async () => {
      await s.act(moderator, "second-claim", { claimant: leader });
      await s.say(moderator, "declarations", "Seconded: the game is in an End State (Rule 211).");
    }),
    step(m.start + 18 * hour, "the Judge acknowledges", () => s.act(judge(s), "acknowledge-judgeship")),
    step(m.start + 35 * hour, "the Judge names the winner", () => s.act(judge(s), "confirm-winners", { winners: [leader] })),
    // Rule 109 (of the Initial Set, so not suspended) still removes a player silent for a week: they talk.
    ...[1.5, 5.5].flatMap((d) => chatter(s, m.start + d * day, s.order(`chat:8:${d}`, voters))),
  ];
}

export const secondHalf: Record<number, (s: Season, m: Moments) => Step[]> = { 5: turn5, 6: turn6, 7: turn7, 8: turn8 };
