/**
 * How state reads to people (the rule API's StateDisplay): every state of both presets says
 * how it reads and the API carries it to the page; a rule enacted mid-game with a mistaken
 * display is refused or reported in words citing it; the presenter turns a value and its
 * display into parts (text, players, times) for the web and the CLI.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type Part, presentScoreboard, presentState } from "../src/present/display.js";
import { ApiClient, moving, startServer, suberTable, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.close();
});

type State = { name: string; scope: string; rule: number; display?: { label?: string; as?: string; text?: unknown; item?: unknown } };

async function nomicTable() {
  const clients = [];
  for (const name of ["Ada Lovelace", "Grace Hopper", "Alan Turing"])
    clients.push(await new ApiClient(server.url).signup(name.split(" ")[0]!.toLowerCase(), name));
  const created = await clients[0]!.post("/api/games", { name: "N_omic revival", preset: "n_omic" });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  for (const client of clients.slice(1)) assert.equal((await client.post(`/api/invites/${created.body.invite}/join`)).status, 200);
  assert.equal((await clients[0]!.act(created.body.id, "start")).status, 200);
  return { id: created.body.id as string, clients };
}

test("every state of both presets says how it reads, and the page carries it", async () => {
  const suber = await suberTable(server, ["Ada Lovelace", "Grace Hopper", "Alan Turing"]);
  const nomic = await nomicTable();
  for (const [preset, table] of [
    ["suber", suber],
    ["n_omic", nomic],
  ] as const) {
    const page = await table.clients[0]!.get(`/api/games/${table.id}`);
    assert.equal(page.status, 200);
    const states = page.body.view.state as State[];
    const silent = states.filter((s) => !s.display || (!s.display.label && s.display.as !== "hidden"));
    assert.deepEqual(
      silent.map((s) => s.name),
      [],
      `${preset}: every state has a label or is hidden`,
    );
    const turn = states.find((s) => s.name === "turn")!;
    assert.equal(turn.display!.label, "Turn");
    assert.ok(Array.isArray(turn.display!.text), `${preset}: the turn reads as a sentence`);
  }
  const nomicStates = (await nomic.clients[0]!.get(`/api/games/${nomic.id}`)).body.view.state as State[];
  const poem = nomicStates.find((s) => s.name === "epic-poem")!;
  assert.equal(poem.display!.label, "Epic Poem");
  assert.equal(poem.display!.as, "list");
  assert.equal(nomicStates.find((s) => s.name === "comment-markers")!.display!.as, "hidden");
});

/** Proposes a rule with this code in Suber, and has every player vote for it. */
async function enact(table: Awaited<ReturnType<typeof suberTable>>, code: string) {
  const mover = await moving(table);
  const proposed = await mover.act(table.id, "propose", { change: { kind: "enact", text: "The tally reads well.", code } });
  if (proposed.status !== 200) return { proposed, number: null };
  const page = await mover.get(`/api/games/${table.id}`);
  const proposals = page.body.view.state.find((s: State) => s.name === "proposals").value as Record<string, { number: number; status: string }>;
  const number = Object.values(proposals).find((p) => p.status === "voting")!.number;
  for (const client of table.clients) await client.act(table.id, "vote", { proposal: number, vote: "for" });
  return { proposed, number };
}

test("a rule enacted mid-game with a mistaken display is refused or reported in words citing the rule", async () => {
  const table = await suberTable(server, ["Ada Byron", "Grace Brewster", "Alan Mathison"]);
  // A display of a shape the rule API does not have is refused when proposed: its code does not compile.
  const refused = await enact(table, `gameState("tally", { initial: 0, display: { as: "poem" } });`);
  assert.equal(refused.proposed.status, 400, JSON.stringify(refused.proposed.body));
  assert.match(refused.proposed.text, /poem/);

  // One the types allow but the engine cannot read (a placeholder naming no field) stops the rule when it loads.
  const { proposed, number } = await enact(table, `gameState("tally", { initial: 0, display: { label: "Tally", text: "{the tally}" } });`);
  assert.equal(proposed.status, 200, JSON.stringify(proposed.body));
  const page = await table.clients[0]!.get(`/api/games/${table.id}`);
  const failure = (page.body.view.failures as { rule: number; error: string }[]).find((f) => f.rule === number);
  assert.ok(failure, `Rule ${number}'s failure is on the page: ${JSON.stringify(page.body.view.failures)}`);
  assert.match(failure.error, new RegExp(`Rule ${number}: tally's display\\.text has the placeholder \\{the tally\\}, which names no field`));
  assert.equal(
    (page.body.view.state as State[]).some((s) => s.name === "tally"),
    false,
    "the rule declares nothing",
  );

  // A good one is carried to the page as declared.
  const good = await enact(table, `gameState("tally", { initial: 0, display: { label: "Tally", text: "The tally is {value}" } });`);
  assert.equal(good.proposed.status, 200);
  const tally = ((await table.clients[0]!.get(`/api/games/${table.id}`)).body.view.state as State[]).find((s) => s.name === "tally");
  assert.deepEqual(tally?.display, { label: "Tally", text: "The tally is {value}" });
});

