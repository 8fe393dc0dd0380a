/**
 * The host trusts nothing the sandbox returns (issue 11). A compromised sandbox is
 * played here by a wrapper around the real one that forges its results: each forgery is
 * refused with a message for the player, nothing is recorded, Object.prototype stays
 * clean, and the next honest act goes through.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkGuestResult } from "../src/kernel/check-effects.js";
import { emptyState, fold } from "../src/kernel/fold.js";
import { ActionError, Game } from "../src/kernel/game.js";
import { limits } from "../src/kernel/limits.js";
import type { Act, Effect, GameState, Json } from "../src/kernel/types.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import type { BootSnapshot, GuestQuery, GuestRequest, GuestResult } from "../src/kernel/guest-protocol.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import type { Sandbox } from "../src/kernel/sandbox.js";
import { MemoryStore } from "../src/store/memory-store.js";
import { steppingClock } from "./helpers.js";
import { engineOptions } from "../src/engine.js";

type Forgery = (result: GuestResult, request: GuestRequest) => unknown;

/** The real sandbox, with the next result replaced by a forgery when one is set. */
class ForgingSandbox implements Sandbox {
  constructor(
    private readonly inner: Sandbox,
    private readonly next: { forge: Forgery | null },
  ) {}
  boot(snapshot: BootSnapshot) {
    return this.inner.boot(snapshot);
  }
  get alive() {
    return this.inner.alive;
  }
  async handle(request: GuestRequest): Promise<GuestResult> {
    const result = await this.inner.handle(request);
    const forge = this.next.forge;
    this.next.forge = null;
    return (forge ? forge(result, request) : result) as GuestResult;
  }
  query(request: GuestQuery) {
    return this.inner.query(request);
  }
  dump() {
    return this.inner.dump();
  }
  dispose() {
    this.inner.dispose();
  }
}

const rule = compileRuleCode(`
const seen = gameState<number>("seen", { initial: 0 });
const book = recordState("book", {});
action("probe", { describe: "Counts", input: t.object({}), changesRules: true }, () => {
  seen.set(seen.get() + 1);
  book.set("k" + seen.get(), seen.get());
});`);

async function forgingGame() {
  const next: { forge: Forgery | null } = { forge: null };
  const store = new MemoryStore();
  const game = await Game.create(
    engineOptions({ store, clock: steppingClock(), sandbox: async () => new ForgingSandbox(await createQuickJsSandbox(), next) }),
    { name: "trust", preset: null, rules: [{ number: 1, text: "Probe.", mutable: true, code: rule }], seed: "s" },
  );
  await game.join("Ada Lovelace");
  return { game, store, next };
}

/** Adds effects to an honest result. */
const plus =
  (...extra: unknown[]): Forgery =>
  (result) =>
    result.ok ? { ok: true, effects: [...result.effects, ...extra] } : result;

function prototypeIsClean(): void {
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), Object.getOwnPropertyNames(Object.getPrototypeOf({})).sort());
  assert.equal(({} as Record<string, unknown>).polluted, undefined, "Object.prototype was not written");
}

const forgeries: [string, Forgery, RegExp][] = [
  ["a state.set named __proto__", plus({ e: "state.set", name: "__proto__", key: "polluted", value: 1, rule: 1 }), /state cannot be named "__proto__"/],
  [
    "a player.joined in an action",
    plus({ e: "player.joined", player: { id: "mallory", name: "Mallory" } }),
    /a player joins only by their own request to join/,
  ],
  [
    "a rule.enacted of the wrong shape",
    plus({ e: "rule.enacted", rule: { number: "7", text: "Forged." }, cause: "x" }),
    /rule\.enacted\.rule\.number must be a rule number/,
  ],
  [
    "a rule.enacted with a field no rule has",
    plus({ e: "rule.enacted", rule: { number: 7, title: null, text: "T", mutable: true, props: {}, code: null, history: [] }, cause: "x" }),
    /has a field "history"/,
  ],
  ["20 MB of effects", plus({ e: "event", type: "flood", data: "x".repeat(20_000_000), rule: 1 }), /larger than their limit/],
  ["an effect naming a missing rule", plus({ e: "rule.repealed", number: 99, cause: "x" }), /rule 99, which is not in effect/],
  ["a state.set of undeclared state", plus({ e: "state.set", name: "ghost", value: 1, rule: 1 }), /the state "ghost", which no rule declares/],
  ["a timer in the past", plus({ e: "timer.set", timer: { id: "t1", rule: 1, name: "late", at: 0, data: null } }), /in the past/],
  [
    "an action form with a regular expression",
    plus({
      e: "rule.loaded",
      number: 1,
      failed: null,
      declares: {
        actions: [{ name: "x", describe: "", input: { type: "string", pattern: "(a+)+$" }, changesRules: false, rule: 1 }],
        on: [],
        answers: [],
        forbids: [],
        state: [],
      },
    }),
    /pattern is not part of a form/,
  ],
  ["a result that is not JSON data", () => ({ ok: true, effects: [{ e: "message", text: 1n, to: null, rule: 1 }] }), /not JSON data/],
  ["a refusal of unbounded length", () => ({ ok: false, refused: "no".repeat(limits.textChars), rule: 1 }), /the refusal is longer than/],
  ["no result at all", () => null, /the result is not an object/],
];

