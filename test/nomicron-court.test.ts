/**
 * Nomicron's court (rules 210-215), played: Requests for Judgment numbered from 5301, Judges
 * drawn from the Judicial Pool (never the petitioner or a player mentioned; the administrator
 * when no one is left), recusal within 48 hours, a week without a Ruling costing 25 points and
 * the Judge, the pool losing those who vote on no proposal, appeals voted in the next turn at
 * two-thirds, and a paradox ruled TRUE winning the round for its petitioner. Each test plays a
 * game of the preset, round 1 begun, its turns run by the calendar on a clock the test moves.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { courtReport } from "../src/records/reports/index.js";
import { checkRuleCode } from "../src/sandbox/compile-rule.js";
import { caseOf, court, courtGame, courtSource, inactive, pass, points, pool, proposal, turnEdge, type CourtTable } from "./nomicron-court-helpers.js";
import { day, hour, inEffect, messages, refused, round } from "./nomicron-helpers.js";

const rfj = (t: CourtTable, who: string, statement: string, mentioned: string[] = [], paradox = false) =>
  t.game.act(who, "request-judgment", { statement, mentioned, ...(paradox ? { paradox } : {}) });
const enter = async (t: CourtTable, players: string[]) => {
  for (const p of players) await t.game.act(p, "enter-judicial-pool", {});
};

test("the court's code type-checks against the rule API, as a player's would", () => {
  for (const n of court) assert.deepEqual(checkRuleCode(courtSource(n)), [], `rule ${n}`);
});

test("RFJs are numbered from 5301 as received; each Judge is drawn at random from the pool, never the petitioner or a player mentioned", async () => {
  const t = await courtGame();
  const { ada, grace, alan, edsger, barbara } = t.id;
  assert.deepEqual(pool(t.game), [], "no one is in the Judicial Pool on first becoming active");
  await enter(t, [grace, alan, edsger, barbara]);
  await refused(t, grace, "enter-judicial-pool", {}, /in the Judicial Pool already/);

  await rfj(t, grace, "Alan's vote on proposal 301 was legal.", [alan, barbara]);
  const first = caseOf(t.game, 5301);
  assert.equal(first.caller, grace);
  assert.equal(first.judge, edsger, "Edsger is the only member neither petitioner nor mentioned");
  assert.equal(first.drawnFrom, "pool");
  assert.deepEqual(pool(t.game), [grace, alan, barbara], "selection as Judge removes from the pool");
  assert.deepEqual(
    (await t.game.standing(edsger)).awaits.map((a) => [a.does, a.action]),
    [["rule on case 5301", "rule"]],
  );
  await refused(t, alan, "rule", { case: 5301, verdict: "TRUE" }, /only the Judge/);

  await t.game.act(edsger, "rule", { case: 5301, verdict: "TRUE", reasoning: "Rule 207 gives every active player a vote." });
  assert.equal(caseOf(t.game, 5301).status, "ruled");
  assert.deepEqual(pool(t.game), [grace, alan, barbara, edsger], "a Judge who returns a Judgment is back in the pool");
  await refused(t, edsger, "rule", { case: 5301, verdict: "FALSE" }, /only the Judge of a case awaiting a Ruling/);

  // Many requests from Ada mentioning Barbara: every Judge is one of the other three, and the draw varies.
  const judges = new Set<string>();
  for (let i = 0; i < 8; i++) {
    await rfj(t, ada, `Question ${i}.`, [barbara]);
    const c = caseOf(t.game, 5302 + i);
    assert.equal(c.number, 5302 + i, "case numbers run on in the order received");
    assert.ok(c.judge && [grace, alan, edsger].includes(c.judge), `case ${c.number}: Judge ${c.judge} is in the pool, not Ada nor Barbara`);
    judges.add(c.judge);
    await t.game.act(c.judge, "rule", { case: c.number, verdict: i % 2 ? "TRUE" : "FALSE" });
  }
  assert.ok(judges.size >= 2, `the Judge is drawn at random (drawn: ${[...judges].join(", ")})`);
  assert.ok((await messages(t)).some((m) => /Case 5301: Alan's vote on proposal 301 was legal\. Judge: Edsger Dijkstra \(drawn at random/.test(m)));
  t.game.close();
});

test("with no one in the pool who may judge, the administrator serves; the administrator corrects who is mentioned, replacing a Judge now mentioned", async () => {
  const t = await courtGame();
  const { ada, grace, alan, edsger } = t.id;
  await enter(t, [grace]);
  await rfj(t, grace, "The pool is empty but for me.");
  assert.equal(caseOf(t.game, 5301).judge, ada, "the administrator (the first to join, Rule 9) serves");
  assert.equal(caseOf(t.game, 5301).drawnFrom, "administrator");
  assert.deepEqual(pool(t.game), [grace], "the petitioner stays in the pool");

  await rfj(t, alan, "Grace may judge this.");
  assert.equal(caseOf(t.game, 5302).judge, grace);
  await refused(t, alan, "correct-mentioned", { case: 5302, mentioned: [grace] }, /only the administrator/);
  await t.game.act(ada, "correct-mentioned", { case: 5302, mentioned: [grace, edsger] });
  const corrected = caseOf(t.game, 5302);
  assert.deepEqual(corrected.mentioned, [grace, edsger]);
  assert.equal(corrected.judge, ada, "Grace, now mentioned, is replaced; with no one left the administrator serves");

  // The administrator's Judgment does not put them in the pool; a ruled case's list can no longer change.
  await t.game.act(ada, "rule", { case: 5301, verdict: "FALSE" });
  assert.deepEqual(pool(t.game), [], "Grace, selected for case 5302, left the pool; Ada is not put into it");
  await refused(t, ada, "correct-mentioned", { case: 5301, mentioned: [] }, /has been ruled on/);

  // Only active players request Judgments or enter the pool; one who ceases to be active leaves it.
  await enter(t, [edsger]);
  await inactive(t, edsger);
  assert.deepEqual(pool(t.game), [], "ceasing to be active removes from the pool");
  await refused(t, edsger, "request-judgment", { statement: "May I?" }, /only an active player/);
  await refused(t, edsger, "enter-judicial-pool", {}, /only an active player/);
  t.game.close();
});

test("a Judge may recuse within 48 hours of appointment and a new Judge is drawn; later the recusal is refused", async () => {
  const t = await courtGame();
  const { ada, grace, alan, edsger } = t.id;
  await enter(t, [grace, alan, edsger]);
  await rfj(t, ada, "The first turn began on time.");
  const first = caseOf(t.game, 5301).judge!;
  await pass(t, 47 * hour);
  await t.game.act(first, "recuse", { case: 5301 });
  const c = caseOf(t.game, 5301);
  assert.ok(c.judge && c.judge !== first && [grace, alan, edsger].includes(c.judge), "a new Judge from the pool");
  assert.deepEqual(c.formerJudges, [first]);
  assert.ok(!pool(t.game).includes(first), "recusing does not return the Judge to the pool");
  const second = c.judge;
  await pass(t, 49 * hour);
  await refused(t, second, "recuse", { case: 5301 }, /more than 48 hours have passed/);
  await refused(t, ada, "recuse", { case: 5301 }, /not the Judge/);

  // The administrator serving for want of anyone to draw cannot recuse into the same seat.
  await rfj(t, second, "Nobody is left.", pool(t.game));
  assert.equal(caseOf(t.game, 5302).judge, ada);
  await refused(t, ada, "recuse", { case: 5302 }, /the administrator serves as its Judge/);
  t.game.close();
});

test("a Judge with no Ruling a week after appointment loses 25 points and a new Judge is drawn; one who rules in time keeps them", async () => {
  const t = await courtGame();
  const { ada, grace, alan } = t.id;
  await enter(t, [grace, alan]);
  await rfj(t, ada, "The administrator may designate a vote collector.");
  const late = caseOf(t.game, 5301).judge!;
  const other = late === grace ? alan : grace;
  await pass(t, 6 * day + 23 * hour);
  assert.equal(caseOf(t.game, 5301).judge, late, "six days and 23 hours: still the Judge");
  assert.equal(points(t.game, late), 0);
  await pass(t, 2 * hour);
  const c = caseOf(t.game, 5301);
  assert.equal(points(t.game, late), -25, "25 points lost");
  assert.equal(c.judge, other, "the one left in the pool is the new Judge");
  assert.deepEqual(c.formerJudges, [late]);
  assert.ok((await messages(t)).some((m) => m.includes("has not ruled on case 5301 within a week of appointment: 25 points are lost")));
  await refused(t, late, "rule", { case: 5301, verdict: "TRUE" }, /only the Judge/);

  await pass(t, 5 * day);
  await t.game.act(other, "rule", { case: 5301, verdict: "TRUE", reasoning: "Rule 6 says 'or their designee'." });
  await pass(t, 3 * day);
  assert.equal(points(t.game, other), 0, "ruled within the week: no penalty");
  assert.deepEqual(pool(t.game), [other], "the Judge who ruled is back in the pool; the one replaced is not");
  t.game.close();
});

test("a pool member who votes on no proposal in a turn with proposals up for vote leaves the pool; a turn with none removes no one", async () => {
  const t = await courtGame();
  const { ada, grace, alan, edsger, barbara } = t.id;
  await enter(t, [grace, alan, edsger, barbara]);
  await turnEdge(t, "begin");
  await proposal(t, ada, [ada, grace, alan]);
  await proposal(t, grace, [edsger]);
  await turnEdge(t, "end");
  assert.deepEqual(pool(t.game), [grace, alan, edsger], "Barbara voted on neither proposal of turn 1-1");
  assert.ok((await messages(t)).some((m) => m.includes("Barbara Liskov leaves the Judicial Pool: voted on no proposal in turn 1-1")));

  await turnEdge(t, "begin");
  await turnEdge(t, "end");
  assert.deepEqual(pool(t.game), [grace, alan, edsger], "no proposal was up for vote in turn 1-2");
  t.game.close();
});

test("an appeal is voted on during the turn after its submission; two-thirds of those voting replace the Ruling, less leaves it standing", async () => {
  const t = await courtGame();
  const { ada, grace, alan, edsger, barbara } = t.id;
  await enter(t, [grace]);
  await turnEdge(t, "begin");
  await rfj(t, ada, "Proposal 301 was adopted.");
  await t.game.act(grace, "rule", { case: 5301, verdict: "FALSE", reasoning: "The vote was not unanimous." });
  await refused(t, alan, "appeal", { case: 5302, verdict: "TRUE", reasoning: "x" }, /no case 5302/);
  await t.game.act(alan, "appeal", { case: 5301, verdict: "TRUE", reasoning: "Abstentions do not break unanimity." });
  assert.equal(caseOf(t.game, 5301).status, "appealed");
  await refused(t, barbara, "vote-appeal", { case: 5301, vote: "for" }, /no appeal is up for vote/);

  await turnEdge(t, "end");
  assert.equal(caseOf(t.game, 5301).appeals[0]!.status, "awaiting its turn", "not voted in the turn of its submission");
  await turnEdge(t, "begin");
  const opened = caseOf(t.game, 5301).appeals[0]!;
  assert.deepEqual([opened.status, opened.turn], ["voting", "1-2"]);
  assert.ok((await t.game.standing(barbara)).awaits.some((a) => a.does === "vote on appeal 1 of case 5301" && a.action === "vote-appeal"));
  await t.game.act(alan, "vote-appeal", { case: 5301, vote: "for" });
  await t.game.act(edsger, "vote-appeal", { case: 5301, vote: "against" });
  await t.game.act(edsger, "vote-appeal", { case: 5301, vote: "for" });
  await t.game.act(barbara, "vote-appeal", { case: 5301, vote: "against" });
  await turnEdge(t, "end");
  let c = caseOf(t.game, 5301);
  assert.equal(c.appeals[0]!.status, "passed", "2 of 3 voting is two-thirds (Edsger's last vote counts)");
  assert.deepEqual([c.status, c.verdict, c.reasoning], ["ruled", "TRUE", "Abstentions do not break unanimity."]);
  assert.deepEqual(
    c.rulings.map((r) => [r.verdict, r.by, r.appeal]),
    [
      ["FALSE", grace, null],
      ["TRUE", alan, 1],
    ],
  );

  await t.game.act(grace, "appeal", { case: 5301, verdict: "FALSE", reasoning: "Rule 203 says among those who vote." });
  await turnEdge(t, "begin");
  await t.game.act(grace, "vote-appeal", { case: 5301, appeal: 2, vote: "for" });
  await t.game.act(alan, "vote-appeal", { case: 5301, appeal: 2, vote: "against" });
  await turnEdge(t, "end");
  c = caseOf(t.game, 5301);
  assert.equal(c.appeals[1]!.status, "failed", "1 of 2 is short of two-thirds");
  assert.equal(c.verdict, "TRUE", "the Ruling stands");

  // The court report reads the case as the records convention says: the standing Ruling, and the one the appeal replaced.
  const report = courtReport(await t.store.readActs(t.game.id), t.game.state, null);
  const reported = report.cases.find((x) => x.number === 5301)!;
  assert.deepEqual([reported.caller?.name, reported.judge?.name, reported.verdict, reported.status], ["Ada Lovelace", "Grace Hopper", "TRUE", "ruled"]);
  assert.deepEqual(reported.overruled, [{ judge: { id: grace, name: "Grace Hopper" }, verdict: "FALSE", reasoning: "The vote was not unanimous." }]);
  t.game.close();
});

test("a paradox RFJ ruled TRUE ends the round and its petitioner wins it; ruled FALSE it does not, until an appeal makes it TRUE", async () => {
  const t = await courtGame();
  const { ada, grace, alan, edsger } = t.id;
  const winners = () => t.game.value("roundWinners") as unknown as { player: string; reason: string }[];
  await enter(t, [grace, alan]);
  await rfj(t, ada, "Proposal 301 both passed and failed.", [], false);
  await t.game.act(caseOf(t.game, 5301).judge!, "rule", { case: 5301, verdict: "TRUE" });
  assert.deepEqual(winners(), [], "an RFJ that claims no paradox wins nothing");

  await rfj(t, edsger, "There is a paradox: Rule 203 both changed and did not.", [], true);
  const judge = caseOf(t.game, 5302).judge!;
  await t.game.act(judge, "rule", { case: 5302, verdict: "FALSE" });
  assert.deepEqual(winners(), []);
  await t.game.act(grace, "appeal", { case: 5302, verdict: "TRUE", reasoning: "Both readings hold." });
  await turnEdge(t, "begin");
  for (const p of [ada, grace, alan]) await t.game.act(p, "vote-appeal", { case: 5302, vote: "for" });
  await turnEdge(t, "end");
  assert.equal(winners().length, 1);
  assert.equal(winners()[0]!.player, edsger, "the petitioner wins, not the appellant");
  assert.match(winners()[0]!.reason, /case 5302, a paradox, was ruled TRUE/);
  assert.equal(round(t).inConvention, true, "the round has ended: a convention begins");
  assert.ok(!inEffect(t, 210) && !inEffect(t, 214), "in convention the court is not in effect");
  await refused(t, ada, "request-judgment", { statement: "Too late." }, /request-judgment/);
  t.game.close();
});
