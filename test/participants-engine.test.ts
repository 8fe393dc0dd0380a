/**
 * Participants who are not players, at the engine: a person takes part without playing (the
 * attend act), the rules hear them come and go, grant them actions (`participants: true`)
 * and decisions, keep them out of players-only actions in words, and an observer may later
 * join as a player. Rules written here; the game is replayed from its log at the end.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runCli } from "./cli-run.js";
import { type ActionError, Game } from "../src/kernel/game.js";
import { replay } from "../src/kernel/fold.js";
import { viewFor } from "../src/kernel/visibility.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { engine } from "./helpers.js";

const moderated = compileRuleCode(`
const moderators = gameState<PersonId[]>("moderators", { initial: [] });
const heard = gameState<Json[]>("heard", { initial: [] });
const secret = playerState<number>("secret", { initial: 7, visibility: "owner" });
const seen = gameState<Json>("seen", { initial: null });
answer("membership.attend", (q: MembershipJoinQuestion) => (q.name.startsWith("Mallory") ? "Mallory may not watch" : undefined));
on("participant.joined", (e) => {
  heard.update((h) => [...h, ["joined", e.data.id, e.data.role]]);
  if (moderators.get().length === 0) moderators.set([game.founder()!]);
});
on("participant.left", (e) => heard.update((h) => [...h, ["left", e.data.id]]));
on("player.joined", (e) => {
  heard.update((h) => [...h, ["player", e.data.player]]);
  if (moderators.get().length === 0) moderators.set([game.founder()!]);
});
action("wave", { describe: "Wave at the table", input: t.object({}) }, () => {});
action(
  "redact",
  {
    describe: "Redact a post",
    input: t.object({ why: t.string() }),
    participants: true,
    when: (c) => (moderators.get().includes(c.actor) ? undefined : "only a moderator redacts"),
  },
  (i, c) => {
    seen.set({ by: c.actor, why: i.why, participants: game.participants().map((p) => [p.id, p.role]) as Json });
    game.decide({ kind: "confirm", by: c.actor, question: "Confirm the redaction?", input: t.object({ yes: t.boolean() }) });
  },
);
on("decision:confirm", (e) => heard.update((h) => [...h, ["confirmed", e.data.by]]));
`);

async function moderatedGame() {
  const options = engine();
  const game = await Game.create(options, {
    name: "Moderated",
    preset: null,
    rules: [{ number: 1, text: "Moderators moderate.", mutable: false, code: moderated }],
  });
  return { game, options };
}

test("an observer takes part without playing: heard, kept out of players' actions and secrets, granted a participants' action and a decision, joins later, leaves", async () => {
  const { game, options } = await moderatedGame();
  // The first person to take part is the founder, though they do not play.
  const { person: mod } = await game.attend("Mona Moderator");
  assert.equal(mod.id, "mona-moderator");
  assert.equal(game.state.founder, "mona-moderator");
  assert.deepEqual(game.value("moderators"), ["mona-moderator"], "the rule read game.founder()");
  await game.join("Ada Lovelace");
  await game.join("Bob Byte");

  await assert.rejects(game.attend("Mallory Mask"), (err: ActionError) => err.code === "refused" && /Rule 1: Mallory may not watch/.test(err.message));
  await assert.rejects(game.attend("Mona Moderator", "mona-moderator"), /already take part/);

  // A players-only action, refused in words; the page says the same.
  await assert.rejects(
    game.act("mona-moderator", "wave"),
    (err: ActionError) => err.code === "not-a-player" && err.message === "only players can wave at the table; you take part without playing",
  );
  const standing = await game.standing("mona-moderator");
  assert.equal(standing.refused.wave?.reason, "only players can wave at the table; you take part without playing");
  assert.equal(standing.refused.redact, null, "the moderator may redact");
  assert.equal((await game.standing("ada-lovelace")).refused.redact?.reason, "only a moderator redacts");

  // The participants' action: the rule's list decides who among them may take it.
  await assert.rejects(game.act("bob-byte", "redact", { why: "spam" }), /Rule 1: only a moderator redacts/);
  await game.act("mona-moderator", "redact", { why: "spam" });
  assert.deepEqual(game.value("seen"), {
    by: "mona-moderator",
    why: "spam",
    participants: [
      ["ada-lovelace", "player"],
      ["bob-byte", "player"],
      ["mona-moderator", "observer"],
    ],
  });
  const decision = Object.values(game.state.decisions ?? {})[0]!;
  assert.deepEqual(decision.by, ["mona-moderator"], "a decision may name a participant who does not play");
  await game.decide("mona-moderator", decision.id, { yes: true });

  // An observer sees what a non-player sees: no player's secret.
  const view = viewFor(game.state, "mona-moderator");
  assert.deepEqual(view.state.find((s) => s.name === "secret")?.values, {});
  assert.deepEqual(
    view.observers?.map((o) => o.id),
    ["mona-moderator"],
  );
  assert.equal(view.founder, "mona-moderator");

  // A watcher comes and goes; the moderator later joins as a player, keeping their id.
  const { person: wat } = await game.attend("Walt Watcher");
  await game.leave(wat.id);
  assert.deepEqual(
    game.state.observers?.map((o) => o.id),
    ["mona-moderator"],
  );
  const joined = await game.join("Mona Moderator", "mona-moderator");
  assert.equal(joined.id, "mona-moderator");
  assert.deepEqual(game.state.observers, []);
  await game.act("mona-moderator", "wave");
  assert.deepEqual(game.value("heard"), [
    ["joined", "mona-moderator", "observer"],
    ["player", "ada-lovelace"],
    ["player", "bob-byte"],
    ["confirmed", "mona-moderator"],
    ["joined", "walt-watcher", "observer"],
    ["left", "walt-watcher"],
    ["player", "mona-moderator"],
  ]);
  await assert.rejects(game.act("walt-watcher", "redact", { why: "x" }), (err: ActionError) => err.code === "not-a-player");

  // The log alone rebuilds who takes part.
  const rebuilt = replay(game.info.name, null, await options.store.readActs(game.id, 0));
  assert.deepEqual(rebuilt.observers, game.state.observers);
  assert.equal(rebuilt.founder, "mona-moderator");
  // And a fresh sandbox booted from the state agrees.
  const loaded = await Game.load(options, game.id);
  await loaded.act("mona-moderator", "redact", { why: "again" });
  assert.deepEqual((loaded.value("seen") as { participants: unknown }).participants, [
    ["ada-lovelace", "player"],
    ["bob-byte", "player"],
    ["mona-moderator", "player"],
  ]);
  loaded.close();
  game.close();
});

test("nomos join --observe: someone takes part in a game file's game without playing, and the log says so", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-observe-"));
  try {
    const db = join(dir, "game.db");
    const nomos = (...args: string[]) => runCli(["--db", db, ...args], false);
    assert.equal((await nomos("new", "Friday game", "--preset", "suber", "--player", "Grace Hopper", "--player", "Ada Lovelace")).code, 0);
    const observed = await nomos("join", "Mona Moderator", "--observe");
    assert.equal(observed.code, 0, observed.stderr);
    assert.equal(observed.stdout.trim(), "Mona Moderator takes part without playing, as mona-moderator.");
    assert.match((await nomos("log")).stdout, /Mona Moderator takes part without playing/);
    const left = await nomos("leave", "--as", "mona-moderator");
    assert.equal(left.code, 0, left.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
