/**
 * A season of Nomic VIII played by six scripted players and a moderator who does not play, on a
 * simulated clock and a real SQLite file (src/rulesets/nomic-viii/extras/): a points rule proposed
 * with its code, endorsed to the top of the Queue, edited on the Deck, voted by messages, adopted
 * and awarding points; vote messages redacted, edited and deleted, their votes void; Judgment, a
 * Judge disbarred by the players' vote; a newcomer, an objection, a vote, her join at the next
 * turn's start; a claim of victory seconded, the End State, the game's end. The game is closed and
 * loaded again from its file mid-season. Each assertion reads the game's state, log and messages
 * as players would.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { messageActSeenBy } from "../src/kernel/messages.js";
import type { Act, Effect, MessageInput } from "../src/kernel/types.js";
import { asOf } from "../src/records/reports/as-of.js";
import { newSeasonGame, playSeason, seasonClock, seasonEngine, type SeasonResult } from "../src/rulesets/nomic-viii/extras/driver.js";
import { pointsPerVote, pointsRule } from "../src/rulesets/nomic-viii/extras/points-rule.js";
import { casesOf, endStateOf, joinRequestsOf, pointsOf, pointsWinnersOf, proposalsOf, turnOf, votesOf } from "../src/rulesets/nomic-viii/extras/state.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { MessageTable, messageWords } from "../src/server/messages.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { runCli } from "./cli-run.js";
import { testLimits } from "./helpers.js";

const players = ["Grace Hopper", "Ada Lovelace", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth"];
const sandbox = () => createQuickJsSandbox(testLimits);
const utc = (month: number, date: number, h = 0) => Date.UTC(2026, month - 1, date, h);
const week = 168 * 3_600_000;

let dir: string;
let store: SqliteStore;
let season: SeasonResult;
let acts: Act[];
let reloadedAfter: number | null = null;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "nomic-viii-season-"));
  const file = join(dir, "season.db");
  const clock = seasonClock();
  store = SqliteStore.open(file);
  const game = await newSeasonGame(store, clock, "season-test", { sandbox });
  season = await playSeason({ game, store }, clock, {
    seed: "season-test",
    players,
    moderator: "Margaret Hamilton",
    joiner: "Katherine Johnson",
    // After turn 4 the engine stops: the game and its file are closed, then opened again, as a server restarted would.
    between: async (turn, parts) => {
      if (turn !== 4) return undefined;
      const id = parts.game.id;
      parts.game.close();
      parts.store.close();
      store = SqliteStore.open(file);
      reloadedAfter = store.lastSeq(id);
      return { game: await Game.load(seasonEngine(store, clock, { sandbox }), id), store };
    },
  });
  acts = store.readActs(season.game.id);
});

after(() => {
  season?.game.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const effects = (kind: Effect["e"]) => acts.flatMap((a) => a.effects.filter((e) => e.e === kind).map((e) => ({ act: a, effect: e })));
/** Every message the rules posted to everyone, with the act that posted it. */
const posts = () => effects("message").filter(({ effect }) => effect.e === "message" && effect.to === null) as { act: Act; effect: { text: string } }[];
const posted = (pattern: RegExp) => posts().filter(({ effect }) => pattern.test(effect.text));
const messageActs = <O extends MessageInput["op"]>(op: O) =>
  acts.filter((a): a is Act & { input: MessageInput & { op: O } } => a.input.kind === "message" && a.input.op === op);
const proposal = (number: number) => proposalsOf(season.game).find((p) => p.number === number)!;
const count = (votes: Record<string, string>, side: string) => Object.values(votes).filter((v) => v === side).length;
const channelOf = (message: number) => season.game.state.messages!.index[message]!;

test("the season plays to its end with no refusal and no rule failure, over several weeks, reloaded mid-season", () => {
  assert.equal(season.stopped, null);
  assert.equal(season.game.state.status, "over");
  assert.deepEqual(effects("rule.failed"), [], "no rule failed");
  assert.deepEqual(
    acts.filter((a) => a.stopped),
    [],
    "no rule was stopped (out of fuel, memory or time)",
  );
  assert.ok(reloadedAfter !== null && acts.length > reloadedAfter, "the game went on after it was loaded again from its file");
  const days = (season.game.state.time - season.game.info.createdAt) / 86_400_000;
  assert.ok(days >= 21, `${days} days of play`);
  assert.equal(season.game.state.observers?.[0]?.name, "Margaret Hamilton", "the moderator takes part without playing");
  assert.equal(season.game.state.players.length, 7);
});