const players = [
  { id: "p1", name: "Ada Lovelace" },
  { id: "p2", name: "Grace Hopper" },
];
const at = Date.UTC(2026, 10, 24, 9, 30);
const entry = (name: string, value: unknown, display?: object) => ({ name, scope: "game" as const, describe: null, rule: 201, value: value as never, display });

test("the presenter turns a sentence into text, players by name and times", () => {
  const display = { label: "Turn", text: ["Turn {number}: {player} is moving, since {phase.since}", "Play has not begun"] };
  const block = presentState(entry("turn", { number: 3, player: "p2", phase: { since: at } }, display), players);
  assert.equal(block?.kind, "sentence");
  assert.equal(block.label, "Turn");
  const parts: Part[] = [
    { kind: "text", text: "Turn 3: " },
    { kind: "player", id: "p2", name: "Grace Hopper" },
    { kind: "text", text: " is moving, since " },
    { kind: "time", ms: at },
  ];
  assert.deepEqual(block.kind === "sentence" && block.parts, parts);
  // The first template whose fields all have values.
  const waiting = presentState(entry("turn", { number: 0, player: null }, display), players);
  assert.deepEqual(waiting?.kind === "sentence" && waiting.parts, [{ kind: "text", text: "Play has not begun" }]);
  assert.equal(presentState(entry("turn", {}, { as: "hidden" }), players), null, "hidden from the play page");
  // "{?flag}" is a condition: the template applies only while the field is true, and the flag shows nothing.
  const round = { label: "Round", text: ["{?between}Between rounds ({number} played)", "Round {number}"] };
  const words = (v: object) => {
    const block = presentState(entry("round", v, round), players);
    return block?.kind === "sentence" ? block.parts : null;
  };
  assert.deepEqual(words({ number: 2, between: true }), [{ kind: "text", text: "Between rounds (2 played)" }]);
  assert.deepEqual(words({ number: 2, between: false }), [{ kind: "text", text: "Round 2" }]);
});

test("the presenter: lists by item, tables by column, and state without a display read from its shape", () => {
  const poem = presentState(
    entry(
      "epic-poem",
      [
        { text: "A long time ago", by: null },
        { text: "a rhyme", by: "p1" },
      ],
      { item: ["{text} — {by}", "{text}"] },
    ),
    players,
  );
  assert.deepEqual(poem?.kind === "list" && poem.items, [
    [{ kind: "text", text: "A long time ago" }],
    [
      { kind: "text", text: "a rhyme — " },
      { kind: "player", id: "p1", name: "Ada Lovelace" },
    ],
  ]);
  const cases = presentState(
    entry(
      "judgments",
      { "1": { number: 1, judge: "p2", rules: [201, 212] } },
      { columns: [{ field: "number", label: "Case" }, { field: "judge" }, { field: "rules", format: "rule" }] },
    ),
    players,
  );
  assert.ok(cases?.kind === "table");
  assert.deepEqual(cases.columns, ["Case", "Judge", "Rules"]);
  assert.deepEqual(cases.rows[0]!.cells, [
    [{ kind: "text", text: "1" }],
    [{ kind: "player", id: "p2", name: "Grace Hopper" }],
    [
      { kind: "rule", number: 201 },
      { kind: "text", text: ", " },
      { kind: "rule", number: 212 },
    ],
  ]);
  // No display: the name in words, an epoch field named as a time drawn as a time, an internal key left out.
  const bare = presentState(entry("communication-state", { resumedAt: at, key: "\u0001x", count: 2 }), players);
  assert.equal(bare?.label, "Communication state");
  assert.deepEqual(bare?.kind === "sentence" && bare.parts, [
    { kind: "text", text: "Resumed at: " },
    { kind: "time", ms: at },
    { kind: "text", text: ", Count: 2" },
  ]);
  // The scoreboard: a column per player state by its label, hidden ones left out, values kept from the viewer as null.
  const board = presentScoreboard(
    [
      { name: "points", scope: "player", describe: null, rule: 1, values: { p1: 3, p2: 5 }, display: { label: "Points" } },
      { name: "key", scope: "player", describe: null, rule: 1, values: { p1: "x" }, display: { as: "hidden" } },
      { name: "label", scope: "player", describe: null, rule: 1, values: { p2: "banana" } },
    ],
    players,
  );
  assert.deepEqual(
    board.columns.map((c) => c.label),
    ["Points", "Label"],
  );
  assert.deepEqual(board.rows[0]!.cells, [[{ kind: "text", text: "3" }], null]);
});
