/**
 * Officers' decisions: a rule opens a typed decision for an office holder; the holder makes
 * it as an act of its own, checked against the decision's form; only the opening rule hears
 * it; play waits on it where the rule says so; a replay of the log comes out the same.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { bootSnapshot } from "../src/kernel/boot.js";
import { MemoryStore } from "../src/store/memory-store.js";
import { exportGame, verifyArchive } from "../src/records/archive/index.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { formatAct } from "../src/present/format-log.js";
import { checkGuestResult } from "../src/kernel/check-effects.js";
import type { GuestRequest } from "../src/kernel/guest-protocol.js";
import type { Input } from "../src/kernel/types.js";
import { courtOnServer, courtRules } from "./decision-helpers.js";
import { startServer } from "./server-helpers.js";
import { engine, testLimits } from "./helpers.js";

async function courtGame(store = new MemoryStore()) {
  const options = { ...engine(), store };
  const game = await Game.create(options, {
    name: "Court",
    preset: null,
    rules: courtRules(),
    seed: "decisions",
  });
  await game.join("Ada Lovelace");
  await game.join("Grace Hopper");
  return { game, options };
}

test("a rule opens a typed decision for an officer; the officer's decision reaches that rule alone; the log says it in words", async () => {
  const { game, options } = await courtGame();
  await game.act("grace-hopper", "call", { rule: 301 });
  const [open] = Object.values(game.state.decisions ?? {});
  assert.ok(open);
  assert.equal(open.question, "Is Rule 301 void?");
  assert.deepEqual(open.by, ["ada-lovelace"]);
  assert.equal(open.rule, 210);
  assert.equal(open.kind, "ruling");

  // Play waits on it.
  const standing = await game.standing("grace-hopper");
  assert.deepEqual(standing.awaits, [{ player: "ada-lovelace", does: "decide: Is Rule 301 void?", action: null, rule: 210 }]);

  const outcome = await game.decide("ada-lovelace", open.id, { void: true, reason: "It contradicts Rule 210" });
  assert.equal(outcome.failed, null);
  assert.deepEqual(game.value("rulings"), { "301": { void: true, reason: "It contradicts Rule 210", by: "ada-lovelace" } });
  assert.equal(game.value("heard"), 0, "only the opening rule hears the decision");
  assert.deepEqual(game.state.decisions, {}, "the decision is closed once made");
  assert.deepEqual((await game.standing("grace-hopper")).awaits, []);
  assert.deepEqual(((await game.guestDump()) as { decisions: unknown }).decisions, bootSnapshot(game.state).decisions);

  const line = formatAct(outcome.act, outcome.act.effects, (id) => game.state.players.find((p) => p.id === id)?.name ?? id);
  assert.match(line, /Ada Lovelace decided \(Rule 210\) Is Rule 301 void\?: /);
  assert.match(line, /Ruled by ada-lovelace: It contradicts Rule 210/);

  // The log replays to the same acts, the decision included.
  const report = await verifyArchive(await exportGame(options.store, game.id), () => createQuickJsSandbox(testLimits));
  assert.equal(report.identical, true, JSON.stringify(report.differences));
  const again = await Game.load(options, game.id);
  assert.deepEqual(again.state, game.state);
  again.close();
  game.close();
});

test("a non-holder is refused, bad input is refused in words, an unknown decision is named; nothing changes", async () => {
  const { game } = await courtGame();
  await game.act("grace-hopper", "call", { rule: 301 });
  const [open] = Object.values(game.state.decisions ?? {});
  const seq = game.state.seq;
  await assert.rejects(game.decide("grace-hopper", open!.id, { void: false, reason: "no" }), {
    code: "refused",
    message: /Rule 210: this decision is not yours to make; it is for Ada Lovelace/,
  });
  await assert.rejects(game.decide("ada-lovelace", open!.id, { void: "maybe" }), {
    code: "invalid-input",
    message: /input is missing "reason"; input\.void must be true or false \(Rule 210 sets this decision's form\)/,
  });
  await assert.rejects(game.decide("ada-lovelace", "99.1", { void: true, reason: "x" }), {
    code: "unknown-action",
    message: /there is no open decision "99\.1"; the decisions open now are: .* \(Is Rule 301 void\?\)/,
  });
  await assert.rejects(game.decide("nobody", open!.id, {}), { code: "not-a-player" });
  assert.equal(game.state.seq, seq);
  assert.equal(Object.keys(game.state.decisions ?? {}).length, 1);
  game.close();
});

test("a decision whose rule is repealed is closed, and a rule may withdraw one", async () => {
  const opener = compileRuleCode(`
action("ask", { describe: "Asks", input: t.object({}) }, (_i, ctx) => {
  game.decide({ kind: "k", by: [ctx.actor], question: "Which?", input: t.object({ pick: t.enum(["a", "b"]) }) });
});
action("withdraw", { describe: "Withdraws all", input: t.object({}) }, () => {
  for (const d of game.decisions()) game.closeDecision(d.id);
});
answer("rule-change.allowed", () => true);
action("ask-broken", { describe: "Asks a rule that fails", input: t.object({}) }, (_i, ctx) => {
  game.decide({ kind: "broken", by: ctx.actor, question: "Break?", input: t.object({}) });
});
on("decision:broken", () => {
  throw new Error("the ruling could not be kept");
});
action("drop", { describe: "Repeals rule 5", input: t.object({}), changesRules: true }, () => {
  game.rules.apply({ kind: "repeal", number: 5 }, "dropped");
});
`);
  const five = compileRuleCode(`
action("ask5", { describe: "Asks", input: t.object({}) }, (_i, ctx) => {
  game.decide({ kind: "k", by: ctx.actor, question: "Five?", input: t.object({}) });
});
`);
  const game = await Game.create(engine(), {
    name: "Withdraw",
    preset: null,
    rules: [
      { number: 1, text: "Asking.", mutable: true, code: opener },
      { number: 5, text: "Five.", mutable: true, code: five },
    ],
  });
  await game.join("Ada Lovelace");
  await game.act("ada-lovelace", "ask");
  await game.act("ada-lovelace", "ask5");
  assert.deepEqual(
    Object.values(game.state.decisions ?? {})
      .map((d) => d.question)
      .sort(),
    ["Five?", "Which?"],
  );
  assert.deepEqual((await game.standing("ada-lovelace")).awaits, [], "play does not wait on a decision unless the rule says so");
  assert.equal((await game.act("ada-lovelace", "drop")).failed, null);
  assert.deepEqual(
    Object.values(game.state.decisions ?? {}).map((d) => d.question),
    ["Which?"],
  );
  await game.act("ada-lovelace", "withdraw");
  assert.deepEqual(game.state.decisions, {});
  // A rule whose handling of the decision fails: the decision is made (and closed), the failure is said.
  await game.act("ada-lovelace", "ask-broken");
  const broken = Object.values(game.state.decisions ?? {})[0]!;
  const outcome = await game.decide("ada-lovelace", broken.id, {});
  assert.deepEqual(outcome.failed, { rule: 1, error: "Error: the ruling could not be kept" });
  assert.deepEqual(game.state.decisions, {});
  game.close();
});

test("the host trusts no sandbox with decisions: none opened under an old id, for a stranger, closed unopened, or a decision made and left open", async () => {
  const { game } = await courtGame();
  await game.act("grace-hopper", "call", { rule: 301 });
  const open = Object.values(game.state.decisions ?? {})[0]!;
  const state = game.state;
  const seq = state.seq + 1;
  const time = state.time + 1;
  const request = (input: Input): GuestRequest => ({ seq, time, seed: "s", input, disabled: {} });
  const action = request({ kind: "action", actor: "grace-hopper", name: "call", input: { rule: 301 } });
  const fresh = { ...open, id: `${seq}.1`, openedAt: time };
  const check = (req: GuestRequest, effects: unknown[]) => checkGuestResult(req, state, { ok: true, effects });
  assert.equal(check(action, [{ e: "decision.opened", decision: fresh }]), null);
  assert.match(check(action, [{ e: "decision.opened", decision: { ...fresh, id: open.id } }])!, /opens a decision "4\.1" that is not new in this act/);
  assert.match(check(action, [{ e: "decision.opened", decision: { ...fresh, by: ["mallory"] } }])!, /for someone who is not a player/);
  assert.match(check(action, [{ e: "decision.closed", id: "9.9" }])!, /closes the decision 9\.9, which is not open/);
  const made = request({ kind: "decision", id: open.id, by: "ada-lovelace", input: { void: true, reason: "r" }, rule: 210, question: open.question });
  assert.match(check(made, [])!, /the decision made is not closed/);
  assert.equal(check(made, [{ e: "decision.closed", id: open.id }]), null);
  game.close();
});

test("through the HTTP API: the page lists the open decisions; refusals come with their status and words", async () => {
  const server = await startServer();
  try {
    const { id, ada, grace } = await courtOnServer(server);

    const page = (await grace.get(`/api/games/${id}`)).body;
    assert.equal(page.decisions.length, 1);
    const decision = page.decisions[0];
    assert.deepEqual(
      { ...decision, input: undefined, openedAt: undefined },
      { id: decision.id, kind: "ruling", by: ["ada-lovelace"], question: "Is Rule 301 void?", rule: 210, awaits: true, input: undefined, openedAt: undefined },
    );
    assert.equal(decision.data, undefined, "the page lists what the holder needs: the question and its form");
    assert.ok(page.awaits.some((a: { does: string }) => a.does === "decide: Is Rule 301 void?"));

    const path = `/api/games/${id}/decisions/${decision.id}`;
    const notHers = await grace.post(path, { input: { void: false, reason: "no" } });
    assert.equal(notHers.status, 422);
    assert.match(notHers.body.error.message, /not yours to make; it is for Ada Lovelace/);
    const bad = await ada.post(path, { input: { void: 1 } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.message, /input\.void must be true or false/);
    const missing = await ada.post(`/api/games/${id}/decisions/nope`, { input: {} });
    assert.equal(missing.status, 404);
    const done = await ada.post(path, { input: { void: true, reason: "It contradicts Rule 210" } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.entry.input.kind, "decision");
    assert.equal(done.body.failed, null);
    assert.deepEqual((await ada.get(`/api/games/${id}`)).body.decisions, []);
  } finally {
    await server.close();
  }
});