test("the points rule, with its code, is proposed, endorsed to the top, edited on the Deck, adopted by messages, and awards points", () => {
  const { architect } = season.cast;
  const first = proposal(301);
  assert.equal(first.author, architect);
  assert.equal(first.stage, "adopted");
  assert.equal(first.endorsers.length, players.length, "every player endorsed it before it left the Queue");
  assert.deepEqual([count(first.votes, "for"), count(first.votes, "against")], [5, 1]);
  assert.ok(
    acts.some((a) => a.input.kind === "action" && a.input.name === "edit-proposal" && a.input.actor === architect),
    "its author edited it on the Deck",
  );
  const rule = season.game.state.rules[301]!;
  assert.equal(rule.title, pointsRule.title);
  assert.equal(rule.text, pointsRule.text, "the text as edited, not the draft");
  assert.ok(rule.code?.source.includes('on("turn.ended"'), "the rule has its code");
  assert.equal(rule.history[0]?.cause, "Proposal 301");
  // Every adopted proposal after it paid its author per vote in favour; nothing else gave points.
  const expected = new Map<string, number>();
  for (const p of proposalsOf(season.game).filter((x) => x.stage === "adopted" && x.number > 301))
    expected.set(p.author!, (expected.get(p.author!) ?? 0) + pointsPerVote * count(p.votes, "for"));
  for (const p of season.game.state.players) assert.equal(pointsOf(season.game, p.id), expected.get(p.id) ?? 0, `${p.name}'s points`);
  assert.ok(posted(/gains \d+ points for Proposal 30\d/).length >= 4);
  assert.equal(pointsOf(season.game, season.cast.architect), expected.get(season.cast.architect) ?? 0, "the points rule paid nothing for itself");
});

