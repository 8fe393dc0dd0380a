/**
 * Issue 14 review: bugs found in the engine changes, each pinned by a test through the
 * public interface.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { engineOptions } from "../src/engine.js";
import { exportGame, verifyArchive } from "../src/records/archive/index.js";
import { Game } from "../src/kernel/game.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { buildServer } from "../src/server/app.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import type { RuleCode } from "../src/kernel/types.js";
import { testLimits } from "./helpers.js";

const hour = 3_600_000;
const start = Date.UTC(2026, 2, 2, 12);

/** Rule 1 (immutable): a session that suspends rule 101, and a gong of its own. */
const sessions = compileRuleCode(`
  const session = gameState("session", { initial: "round" });
  const gongs = gameState("gongs", { initial: 0 });
  action("toggle", { describe: "Toggle", input: t.object({}) }, () => session.set(session.get() === "round" ? "convention" : "round"));
  action("gong", { describe: "Gong", input: t.object({ at: t.integer() }) }, (input) => { game.schedule("gong", { at: input.at }); });
  on("timer:gong", () => gongs.set(gongs.get() + 1));
  answer("rule.in-effect", ({ rule }) => (session.get() === "convention" && rule >= 100 ? "between rounds" : undefined));
`);
/** Rule 101: a bell, held while the rule is suspended. */
const bell = compileRuleCode(`
  action("bell", { describe: "Bell", input: t.object({ at: t.integer() }) }, (input) => { game.schedule("bell", { at: input.at }); });
  on("timer:bell", () => {});
`);

