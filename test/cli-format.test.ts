/** The CLI's generic parts, in process: input forms, state and log in words, building rule-changes. */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { changeFrom } from "../src/cli/commands/propose.js";
import { UsageError } from "../src/cli/context.js";
import { describeForm, typeOf } from "../src/present/form-words.js";
import { briefInput, formatAct } from "../src/present/format-log.js";
import { formatState } from "../src/cli/format-state.js";
import { historyLine } from "../src/present/format.js";
import { changeLine } from "../src/records/reports/describe-change.js";
import type { Act, Json } from "../src/kernel/types.js";
import type { GameView } from "../src/kernel/visibility.js";

const at = Date.UTC(2026, 10, 23, 10, 0);
const name = (id: string) => ({ ada: "Ada Lovelace", alan: "Alan Turing" })[id] ?? id;

test("input forms in words", () => {
  assert.equal(
    typeOf({
      type: "object",
      properties: { proposal: { type: "integer" }, vote: { type: "string", enum: ["for", "against"] } },
      required: ["proposal", "vote"],
    }),
    '{ proposal: integer, vote: "for" | "against" }',
  );
  assert.equal(
    typeOf({ type: "object", properties: { to: { type: "string", format: "player" }, note: { type: "string" } }, required: ["to"] }),
    "{ to: player id, note?: string }",
  );
  assert.equal(typeOf({ type: "array", items: { type: "integer" } }), "integer[]");
  assert.equal(typeOf({ type: "object", properties: {} }), "{}");
  const variants: Json = {
    type: "object",
    properties: {
      change: {
        oneOf: [
          { type: "object", properties: { kind: { enum: ["a"] } }, required: ["kind"], description: "The first" },
          { type: "object", properties: { kind: { const: "b" }, code: { type: "string", format: "rule-code" } }, required: ["kind"] },
        ],
      },
    },
    required: ["change"],
  };
  assert.deepEqual(describeForm(variants), [
    "  input: { change: <change> }",
    "  where <change> is one of:",
    '    { kind: "a" }  (The first)',
    '    { kind: "b", code?: code (TypeScript source) }',
  ]);
});

test("state in words, for a ruleset that is not Suber's", () => {
  const view: GameView = {
    name: "Treasure",
    preset: null,
    seq: 7,
    time: at,
    status: "active",
    result: null,
    viewer: "ada",
    players: [
      { id: "ada", name: "Ada Lovelace", joinedAt: at },
      { id: "alan", name: "Alan Turing", joinedAt: at },
    ],
    rules: [],
    state: [
      { name: "gold", scope: "player", describe: null, rule: 2, values: { ada: 5, alan: 3 } },
      { name: "hand", scope: "player", describe: null, rule: 3, values: { ada: ["ace"] } },
      { name: "treasury", scope: "game", describe: null, rule: 4, value: { coins: 12 } },
      { name: "vault", scope: "game", describe: null, rule: 5 },
      // Named like Suber's state, but of another shape: shown generically.
      { name: "turn", scope: "game", describe: null, rule: 6, value: "alan" },
    ],
    failures: [{ rule: 9, seq: 6, during: "action dig", error: "ran out of fuel" }],
  };
  const text = formatState(view, name);
  assert.match(text, /^Treasure \(custom ruleset\), act 7, 2026-11-23 10:00 UTC, in play\nAs seen by Ada Lovelace/);
  assert.match(text, / {2}Ada Lovelace \(ada\): Gold 5, Hand ace\n {2}Alan Turing \(alan\): Gold 3\n/);
  // State without a display reads from its shape: names and fields in words, players by name.
  assert.match(text, / {2}Treasury \(Rule 4\): Coins: 12\n {2}Vault \(Rule 5\): \(not visible to you\)\n {2}Turn \(Rule 6\): Alan Turing/);
  assert.match(text, /Rule 9 failed at act 6 \(action dig\): ran out of fuel/);
  assert.doesNotMatch(text, /Turn \d/);
});

test("state as its rules say it reads: a sentence with a player and a time in the game's zone, a list, a table, hidden bookkeeping", () => {
  const view: GameView = {
    name: "Treasure",
    preset: null,
    seq: 7,
    time: at,
    status: "active",
    result: null,
    viewer: null,
    players: [{ id: "ada", name: "Ada Lovelace", joinedAt: at }],
    rules: [],
    state: [
      { name: "gold", scope: "player", describe: null, rule: 2, values: { ada: 5 }, display: { label: "Gold coins" } },
      {
        name: "dig",
        scope: "game",
        describe: null,
        rule: 4,
        value: { by: "ada", at },
        display: { label: "Last dig", text: "{by} dug at {at}", formats: { at: "time" } },
      },
      { name: "finds", scope: "game", describe: null, rule: 5, value: ["a ring", "a cup"], display: { label: "Finds", item: "{value}" } },
      {
        name: "claims",
        scope: "game",
        describe: null,
        rule: 6,
        value: { "1": { who: "ada", rules: [4] } },
        display: {
          columns: [
            { field: "who", label: "Claimant" },
            { field: "rules", format: "rule" },
          ],
        },
      },
      { name: "seed", scope: "game", describe: null, rule: 7, value: 42, display: { as: "hidden" } },
    ],
    failures: [],
  };
  const text = formatState(view, name, [], "Europe/Paris");
  assert.match(text, / {2}Ada Lovelace \(ada\): Gold coins 5\n/);
  assert.match(text, / {2}Last dig \(Rule 4\): Ada Lovelace dug at 2026-11-23 11:00 Europe\/Paris\n/);
  assert.match(text, / {2}Finds \(Rule 5\):\n {4}- a ring\n {4}- a cup\n/);
  assert.match(text, / {2}Claims \(Rule 6\):\n {4}- Claimant: Ada Lovelace; Rules: Rule 4/);
  assert.doesNotMatch(text, /Seed|42/);
});

