/** The officers' reports, derived from the log: checked against the records at every step of a real game. */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Game } from "../src/kernel/game.js";
import type { Act, GameState, Json } from "../src/kernel/types.js";
import {
  asOf,
  courtReport,
  proposalReport,
  renderCourtReportMarkdown,
  renderCourtReportText,
  renderProposalReportMarkdown,
  renderProposalReportText,
  renderScoreboardMarkdown,
  renderScoreboardText,
  scoreboard,
} from "../src/records/reports/index.js";
import { rulesetDocument } from "../src/records/publish/index.js";
import { engine, mover, playTurn, suberGame, turn, type Proposal } from "./helpers.js";

const names = ["Grace Hopper", "Ada Lovelace", "Alan Turing"];

/** Every player's secret goes up at the start of their turn, by a different step each turn; only they may see it. */
const secretCode = `
const secret = playerState("secret", { initial: 7, visibility: "owner", describe: "A number only its holder sees" });
on("turn.began", (event) => {
  const player: string = event.data.player;
  const number: number = event.data.number;
  secret.set(player, secret.get(player) + number * 1000 + 1);
});
`;

interface Played {
  game: Game;
  acts: Act[];
}

/**
 * Three players, several turns: proposals adopted and defeated under unanimity, then (after
 * Rule 203 changes itself) under majority; a case about Rule 202 invoked, ruled, waited on
 * and consented to; a host's correction; and a rule with an owner-only player state.
 */
async function play(): Promise<Played> {
  const options = engine();
  const game = await suberGame(names, options);
  assert.equal((await playTurn(game, { kind: "enact", text: "First." })).status, "adopted"); // 301, Grace
  assert.equal((await playTurn(game, { kind: "enact", text: "Second." }, ["alan-turing"])).status, "defeated"); // 302, Ada
  assert.equal((await playTurn(game, { kind: "enact", text: "Third." })).status, "adopted"); // 303, Alan
  assert.equal((await playTurn(game, { kind: "repeal", rule: 301 })).status, "adopted"); // 304
  assert.equal((await playTurn(game, { kind: "enact", text: "Fifth." }, ["grace-hopper"])).status, "defeated"); // 305
  assert.equal((await playTurn(game, { kind: "enact", text: "Sixth." })).status, "adopted"); // 306
  assert.equal(turn(game).circuits, 2);
  assert.match(game.state.rules["203"]!.text, /simple majority/);
  const byMajority = await playTurn(game, { kind: "enact", text: "Seventh.", code: secretCode }, ["alan-turing"]); // 307, Grace
  assert.equal(byMajority.status, "adopted");
  assert.equal((await playTurn(game, { kind: "enact", text: "Eighth." }, ["grace-hopper", "alan-turing"])).status, "defeated"); // 308, Ada
  // Judgment during Alan's turn: Ada judges; the turn ends but the next waits for consent.
  assert.equal(mover(game), "alan-turing");
  await game.act("grace-hopper", "invoke-judgment", { question: "Does Rule 202 score a defeated proposal?", rules: [202] });
  await game.act("ada-lovelace", "judge", { case: 1, verdict: "legal", reasoning: "Rule 202 scores every proposal." });
  await playTurn(game, { kind: "enact", text: "Ninth." }); // 309, Alan
  assert.match(turn(game).waiting ?? "", /consent/);
  await game.act("ada-lovelace", "consent", { case: 1 });
  await game.act("alan-turing", "consent", { case: 1 });
  await game.correct(
    { host: true },
    { cites: { rule: 202 }, reason: "points awarded by a text-only rule", changes: [{ name: "points", player: "ada-lovelace", value: 42 }] },
  );
  await playTurn(game, { kind: "enact", text: "Tenth." }); // 310, Grace
  await playTurn(game, { kind: "enact", text: "Eleventh." }, ["grace-hopper"]); // 311, Ada
  return { game, acts: await options.store.readActs(game.id) };
}