test("a forged result from the sandbox is refused, nothing is recorded, and the game goes on", async () => {
  const { game, store, next } = await forgingGame();
  for (const [what, forge, message] of forgeries) {
    const before = {
      seq: game.state.seq,
      seen: game.value("seen") as number,
      values: structuredClone(game.state.values),
      acts: (await store.readActs(game.id, 0)).length,
    };
    next.forge = forge;
    await assert.rejects(game.act("ada-lovelace", "probe", {}), (err: unknown) => {
      assert.ok(err instanceof ActionError, what);
      assert.equal(err.code, "failed", what);
      assert.match(err.message, message, what);
      assert.match(err.message, /nothing was recorded/, what);
      return true;
    });
    prototypeIsClean();
    assert.equal(game.state.seq, before.seq, `${what}: no act`);
    assert.deepEqual(game.state.values, before.values, `${what}: no state changed`);
    assert.equal((await store.readActs(game.id, 0)).length, before.acts, `${what}: nothing in the log`);
    // The restarted sandbox agrees with the log: an honest act works and counts from where the log is.
    await game.act("ada-lovelace", "probe", {});
    assert.equal(game.value("seen"), before.seen + 1, `${what}: the game goes on`);
  }
  game.close();
});

test("a forged join or rename is refused: only the player who asked, as they asked", async () => {
  const { game, next } = await forgingGame();
  next.forge = (r) =>
    r.ok ? { ok: true, effects: r.effects.map((e) => (e.e === "player.joined" ? { ...e, player: { id: "grace", name: "Admin" } } : e)) } : r;
  await assert.rejects(game.join("Grace Hopper"), /other than the one who asked to join/);
  next.forge = plus({ e: "player.renamed", id: "ada-lovelace", name: "Root" });
  await assert.rejects(game.rename("ada-lovelace", "Ada"), /a player is renamed only by their own request to rename/);
  assert.deepEqual(
    game.state.players.map((p) => [p.id, p.name]),
    [["ada-lovelace", "Ada Lovelace"]],
  );
  await game.join("Grace Hopper");
  assert.deepEqual(
    game.state.players.map((p) => p.id),
    ["ada-lovelace", "grace-hopper"],
  );
  game.close();
});

/** A state of one rule declaring "big" and the record "book", as a check's starting point. */
function stateWith(values: Record<string, Json>): GameState {
  const state = emptyState("limits", null);
  const decl = (name: string) => ({ name, scope: "game" as const, initial: null, visibility: "public" as const, describe: null, rule: 1 });
  fold(state, {
    seq: 1,
    time: 1,
    seed: "s",
    input: { kind: "create", name: "limits", preset: null, rules: [] },
    effects: [
      { e: "rule.enacted", rule: { number: 1, title: null, text: "R", mutable: true, props: {}, code: null }, cause: "x" },
      { e: "state.declared", decls: { big: decl("big"), book: decl("book") } },
      ...Object.entries(values).map(([name, value]): Effect => ({ e: "state.set", name, value, rule: 1 })),
    ],
  });
  return state;
}
const request = (state: GameState): GuestRequest => ({
  seq: state.seq + 1,
  time: 2,
  seed: "s",
  input: { kind: "action", actor: "a", name: "x", input: {} },
  disabled: {},
});

test("the game's state and a record's entries stay within their limits, counted across acts", () => {
  const big = stateWith({ big: "x".repeat(limits.stateChars - 100_000) });
  const grow: Effect = { e: "state.set", name: "book", value: "y".repeat(200_000), rule: 1 };
  assert.match(checkGuestResult(request(big), big, { ok: true, effects: [grow] }) ?? "", /state would grow to .* over its limit of 8,000,000/);
  const shrink: Effect = { e: "state.set", name: "big", value: "small", rule: 1 };
  assert.equal(checkGuestResult(request(big), big, { ok: true, effects: [shrink, grow] }), null, "an act may grow one value while another shrinks");

  const entries = Object.fromEntries(Array.from({ length: limits.recordEntries }, (_, i) => [`k${i}`, i]));
  const full = stateWith({ book: entries });
  const add: Effect = { e: "state.set", name: "book", key: "one-more", value: 1, rule: 1 };
  assert.match(checkGuestResult(request(full), full, { ok: true, effects: [add] }) ?? "", /"book" would hold 10,001 entries/);
  const swap: Effect[] = [{ e: "state.deleted", name: "book", key: "k0", rule: 1 }, add];
  assert.equal(checkGuestResult(request(full), full, { ok: true, effects: swap }), null);
  assert.match(
    checkGuestResult(request(full), full, { ok: true, effects: Array.from({ length: limits.effects + 1 }, () => add) }) ?? "",
    /over the limit of 10,000/,
  );
});