test("history lines, rule-changes and acts in words", () => {
  assert.equal(historyLine({ change: "amended", at, seq: 9, revision: 2, cause: "Proposal 305" }), "Amended (rev 2) by Proposal 305, 2026-11-23 10:00 UTC");
  // The cause is the rule's own words: which rule's code made the change is said beside it.
  assert.equal(
    historyLine({ change: "amended", at, seq: 9, revision: 2, cause: "Proposal 305", by: 305 }),
    "Amended (rev 2) by Proposal 305 through Rule 305, 2026-11-23 10:00 UTC",
  );
  assert.equal(
    historyLine({ change: "transmuted", at, seq: 9, revision: 3, cause: "Proposal 310", detail: { mutable: false } }),
    "Transmuted (rev 3) to immutable by Proposal 310, 2026-11-23 10:00 UTC",
  );
  assert.equal(changeLine({ kind: "repeal", rule: 305 }), "Repeal Rule 305");
  assert.equal(changeLine({ kind: "amend", rule: 202, code: "x" }), "Amend Rule 202: its code");
  assert.equal(
    changeLine({ kind: "enact", title: "Rhyme", text: `Players shall\n speak ${"la ".repeat(40)}` }, 30),
    'Enact a new rule "Rhyme" — "Players shall speak la la la…"',
  );
  const code: Json = { source: "a();\nb();\n", js: "a();b();" };
  assert.equal(
    briefInput({ change: { kind: "enact", text: "x".repeat(100), code } }),
    `{"change":{"kind":"enact","text":"${"x".repeat(79)}…","code":"<code: 2 lines>"}}`,
  );
  const act: Act = {
    seq: 12,
    time: at,
    seed: "s",
    input: { kind: "action", actor: "ada", name: "dig", input: { depth: 2 } },
    effects: [
      { e: "message", text: "Ada digs.", to: null, rule: 2 },
      { e: "message", text: "You find gold.", to: ["ada"], rule: 2 },
      { e: "event", type: "dug", data: { depth: 2 }, rule: 2 },
      { e: "rule.failed", rule: 9, during: "event dug", error: "boom" },
      { e: "state.set", name: "gold", player: "ada", value: 6, rule: 2 },
    ],
  };
  assert.equal(
    formatAct(act, act.effects, name, { events: true }),
    [
      '#12 2026-11-23 10:00 UTC Ada Lovelace: dig {"depth":2}',
      "  Ada digs.",
      "  (to Ada Lovelace) You find gold.",
      '  · dug (Rule 2) {"depth":2}',
      "  ! Rule 9 failed (event dug): boom",
    ].join("\n"),
  );
  assert.doesNotMatch(formatAct(act, act.effects, name), /dug \(Rule 2\)/);
});

test("propose options become a rule-change, or a usage error", () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-propose-"));
  try {
    const as = "ada";
    writeFileSync(join(dir, "rule.txt"), "From a file.\n");
    writeFileSync(join(dir, "rule.ts"), "// code\n");
    writeFileSync(join(dir, "change.json"), JSON.stringify({ change: { kind: "amend-amendment", rule: 305, revision: 2, text: "T" } }));
    assert.deepEqual(changeFrom({ as, enact: true, text: "T", title: "Hats" }), { kind: "enact", text: "T", title: "Hats" });
    assert.deepEqual(changeFrom({ as, amend: "202", textFile: join(dir, "rule.txt"), codeFile: join(dir, "rule.ts") }), {
      kind: "amend",
      rule: 202,
      text: "From a file.",
      code: "// code\n",
    });
    assert.deepEqual(changeFrom({ as, amend: "202", removeCode: true }), { kind: "amend", rule: 202, removeCode: true });
    assert.deepEqual(changeFrom({ as, repeal: "305" }), { kind: "repeal", rule: 305 });
    assert.deepEqual(changeFrom({ as, transmute: "116" }), { kind: "transmute", rule: 116 });
    assert.deepEqual(changeFrom({ as, file: join(dir, "change.json") }), { kind: "amend-amendment", rule: 305, revision: 2, text: "T" });
    const refused: [Parameters<typeof changeFrom>[0], RegExp][] = [
      [{ as }, /exactly one of --enact/],
      [{ as, enact: true, repeal: "3" }, /exactly one of --enact/],
      [{ as, enact: true }, /needs its text/],
      [{ as, repeal: "305", text: "x" }, /go with --enact or --amend/],
      [{ as, enact: true, text: "a", textFile: "b" }, /not both/],
      [{ as, file: join(dir, "missing.json") }, /cannot read .*missing\.json: no such file/],
      [{ as, file: join(dir, "rule.txt") }, /is not valid JSON/],
      [{ as, file: join(dir, "change.json"), enact: true }, /--file holds the whole rule-change/],
    ];
    for (const [options, message] of refused)
      assert.throws(
        () => changeFrom(options),
        (err: Error) => err instanceof UsageError && message.test(err.message),
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