const played = play();

function proposalsRecord(state: GameState): Record<string, Proposal & { decidedBy: number | null }> {
  return (state.values.game.proposals ?? {}) as unknown as Record<string, Proposal & { decidedBy: number | null }>;
}

function playerValue(state: GameState, name: string, player: string): Json {
  return state.values.player[name]?.[player] ?? state.decls[name]!.initial;
}

test("at every step, the scoreboard and the proposal report agree with the records", async () => {
  const { game, acts } = await played;
  assert.equal(acts.length, game.state.seq);
  for (let seq = 1; seq <= acts.length; seq++) {
    const { acts: upTo, state } = asOf(acts, seq);
    for (const viewer of [null, "ada-lovelace"]) {
      const board = scoreboard(upTo, state, viewer);
      for (const s of board.states) {
        for (const v of s.values) assert.deepEqual(v.value, playerValue(state, s.name, v.player), `seq ${seq}: ${v.player}'s ${s.name}`);
        for (const player of [...state.players, ...state.departed]) {
          const traced = board.changes.filter((c) => c.state === s.name && c.player === player.id);
          const shown = [...s.values, ...s.departed].find((v) => v.player === player.id);
          if (!shown) {
            assert.equal(traced.length, 0, `seq ${seq}: no trace of ${player.id}'s ${s.name} for ${viewer}`);
            continue;
          }
          // The changes chain from the declared initial value to the current one.
          let value = s.initial as Json;
          for (const c of traced) {
            assert.deepEqual(c.from, value, `seq ${seq}: ${player.id}'s ${s.name} changes chain`);
            if (typeof c.from === "number" && typeof c.to === "number") assert.equal(c.difference, c.to - c.from);
            value = c.to;
          }
          assert.deepEqual(value, shown.value, `seq ${seq}: ${player.id}'s ${s.name} traced to its value`);
          if (typeof s.initial === "number") {
            const sum = traced.reduce((n, c) => n + (c.difference ?? 0), s.initial);
            assert.equal(sum, shown.value, `seq ${seq}: ${player.id}'s ${s.name} sums up`);
          }
        }
      }
      const report = proposalReport(upTo, state, viewer);
      const record = proposalsRecord(state);
      assert.deepEqual(
        report.proposals.map((p) => p.number).sort((a, b) => a - b),
        Object.values(record)
          .map((p) => p.number)
          .sort((a, b) => a - b),
        `seq ${seq}: same proposals`,
      );
      for (const p of report.proposals) {
        const r = record[String(p.number)]!;
        assert.equal(p.status, r.status, `seq ${seq}: status of ${p.number}`);
        assert.equal(p.proposer, r.proposer);
        assert.deepEqual(Object.fromEntries(p.votes.map((v) => [v.player, v.vote])), r.votes, `seq ${seq}: votes on ${p.number}`);
        for (const v of p.votes) {
          const act = acts[v.cast!.seq - 1]!;
          assert.ok(
            act.input.kind === "action" && act.input.actor === v.player && act.input.name === "vote",
            `seq ${seq}: ${v.player}'s vote on ${p.number} was cast at act ${v.cast!.seq}`,
          );
        }
        const opened = acts[p.opened!.seq - 1]!;
        assert.ok(opened.input.kind === "action" && opened.input.name === "propose" && opened.input.actor === p.proposer);
        assert.equal(p.closed === null, p.status === "voting");
      }
      const open = report.proposals.filter((p) => p.open);
      assert.deepEqual(report.proposals.slice(0, open.length), open, "open proposals come first");
    }
  }
});

