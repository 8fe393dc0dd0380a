/**
 * What "since you last looked" tells (src/present/since.ts): the acts that matter, not every
 * vote, the last 20 of them; the proposals the acts decided; rules new or changed since.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { decidedIn, isNews, ruleNews, ruleNewsWords, sinceNews, type SinceEntry } from "../src/present/since.js";

const vote = (seq: number): SinceEntry => ({
  seq,
  input: { kind: "action", actor: "p1", name: "vote", input: { proposal: 301, vote: "for" } },
  effects: [
    { e: "event", type: "vote.cast", data: {}, rule: 105 },
    { e: "state.set", name: "proposals", key: "301", value: { number: 301, status: "voting", closedAt: null }, rule: 104 },
  ],
});
const said = (seq: number, text: string): SinceEntry => ({
  seq,
  input: { kind: "message", op: "post", person: "p1", channel: "general", message: seq },
  effects: [],
  message: { text },
});

test("news: what the rules said or changed, rulings, comings and goings, messages naming a proposal; not a vote that decided nothing", () => {
  assert.equal(isNews(vote(5)), false);
  const deciding = { ...vote(6), effects: [...vote(6).effects, { e: "message", text: "Proposal 301 is adopted.", to: null, rule: 104 }] };
  assert.equal(isNews(deciding), true);
  assert.equal(isNews({ seq: 7, input: { kind: "action", actor: "p1", name: "x" }, effects: [{ e: "rule.amended", number: 2 }] }), true);
  assert.equal(isNews({ seq: 8, input: { kind: "decision", by: "p1" }, effects: [] }), true);
  assert.equal(isNews({ seq: 9, input: { kind: "join", player: { id: "p3", name: "Alan" } }, effects: [] }), true);
  assert.equal(isNews(said(10, "I think proposal 301 breaks Rule 202")), true);
  assert.equal(isNews(said(11, "good morning")), false);
  assert.equal(isNews({ ...said(12, "about rule 5"), input: { ...said(12, "").input, op: "edit" } }), false, "an edit is not news");
});

test("the last 20 pieces of news, and how many came before", () => {
  const entries = Array.from({ length: 30 }, (_, i) => (i % 2 ? vote(i + 1) : said(i + 1, `Rule ${i}`)));
  const { shown, more } = sinceNews(entries, 10);
  assert.equal(shown.length, 10);
  assert.equal(more, 5);
  assert.deepEqual(
    shown.map((e) => e.seq),
    [11, 13, 15, 17, 19, 21, 23, 25, 27, 29],
  );
  assert.deepEqual(sinceNews([vote(1)]), { shown: [], more: 0 });
});

test("the proposals the acts decided, by the records' own words", () => {
  const records = [{ name: "proposals", rule: 104, convention: { kind: "proposal", open: { field: "status", in: ["voting"] } } }];
  const adopted: SinceEntry = {
    seq: 3,
    input: { kind: "action", actor: "p2", name: "vote" },
    effects: [{ e: "state.set", name: "proposals", key: "302", value: { number: 302, status: "adopted", closedAt: 5 }, rule: 104 }],
  };
  const pending: SinceEntry = {
    seq: 4,
    input: { kind: "timer", id: "t" },
    effects: [{ e: "state.set", name: "proposals", key: "303", value: { number: 303, status: "discussion", closedAt: null }, rule: 104 }],
  };
  assert.deepEqual([...decidedIn([vote(2), adopted, pending], records)], ["302"]);
  assert.deepEqual([...decidedIn([adopted], [])], [], "only records of proposals");
});

test("a rule is new or changed since the last look, or neither; nothing is on a first look", () => {
  const rule = {
    history: [
      { change: "enacted", seq: 0 },
      { change: "amended", seq: 9 },
    ],
  };
  assert.equal(ruleNews(rule, 5), "changed");
  assert.equal(ruleNews(rule, 9), null);
  assert.equal(ruleNews(rule, null), null);
  assert.equal(
    ruleNews(
      {
        history: [
          { change: "enacted", seq: 7 },
          { change: "amended", seq: 8 },
        ],
      },
      5,
    ),
    "new",
  );
});

test("what became of a rule since the last look, in words: a renumbered rule says where it came from", () => {
  const moved = {
    history: [
      { change: "enacted", seq: 0, cause: "the initial set" },
      { change: "amended", seq: 12, cause: "Proposal 302" },
      { change: "renumbered", seq: 12, cause: "Proposal 302", detail: { from: 208, to: 302 } },
    ],
  };
  assert.equal(ruleNewsWords(moved, 10), "Amended by Proposal 302, renumbered from Rule 208 since you last looked.");
  assert.equal(ruleNewsWords(moved, 12), null, "nothing new");
  assert.equal(ruleNewsWords(moved, null), null, "nothing on a first look");
});