test("a suspended rule's overdue timer does not keep the server from firing another rule's timer when it comes due", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-review-"));
  const file = join(dir, "games.db");
  try {
    await (await buildServer({ db: file, clock: () => start })).close();
    const store = SqliteStore.open(file);
    const engine = engineOptions({ store, sandbox: () => createQuickJsSandbox(testLimits), clock: () => start });
    const game = await Game.create(engine, {
      name: "Held",
      preset: null,
      rules: [
        { number: 1, text: "Sessions.", mutable: false, code: sessions },
        { number: 101, text: "Bell.", mutable: true, code: bell },
      ],
    });
    await game.join("Ada Lovelace");
    await game.act("ada-lovelace", "bell", { at: start + hour });
    await game.act("ada-lovelace", "toggle", {});
    await game.act("ada-lovelace", "gong", { at: start + 2 * hour });
    const id = game.id;
    const seq = game.state.seq;
    game.close();
    store.close();

    // The server starts with the bell overdue (held: its rule is suspended) and the gong a moment away; the game's clock runs.
    const offset = start + 2 * hour - 300 - Date.now();
    const server = await buildServer({ db: file, clock: () => Date.now() + offset });
    const reader = SqliteStore.open(file);
    try {
      let acts = reader.readActs(id, seq);
      for (let waited = 0; acts.length === 0 && waited < 10_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        acts = reader.readActs(id, seq);
      }
      assert.deepEqual(
        acts.map((a) => a.input.kind),
        ["timer"],
        "the gong fired on its own, with nobody opening the game",
      );
      assert.equal(acts[0]?.time, start + 2 * hour);
    } finally {
      reader.close();
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Rule 1: a question for Ada, withdrawn by a deadline an hour on; and a deadline anyone may set. */
const deadline = compileRuleCode(`
  const answered = gameState("answered", { initial: 0 });
  action("ask", { describe: "Ask", input: t.object({}) }, () => {
    const id = game.decide({ kind: "yes", by: game.players()[0]!.id, question: "Yes?", input: t.object({}) });
    game.schedule("close", { after: 3600000 }, id);
  });
  action("alarm", { describe: "Alarm", input: t.object({}) }, () => { game.schedule("alarm", { after: 3600000 }); });
  on("timer:close", (e) => game.closeDecision(e.data as string));
  on("timer:alarm", () => {});
  on("decision:yes", () => answered.set(answered.get() + 1));
`);

async function deadlineGame() {
  const store = SqliteStore.open(":memory:");
  const clock = { now: start };
  const engine = engineOptions({ store, sandbox: () => createQuickJsSandbox(testLimits), clock: () => clock.now });
  const game = await Game.create(engine, { name: "Deadline", preset: null, rules: [{ number: 1, text: "Deadline.", mutable: true, code: deadline }] });
  await game.join("Ada Lovelace");
  await game.join("Grace Hopper");
  return { game, store, clock };
}

test("a decision made after its deadline passed finds the deadline fired first: it is no longer open", async () => {
  const { game, store, clock } = await deadlineGame();
  try {
    await game.act("grace-hopper", "ask", {});
    const [id] = Object.keys(game.state.decisions ?? {});
    clock.now = start + 2 * hour; // the deadline passed with nobody firing it
    await assert.rejects(game.decide("ada-lovelace", id!, {}), /there is no open decision/);
    assert.equal(game.value("answered"), 0);
    assert.deepEqual(
      store.readActs(game.id, game.state.seq - 1).map((a) => a.input.kind),
      ["timer"],
    );
  } finally {
    game.close();
    store.close();
  }
});

test("a player who leaves after a deadline passed leaves after it fired", async () => {
  const { game, store, clock } = await deadlineGame();
  try {
    await game.act("grace-hopper", "alarm", {});
    const seq = game.state.seq;
    clock.now = start + 2 * hour;
    await game.leave("grace-hopper");
    assert.deepEqual(
      store.readActs(game.id, seq).map((a) => [a.input.kind, a.time]),
      [
        ["timer", start + hour],
        ["leave", start + 2 * hour],
      ],
    );
  } finally {
    game.close();
    store.close();
  }
});

/** Rule 101: a question for the first player that play waits on; the answers heard are counted. */
const asking = compileRuleCode(`
  const heard = gameState("heard", { initial: 0 });
  action("ask", { describe: "Ask", input: t.object({}) }, () => {
    game.decide({ kind: "yes", by: game.players()[0]!.id, question: "Yes?", input: t.object({}), awaits: true });
  });
  on("decision:yes", () => heard.set(heard.get() + 1));
`);

/** Ada's game of an immutable rule (numbered `first`) and Rule 101, mutable, at the clock `start`. */
async function twoRules(first: { number: number; code: RuleCode }, second: RuleCode, practice = false) {
  const store = SqliteStore.open(":memory:");
  const engine = engineOptions({ store, sandbox: () => createQuickJsSandbox(testLimits), clock: () => start });
  const game = await Game.create(engine, {
    name: "Review",
    preset: null,
    ...(practice ? { practice: true } : {}),
    rules: [
      { number: first.number, text: "Immutable.", mutable: false, code: first.code },
      { number: 101, text: "Mutable.", mutable: true, code: second },
    ],
  });
  await game.join("Ada Lovelace");
  return { game, store };
}

test("a decision of a rule not in effect waits with it: play does not wait on it, and it cannot be made until the rule is back", async () => {
  const { game, store } = await twoRules({ number: 1, code: sessions }, asking);
  try {
    await game.act("ada-lovelace", "ask", {});
    const [id] = Object.keys(game.state.decisions ?? {});
    assert.equal((await game.standing("ada-lovelace")).awaits.length, 1);
    await game.act("ada-lovelace", "toggle", {});
    assert.deepEqual((await game.standing("ada-lovelace")).awaits, [], "play does not wait on a rule not in effect");
    await assert.rejects(game.decide("ada-lovelace", id!, {}), /Rule 101 is not in effect now \(between rounds\)/);
    assert.ok(game.state.decisions?.[id!], "the decision stays open");
    await game.act("ada-lovelace", "toggle", {});
    await game.decide("ada-lovelace", id!, {});
    assert.equal(game.value("heard"), 1, "the rule back in effect hears the decision");
  } finally {
    game.close();
    store.close();
  }
});

test("a practice game's clock moved to the next deadline goes past a suspended rule's held timer to one that will fire", async () => {
  const { game, store } = await twoRules({ number: 1, code: sessions }, bell, true);
  try {
    await game.act("ada-lovelace", "bell", { at: start + hour });
    await game.act("ada-lovelace", "toggle", {});
    await game.act("ada-lovelace", "gong", { at: start + 2 * hour });
    const { act } = await game.moveClock("ada-lovelace", { toNextDeadline: true });
    assert.equal(act.input.kind === "clock" ? act.input.deadline?.name : null, "gong");
    assert.equal(act.input.kind === "clock" ? act.input.forwardMs : null, 2 * hour);
    await game.fireDueTimers();
    assert.equal(game.value("gongs"), 1);
    // With the bell's time passed too, the next deadline is still not the held bell.
    await game.act("ada-lovelace", "gong", { at: start + 3 * hour });
    const next = await game.moveClock("ada-lovelace", { toNextDeadline: true });
    assert.equal(next.act.input.kind === "clock" ? next.act.input.deadline?.name : null, "gong");
  } finally {
    game.close();
    store.close();
  }
});

/** Rule 2 (immutable): renumbers a rule, or replaces it with a new one, when asked. */
const renumbering = compileRuleCode(`
  answer("rule-change.allowed", () => true);
  const seen = gameState<boolean | null>("seen", { initial: null });
  action("look", { describe: "Look", input: t.object({ number: t.integer() }) }, (input) => seen.set(game.rules.get(input.number)?.inEffect ?? null));
  action("renumber", { describe: "Renumber", input: t.object({ number: t.integer(), to: t.integer() }), changesRules: true }, (input) => {
    game.rules.apply({ kind: "renumber", number: input.number, to: input.to }, "tidying");
  });
  action("replace", { describe: "Replace", input: t.object({ number: t.integer() }), changesRules: true }, (input) => {
    game.rules.applyAll([{ kind: "repeal", number: input.number }, { kind: "enact", number: input.number, text: "New.", mutable: true }], "a fresh start");
  });
`);

test("a rule ruled void by an officer stays void when it is renumbered, a new rule under its number does not, and a replay agrees", async () => {
  const { game, store } = await twoRules({ number: 2, code: renumbering }, bell);
  try {
    await game.correct({ host: true }, { cites: { ruling: "case 1" }, reason: "ruled void", changes: [{ rule: 101, inEffect: false }] });
    await game.act("ada-lovelace", "renumber", { number: 101, to: 150 });
    assert.deepEqual(game.state.suspended?.[150], { rule: null, reason: "ruled void" }, "the ruling follows the rule to its new number");
    await assert.rejects(game.act("ada-lovelace", "bell", { at: start + hour }), /no rule in effect offers the action "bell"/);
    // A rule repealed and another enacted under its number in one act: the new rule is not the one ruled void.
    await game.act("ada-lovelace", "replace", { number: 150 });
    assert.equal(game.state.suspended?.[150], undefined);
    await game.act("ada-lovelace", "look", { number: 150 });
    assert.equal(game.value("seen"), true, "the rules see it in effect too");
    const archive = await exportGame(store, game.id);
    const report = await verifyArchive(archive, () => createQuickJsSandbox());
    assert.equal(report.identical, true, JSON.stringify(report.differences));
  } finally {
    game.close();
    store.close();
  }
});