test("the proposal report gives each outcome, why, and the rule that decided it", async () => {
  const { game, acts } = await played;
  const report = proposalReport(acts, game.state, null);
  const p = (n: number) => report.proposals.find((x) => x.number === n)!;
  assert.equal(p(301).status, "adopted");
  assert.equal(p(302).status, "defeated");
  assert.equal(p(302).decidedBy, 203);
  assert.match(p(302).reason!, /unanimous/);
  assert.equal(p(307).decidedBy, 203);
  assert.equal(p(307).reason, "a simple majority (2 of 3) voted for");
  assert.equal(p(308).status, "defeated");
  assert.match(p(308).reason!, /simple majority/);
  assert.deepEqual(
    p(307).changes.map((c) => [c.summary, c.text, c.hasCode]),
    [["Enact a new rule, with code", "Seventh.", true]],
  );
  assert.equal(p(304).changes[0]!.summary, "Repeal Rule 301");
  assert.equal(p(307).author, "Grace Hopper");
  const text = renderProposalReportText(report);
  assert.ok(text.includes("Proposal 307 by Grace Hopper: adopted"));
  assert.ok(text.includes("Outcome: adopted: a simple majority (2 of 3) voted for (majority; decided by Rule 203)"));
  assert.ok(text.includes("Alan Turing: against"));
  const markdown = renderProposalReportMarkdown(report);
  assert.ok(markdown.includes("## Proposal 308: defeated"));
  assert.ok(markdown.includes("decided by Rule 203"));

  // A proposal still being voted on is listed first, as voting.
  const seq = acts.findIndex((a) => a.input.kind === "action" && a.input.name === "propose" && JSON.stringify(a.input.input).includes("Eleventh")) + 1;
  const midway = asOf(acts, seq);
  const open = proposalReport(midway.acts, midway.state, null);
  assert.equal(open.proposals[0]!.number, 311);
  assert.equal(open.proposals[0]!.status, "voting");
  assert.deepEqual(open.proposals[0]!.votes, []);
  assert.ok(renderProposalReportText(open).includes("Proposal 311 by Ada Lovelace: VOTING"));
});

test("a correction shows in the scoreboard's trace, citing its rule and reason", async () => {
  const { game, acts } = await played;
  const board = scoreboard(acts, game.state, null);
  const correction = board.changes.find((c) => c.cause.startsWith("The host records a correction"))!;
  assert.ok(correction, "the correction is traced");
  assert.equal(correction.player, "ada-lovelace");
  assert.equal(correction.to, 42);
  assert.equal(correction.rule, 202);
  assert.equal(correction.cause, "The host records a correction (Rule 202): points awarded by a text-only rule");
  const scored = board.changes.find((c) => c.rule === 202 && c.cause.includes(": vote "))!;
  assert.match(scored.messages.join(" "), /scores \d+ for proposal \d+, and has -?\d+ points\./);
  const text = renderScoreboardText(board);
  assert.ok(text.includes("Ada Lovelace's points"));
  assert.ok(text.includes("The host records a correction (Rule 202): points awarded by a text-only rule"));
  assert.ok(renderScoreboardMarkdown(board).includes("points awarded by a text-only rule"));
});