test("a record's declared convention is checked on the host: its kind, which entries are open, how it is cited", () => {
  const state = stateWith({});
  const declaring = (record: unknown): Effect =>
    ({
      e: "state.declared",
      decls: { book: { name: "book", scope: "game", initial: {}, visibility: "public", describe: null, rule: 1, record } },
    }) as unknown as Effect;
  const check = (record: unknown) => checkGuestResult(request(state), state, { ok: true, effects: [declaring(record)] });
  assert.equal(check({ kind: "proposal", open: { field: "status", in: ["voting"] }, citedAs: "proposal" }), null);
  assert.equal(check({ kind: "case" }), null);
  assert.match(check({ kind: "proposal", open: { field: "status", in: "voting" } }) ?? "", /in must be a list/);
  assert.match(check({ kind: "proposal", secret: true }) ?? "", /has a field "secret"/);
  assert.match(check({ kind: "__proto__" }) ?? "", /kind of record/);
  assert.match(check({ open: { field: "status", in: [] } }) ?? "", /lacks its field "kind"/);
});

test("who may read an input, an event's or a timer's data is checked on the host: the declaration and the recorded readers", () => {
  const state = stateWith({});
  const check = (...effects: unknown[]) => checkGuestResult(request(state), state, { ok: true, effects });
  const event = (visibility: unknown) => ({ e: "event", type: "bid.placed", data: { amount: 5 }, rule: 1, visibility });
  const timer = (visibility: unknown) => ({ e: "timer.set", timer: { id: "2.1", rule: 1, name: "open", at: 5, data: null, visibility } });
  const enacted = { e: "rule.enacted", rule: { number: 2, title: null, text: "R", mutable: true, props: {}, code: null }, cause: "x" };
  const loaded = (inputVisibility: unknown) => ({
    e: "rule.loaded",
    number: 2,
    failed: null,
    declares: {
      actions: [{ name: "bid", describe: "", input: { type: "object" }, changesRules: false, inputVisibility, rule: 2 }],
      on: [],
      answers: [],
      forbids: [],
      state: [],
    },
  });
  assert.equal(check(event({ fields: { amount: { actor: "a", seenBy: "auctioneer" } } }), timer("hidden")), null);
  assert.equal(check(enacted, loaded({ fields: { amount: { seenBy: "auctioneer" } } })), null);
  assert.match(check(event("actor")) ?? "", /event\.visibility must be "hidden" or \{ actor\?, seenBy\? \}/, "the actor is recorded by name");
  assert.match(check(event({})) ?? "", /must be "hidden" or/);
  assert.match(check(event({ fields: {} })) ?? "", /must list its fields/);
  assert.match(check(event(JSON.parse('{"fields":{"__proto__":"hidden"}}'))) ?? "", /a field cannot be named "__proto__"/);
  assert.match(check(timer({ seenBy: 7 })) ?? "", /seenBy needs a name/);
  assert.match(check(enacted, loaded("secret")) ?? "", /inputVisibility must be "public", "actor", "hidden" or \{ seenBy/);
  assert.match(check(enacted, loaded({ fields: { amount: "everyone" } })) ?? "", /field "amount" must be/);
});

test("folding a log with __proto__, constructor and prototype names cannot pollute Object.prototype", () => {
  const names = ["__proto__", "constructor", "prototype"];
  const effects = names.flatMap((name): Effect[] => [
    { e: "state.set", name, key: "polluted", value: { polluted: true }, rule: 1 },
    { e: "state.set", name, key: "__proto__", value: { polluted: true }, rule: 1 },
    { e: "state.set", name, player: "__proto__", value: { polluted: true }, rule: 1 },
    { e: "timer.set", timer: { id: name, rule: 1, name, at: 5, data: null } },
    { e: "rule.property", number: 1, key: name, value: { polluted: true }, cause: "x" },
  ]);
  // Read from JSON, as a log is: "__proto__" is then an own key of each effect.
  const forged = JSON.parse(
    JSON.stringify([
      { e: "rule.enacted", rule: { number: 1, title: null, text: "R", mutable: true, props: {}, code: null }, cause: "x" },
      { e: "state.declared", decls: { ["__proto__"]: { name: "__proto__", scope: "game", initial: null, visibility: "public", describe: null, rule: 1 } } },
      ...effects,
    ]),
  ) as Effect[];
  const act: Act = { seq: 1, time: 1, seed: "s", input: { kind: "create", name: "x", preset: null, rules: [] }, effects: forged };
  const state = fold(emptyState("x", null), act);
  prototypeIsClean();
  assert.ok(Object.hasOwn(state.values.game, "__proto__"), "the name is only a key");
  assert.ok(Object.hasOwn(state.decls, "__proto__"));
  assert.ok(Object.hasOwn(state.rules[1]!.props, "__proto__"));
  assert.deepEqual(Object.keys(state.timers).sort(), [...names].sort());
  // The same state read back from JSON, as from a snapshot, folds on safely too.
  const again = JSON.parse(JSON.stringify(state)) as GameState;
  fold(again, { ...structuredClone(act), seq: 2 });
  prototypeIsClean();
  assert.deepEqual(Object.keys(again.values.game).sort(), [...names].sort());
});