test("a moderator redacts a vote message: the vote is void, the text is gone from the file, the redaction stays in the log", () => {
  const { moderator } = season.cast;
  const [redaction] = messageActs("redact");
  assert.ok(redaction, "one message was redacted");
  assert.equal(messageActs("redact").length, 1);
  assert.equal(redaction.input.person, moderator);
  const { channel, author } = channelOf(redaction.input.message);
  const voted = proposal(302);
  assert.equal(channel, "vote-proposal-302");
  assert.equal(voted.votes[author], undefined, "the redacted message's vote is void");
  assert.deepEqual([count(voted.votes, "for"), count(voted.votes, "against")], [5, 0], "six voted for; five count");
  assert.ok(posted(/vote in "Proposal 302 .* is void: its message was redacted \(Rule 206\)/).length === 1);

  const row = new MessageTable(store.sql).get(season.game.id, redaction.input.message)!;
  assert.equal(row.text, null, "the text is gone");
  assert.deepEqual(row.redacted, { by: moderator, reason: redaction.input.reason });
  assert.match(
    messageWords(row, () => "Margaret Hamilton"),
    /^Redacted by Margaret Hamilton: sent from another person's account/,
  );
  assert.ok(
    messageActs("post").some((a) => a.input.message === redaction.input.message),
    "the post is still recorded",
  );
  assert.ok(
    messageActs("post").every((a) => !("text" in a.input)),
    "the log holds no message's text",
  );
  assert.ok(new MessageTable(store.sql).get(season.game.id, redaction.input.message + 1)?.text, "other messages keep theirs");
});

test("an edited and a deleted vote message void their votes, and the proposal is defeated 2 to 2; an old message edited after a new vote changes nothing", () => {
  const { victim, architect, leader } = season.cast;
  const defeated = proposal(303);
  assert.equal(defeated.author, victim);
  assert.equal(defeated.stage, "defeated");
  assert.deepEqual([count(defeated.votes, "for"), count(defeated.votes, "against")], [2, 2]);
  assert.match(defeated.reason ?? "", /\(2 for, 2 against\)/);
  assert.equal(defeated.votes[architect], undefined);
  assert.equal(defeated.votes[leader], undefined);
  const inVote = (a: Act & { input: MessageInput }) => channelOf(a.input.message).channel === "vote-proposal-303";
  assert.deepEqual(
    messageActs("edit")
      .filter(inVote)
      .map((a) => a.input.person),
    [architect],
  );
  assert.deepEqual(
    messageActs("delete")
      .filter(inVote)
      .map((a) => a.input.person),
    [leader],
  );
  assert.equal(posted(/vote in "Proposal 303 .* is void: its message was (edited|deleted)/).length, 2);

  // Proposal 304: a voter said nay, then aye, then edited the nay: the aye stands.
  const edited = messageActs("edit").find((a) => channelOf(a.input.message).channel === "vote-proposal-304")!;
  assert.equal(proposal(304).votes[edited.input.person], "for");
  assert.equal(posted(/vote in "Proposal 304 .* is void/).length, 0);
  // Proposal 305: a vote deleted, then cast again, counts.
  const deleted = messageActs("delete").find((a) => channelOf(a.input.message).channel === "vote-proposal-305")!;
  assert.equal(proposal(305).votes[deleted.input.person], "for");
  assert.equal(proposal(305).stage, "adopted");
});

test("Judgment: a Judge drawn at random acknowledges and rules, is disbarred by three fourths of the active players voting by messages, and another rules", () => {
  const [question, claim] = casesOf(season.game);
  assert.ok(question && claim);
  assert.equal(question.caller, season.cast.victim);
  const [disbarment] = posted(/is disbarred as Judge: three fourths of all active players voted for it/);
  assert.ok(disbarment, "a Judge was disbarred by the players' vote");
  const disbarred = question.invalidated[0]!;
  assert.deepEqual(question.invalidated, [disbarred], "the disbarred Judge's ruling is invalid");
  assert.notEqual(question.ruledBy, disbarred);
  assert.match(question.verdict ?? "", /^Yes: Rule 206 makes the vote of an edited or deleted message invalid, so Proposal 303 had 2 votes for and 2 against/);
  const [id, vote] = Object.entries(votesOf(season.game)).find(([key]) => key.startsWith("disbar-"))!;
  assert.equal(id, `disbar-1-${disbarred}`);
  assert.equal(vote.tally[disbarred], "against");
  assert.ok(count(vote.tally, "for") * 4 >= 3 * season.game.state.players.length, "three fourths of the seven active players");
  assert.equal(vote.open, false);
  const acknowledged = posted(/acknowledges their position as Judge/).map(({ act }) => act.time);
  assert.ok(acknowledged.length >= 2);
  assert.ok(
    posted(/drawn at random as Judge, for the rest of the term/).some(({ act }) => act.time === disbarment.act.time),
    "another Judge is drawn at once",
  );
});

test("a newcomer asks to join, a player objects privately within 24 hours, a vote admits her, and she joins at the next turn's start", () => {
  const [request] = joinRequestsOf(season.game);
  assert.equal(request?.name, "Katherine Johnson");
  assert.equal(request.status, "joined");
  const applied = effects("player.applied")[0]!.act;
  const objection = posted(/A player objects to Katherine Johnson joining: a vote is held for 24 hours/)[0]!.act;
  assert.ok(objection.time - applied.time <= 24 * 3_600_000, "the objection came within 24 hours");
  assert.ok(objection.input.kind === "message" && objection.input.op === "post");
  const objector = (objection.input as MessageInput).person;
  assert.equal((objection.input as { channel: string }).channel, `moderators-${objector}`, "in private, to the moderators");
  const bystander = season.game.state.players.find((p) => p.id !== objector && p.id !== request.id)!.id;
  assert.equal(messageActSeenBy(season.game.state, objection.input as MessageInput, bystander), false, "other players do not see it");
  assert.equal(messageActSeenBy(season.game.state, objection.input as MessageInput, season.cast.moderator), true);
  const tally = votesOf(season.game)[`join-${request.id}`]!.tally;
  assert.deepEqual([count(tally, "for"), count(tally, "against")], [5, 1]);
  assert.equal(tally[objector], "against");

  const joined = effects("player.joined").find(({ effect }) => effect.e === "player.joined" && effect.player.id === request.id)!.act;
  assert.equal(joined.time, utc(1, 15), "at the start of the turn after the vote: Thursday 15 January, 00:00 UTC");
  assert.equal(joined.input.kind, "timer");
  const closed = posted(/The vote on Katherine Johnson joining: 5 for, 1 against/)[0]!.act;
  assert.ok(closed.time < joined.time);
  const between = asOf(acts, joined.seq - 1).state;
  assert.ok(!between.players.some((p) => p.id === request.id), "after the vote and before the turn, not yet a player");
  assert.ok(between.applicants?.some((a) => a.id === request.id));
  assert.equal(season.game.state.players.find((p) => p.id === request.id)?.joinedAt, utc(1, 15));
});

test("a claim of victory seconded by the moderator starts the End State: rules outside the Initial Set are suspended, and the game ends with the winner 168 hours on, at a turn's end", () => {
  const { leader, moderator } = season.cast;
  assert.deepEqual(pointsWinnersOf(season.game), [leader], "the leader reached 1,024 points first (Rule 212)");
  assert.ok(pointsOf(season.game, leader) >= 1024);
  const end = endStateOf(season.game)!;
  assert.equal(end.claimant, leader);
  assert.equal(end.secondedBy, moderator);
  assert.notEqual(end.secondedBy, end.claimant);
  const suspended = season.game.state.suspended ?? {};
  const added = Object.keys(season.game.state.rules)
    .map(Number)
    .filter((n) => n > 300);
  assert.ok(added.length >= 4);
  for (const n of added) assert.match(suspended[n]?.reason ?? "", /End State suspends/, `Rule ${n} is suspended`);
  for (const n of [101, 113, 202, 206, 211, 212]) assert.equal(suspended[n], undefined, `Rule ${n} of the Initial Set is not`);

  const ended = effects("game.ended")[0]!;
  assert.deepEqual(season.game.state.result?.winners, [leader]);
  assert.equal(ended.act.time, utc(2, 2), "Monday 2 February, 00:00 UTC: the first turn end 168 hours after the End State began");
  assert.ok(ended.act.time - end.since >= week && ended.act.time - end.since < week + 3 * 86_400_000);
  assert.equal(turnOf(season.game)?.number, 8, "no turn ended during the End State");
  assert.equal(posted(/^Turn 9 starts/).length, 0);
  assert.equal(casesOf(season.game)[1]?.caller, leader, "Judgment on the claim is invoked by the claimant");
});

test("nomos play --preset nomic-viii: six scripted players by default, printed turn by turn; a summary with --json; the same seed, the same season", async () => {
  const [played, text, limited, few] = await Promise.all([
    runCli(["--db", join(dir, "play.db"), "play", "--preset", "nomic-viii", "--seed", "x"], true),
    runCli(["--db", join(dir, "play-text.db"), "play", "--preset", "nomic-viii", "--seed", "x"], false),
    runCli(["--db", join(dir, "limit.db"), "play", "--preset", "nomic-viii", "--seed", "x", "--max-turns", "2", "--quiet"], false),
    runCli(["--db", join(dir, "few.db"), "play", "--preset", "nomic-viii", "--bots", "4"], false),
  ]);
  assert.equal(played.code, 0, played.stderr);
  const out = played.out;
  assert.equal(out.status, "over");
  assert.equal(out.stopped, null);
  assert.equal(out.failures, 0);
  assert.equal(out.players.length, 7, "six players and the newcomer");
  assert.equal(out.result.winners.length, 1);
  assert.ok(out.players.find((p: { id: string }) => p.id === out.result.winners[0].id).points >= 1024);
  assert.deepEqual(out.moderators, ["Margaret Hamilton"]);
  assert.equal(out.proposals.filter((p: { number: number | null }) => p.number !== null).length, 7);
  assert.ok(out.weeks >= 3);

  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /^Before the first turn$/m);
  assert.match(text.stdout, /^Turn 1, Thursday 8 January to Saturday 10 January$/m);
  assert.match(text.stdout, /^ {2}Fri 09 \d\d:\d\d {2}.+ in #vote-proposal-301: "(aye|yay|yes|y)"$/im);
  assert.match(text.stdout, /^ {2}Sun 11 14:00 {2}Margaret Hamilton redacts .+'s message \d+ in #vote-proposal-302: /m);
  assert.match(text.stdout, /^Turn 8, Saturday 24 January to the game's end on Monday 2 February \(an End State held it\)$/m);
  assert.match(text.stdout, new RegExp(`^${out.result.winners[0].name} won: the End State lasted 168 hours`, "m"), "the same seed plays the same season");

  assert.equal(limited.code, 0, limited.stderr);
  assert.match(limited.stdout, /^The game goes on: play stopped, reached the limit of 2 turns\.$/m);
  assert.doesNotMatch(limited.stdout, /^Turn 1/m, "--quiet prints only the outcome");

  assert.equal(few.code, 1);
  assert.match(few.stderr, /the Nomic VIII season is written for 5 to 8 players \(--bots\), not 4/);
});
