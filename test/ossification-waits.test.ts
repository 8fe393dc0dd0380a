/**
 * Ossification that waits (issue 34): a rule that passes the probe when adopted and refuses
 * proposals or votes only later (after a time, a count of proposals, a timer, a vote cast while
 * the vote is open) cannot freeze the game.
 * When its refusal would leave no way to change the rules, the refusal is set aside, the log
 * says so citing the rule, the proposal is adopted as usual, and the game replays exactly.
 */
import assert from "node:assert/strict";
import test from "node:test";
import { Game } from "../src/kernel/game.js";
import { exportGame, verifyArchive } from "../src/records/archive/index.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engineOptions } from "../src/engine.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { mover, playTurn, testLimits } from "./helpers.js";

const polite = (n: number) => ({ kind: "enact", text: `Players shall greet one another politely, ${n} times a day.` });

const armings = {
  time: `const enactedAt = () => game.rules.self().history.find((h) => h.change === "enacted")?.at ?? 0;
forbid("propose", () => (game.now() > enactedAt() ? "no more proposals, now that I am law" : undefined));
`,
  "a count of proposals": `const opened = gameState("proposals-seen", { initial: 0 });
on("proposal.opened", () => opened.set(opened.get() + 1));
forbid("propose", () => (opened.get() >= 2 ? "two proposals were enough" : undefined));
`,
  "a timer": `const frozen = gameState("frozen", { initial: false });
on("turn.began", () => { if (!frozen.get()) game.schedule("freeze", { after: 3 * 3_600_000 }); });
on("timer:freeze", () => frozen.set(true));
forbid("propose", () => (frozen.get() ? "the game froze when my timer fired" : undefined));
`,
};

async function game(clock: { now: number }) {
  const store = SqliteStore.open(":memory:");
  const options = engineOptions({ store, sandbox: () => createQuickJsSandbox(testLimits), clock: () => (clock.now += 60_000) });
  const g = await Game.create(options, { name: "Waiting", preset: "suber", rules: loadPreset("suber").rules, seed: "waiting" });
  for (const name of ["Ada", "Bob", "Cy"]) await g.join(name);
  await g.act(g.state.players[0]!.id, "start", {});
  return { store, game: g };
}

for (const [armedBy, code] of Object.entries(armings)) {
  test(`a refusal of every proposal armed by ${armedBy} is set aside when it bites, in words citing the rule, and play goes on`, async () => {
    const clock = { now: Date.UTC(2026, 0, 5, 12) };
    const { store, game: g } = await game(clock);
    try {
      const hostile = await playTurn(g, { kind: "enact", text: "A rule that refuses proposals later.", code });
      assert.equal(hostile.status, "adopted", `it passes the probe when adopted: ${hostile.reason}`);
      const rule = hostile.number;
      for (let turn = 1; turn <= 4; turn++) {
        clock.now += 4 * 3_600_000;
        await g.fireDueTimers();
        const proposer = mover(g);
        // The page offers what the act would take: the refusal that would be set aside is none there either.
        assert.equal((await g.standing(proposer)).refused.propose, null, `turn ${turn}: the mover's page offers propose`);
        const { act } = await g.act(proposer, "propose", { change: polite(turn) });
        const setAside = act.effects.find((e) => e.e === "message" && e.rule === rule && /refusal .* is set aside/.test(e.text));
        const proposal = Object.values(g.value("proposals") as Record<string, { number: number; status: string }>).find((p) => p.status === "voting");
        assert.ok(proposal, `turn ${turn}: the proposal is open`);
        for (const p of g.state.players) await g.act(p.id, "vote", { proposal: proposal.number, vote: "for" });
        const decided = (g.value("proposals") as Record<string, { status: string; reason: string | null }>)[proposal.number]!;
        assert.equal(decided.status, "adopted", `turn ${turn}: ${decided.reason}`);
        if (setAside && setAside.e === "message") {
          assert.match(setAside.text, new RegExp(`^Rule ${rule}'s refusal \\("[^"]+"\\) is set aside: it would leave no way to change the rules`));
          // The rule is still law, and still heard: only its refusal is set aside.
          assert.ok(g.state.rules[rule], "the refusing rule stays in the ruleset");
          const report = await verifyArchive(await exportGame(store, g.id), () => createQuickJsSandbox(testLimits));
          assert.equal(report.identical, true, JSON.stringify(report.differences));
          return;
        }
      }
      assert.fail("the refusal never bit: the test armed nothing");
    } finally {
      g.close();
      store.close();
    }
  });
}

test("a refusal of votes armed while a vote is open is set aside when it bites: the voters yet to vote are heard, and the proposal is adopted", async () => {
  const clock = { now: Date.UTC(2026, 0, 5, 12) };
  const { store, game: g } = await game(clock);
  try {
    // Four votes after its adoption (the probe at adoption plays three), mid-way through the second vote.
    const code = `const cast = gameState("votes-seen", { initial: 0 });
on("vote.cast", () => cast.set(cast.get() + 1));
forbid("vote", () => (cast.get() >= 4 ? "four votes were enough" : undefined));
`;
    const hostile = await playTurn(g, { kind: "enact", text: "A rule that refuses votes after four.", code });
    assert.equal(hostile.status, "adopted", `it passes the probe when adopted: ${hostile.reason}`);
    const rule = hostile.number;
    const setAside = [];
    for (let turn = 1; turn <= 2; turn++) {
      await g.act(mover(g), "propose", { change: polite(turn) });
      const proposal = Object.values(g.value("proposals") as Record<string, { number: number; status: string }>).find((p) => p.status === "voting");
      assert.ok(proposal, `turn ${turn}: the proposal is open`);
      for (const p of g.state.players) {
        const { act } = await g.act(p.id, "vote", { proposal: proposal.number, vote: "for" });
        setAside.push(...act.effects.filter((e) => e.e === "message" && e.rule === rule && /refusal .* is set aside/.test(e.text)));
      }
      const decided = (g.value("proposals") as Record<string, { status: string; reason: string | null }>)[proposal.number]!;
      assert.equal(decided.status, "adopted", `turn ${turn}: ${decided.reason}`);
    }
    assert.equal(setAside.length, 2, "the refusal was set aside for each vote it would have refused, in words citing the rule");
    const report = await verifyArchive(await exportGame(store, g.id), () => createQuickJsSandbox(testLimits));
    assert.equal(report.identical, true, JSON.stringify(report.differences));
  } finally {
    g.close();
    store.close();
  }
});

test("a refusal that leaves a way to change the rules stands: not the mover's turn", async () => {
  const clock = { now: Date.UTC(2026, 0, 5, 12) };
  const { store, game: g } = await game(clock);
  try {
    const other = g.state.players.find((p) => p.id !== mover(g))!.id;
    await assert.rejects(g.act(other, "propose", { change: polite(1) }), /turn/);
  } finally {
    g.close();
    store.close();
  }
});