test("the court report shows the case, its Judge and verdict, the wait, and the annotation on the rule", async () => {
  const { game, acts } = await played;
  // While the next turn waits for consent.
  const waitSeq = acts.findIndex((a) => a.input.kind === "action" && a.input.name === "consent");
  const waiting = asOf(acts, waitSeq);
  const before = courtReport(waiting.acts, waiting.state, null);
  assert.equal(before.cases[0]!.status, "ruled");
  assert.match(before.waiting ?? "", /Judgment on case 1 awaits the consent/);
  assert.match(renderCourtReportText(before), /Play is waiting: Judgment on case 1/);

  const report = courtReport(acts, game.state, null);
  const c = report.cases[0]!;
  assert.equal(c.number, 1);
  assert.equal(c.question, "Does Rule 202 score a defeated proposal?");
  assert.deepEqual(c.caller, { id: "grace-hopper", name: "Grace Hopper" });
  assert.deepEqual(c.judge, { id: "ada-lovelace", name: "Ada Lovelace" });
  assert.equal(c.status, "settled");
  assert.equal(c.verdict, "legal");
  assert.equal(c.reasoning, "Rule 202 scores every proposal.");
  assert.deepEqual(c.rules, [202]);
  const called = acts[c.called!.seq - 1]!;
  const ruled = acts[c.ruled!.seq - 1]!;
  assert.ok(called.input.kind === "action" && called.input.name === "invoke-judgment");
  assert.ok(ruled.input.kind === "action" && ruled.input.name === "judge");
  assert.equal(report.waiting, null);
  const text = renderCourtReportText(report);
  for (const words of [
    "Case 1: Does Rule 202 score a defeated proposal?",
    "Judge: Ada Lovelace",
    "Verdict: legal",
    "About: Rule 202",
    "Rule 202 scores every proposal.",
  ]) {
    assert.ok(text.includes(words), `"${words}" in the court report`);
  }
  assert.ok(renderCourtReportMarkdown(report).includes("## Case 1"));
  // The settled ruling is annotated on the rule it is about, in the full ruleset.
  const doc = rulesetDocument(game.state, { full: true, name: (id) => id });
  const rule202 = doc.groups.flatMap((g) => g.rules).find((r) => r.number === 202)!;
  assert.equal(rule202.annotations!.length, 1);
  assert.match(rule202.annotations![0]!.line, /^\[case 1\] Case 1 \(Judge Ada Lovelace\): Does Rule 202 score a defeated proposal\? Ruled legal/);
});

test("the court report labels the game's timers as deadlines", async () => {
  const { game, acts } = await played;
  const state = structuredClone(game.state) as GameState;
  state.timers.t1 = { id: "t1", rule: 212, name: "ruling due", at: Date.UTC(2026, 0, 6, 12), data: null };
  const report = courtReport(acts, state, null);
  assert.deepEqual(report.deadlines, [{ id: "t1", name: "ruling due", rule: 212, at: Date.UTC(2026, 0, 6, 12) }]);
  assert.ok(renderCourtReportText(report).includes("Deadline ruling due (Rule 212): 6 Jan 2026 12:00 UTC"));
});

test("an owner-only state shows in the scoreboard only to its owner", async () => {
  const { game, acts } = await played;
  const secrets = game.state.values.player.secret!;
  assert.equal(new Set(Object.values(secrets)).size, 3, "every player's secret has been set, each to a different value");
  for (const viewer of ["grace-hopper", "ada-lovelace", "alan-turing", null]) {
    const board = scoreboard(acts, game.state, viewer);
    const secret = board.states.find((s) => s.name === "secret")!;
    assert.deepEqual(
      secret.values.map((v) => v.player),
      viewer ? [viewer] : [],
    );
    const traced = board.changes.filter((c) => c.state === "secret");
    assert.ok(
      traced.every((c) => c.player === viewer),
      `${viewer} sees no trace of another's secret`,
    );
    if (viewer) assert.ok(traced.length > 0, `${viewer} sees the trace of their own`);
    const json = JSON.stringify(board);
    const text = renderScoreboardText(board);
    const markdown = renderScoreboardMarkdown(board);
    for (const [owner, value] of Object.entries(secrets)) {
      if (owner === viewer) continue;
      // Each secret is distinct and large (turn 8: 7 → 8008; turn 9: 7 → 9008 ...): it cannot appear by chance.
      for (const form of [json, text, markdown]) assert.ok(!form.includes(String(value)), `${owner}'s secret ${String(value)} is not shown to ${viewer}`);
    }
    if (viewer)
      assert.match(text, new RegExp(`'s secret 7 → ${String(traced[0]!.to)} \\(\\+${Number(traced[0]!.to) - 7}\\)`), "the owner sees their own trace");
    else assert.equal(secret.initial, undefined, "a spectator sees nothing of it");
  }
});
