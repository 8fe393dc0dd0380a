/**
 * Hand play: a game created from a published ruleset's text, with no code that offers play,
 * is played by hand through the API from the start: proposals, votes, the officer's
 * assessment, the adopted change in the rules, quantities kept by officers, offices handed
 * on, and rules given code as the group goes.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { checkRuleCode } from "../src/sandbox/compile-rule.js";
import { runCli } from "./cli-run.js";
import { source } from "./ruleset-import-helpers.js";
import { ApiClient, startServer, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test("the hand-play rules' code type-checks against the rule API, as a player's would", () => {
  const dir = new URL("../src/rulesets/kit/", import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
  assert.equal(files.length, 3);
  for (const file of files) assert.deepEqual(checkRuleCode(readFileSync(new URL(file, dir), "utf8")), [], file);
});

let signed = 0;
/** Three players in a game made from a ruleset's text; the first created it. */
async function table(file: string, extra: Record<string, unknown> = {}) {
  const names = ["Ada", "Grace", "Alan"];
  const clients: ApiClient[] = [];
  for (const name of names) clients.push(await new ApiClient(server.url).signup(`${name.toLowerCase()}-${++signed}`, name));
  const created = await clients[0]!.post("/api/games", { name: `A game of ${file}`, ruleset: { text: source(file), ...extra } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id: string = created.body.id;
  const ids = [created.body.me as string];
  for (const client of clients.slice(1)) ids.push((await client.post(`/api/invites/${created.body.invite}/join`)).body.me);
  return { id, clients, ids };
}
type Table = Awaited<ReturnType<typeof table>>;

const ok = async (reply: Promise<{ status: number; body: any }>) => {
  const r = await reply;
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.failed, null, "no rule's code failed");
  return r.body;
};
const rules = async (t: Table) =>
  (await t.clients[0]!.get(`/api/games/${t.id}/rules`)).body.rules as {
    number: number;
    title: string | null;
    text: string;
    mutable: boolean;
    code: { source: string } | null;
    history: any[];
  }[];
const stateOf = async (t: Table, name: string, viewer = 0) =>
  (await t.clients[viewer]!.get(`/api/games/${t.id}`)).body.view.state.find((s: { name: string }) => s.name === name);
const holder = async (t: Table, office: string) =>
  (Object.values((await stateOf(t, "offices")).value) as { office: string; holder: string }[]).find((o) => o.office === office)?.holder;
const proposal = async (t: Table, n: number) => (await stateOf(t, "proposals")).value[n];

for (const file of ["nomicron.txt", "nomic-viii.txt", "denomic-1999.txt"]) {
  test(`${file}: played by hand from its import: a proposal to amend a rule, three votes, the Assessor's assessment, the new text in the rules`, async () => {
    const t = await table(file);
    const before = await rules(t);
    const kit = before.filter((r) => r.title?.startsWith("Hand play:"));
    assert.deepEqual(
      kit.map((r) => r.title),
      ["Hand play: proposals and votes", "Hand play: offices", "Hand play: quantities kept by officers"],
    );
    const text = before.filter((r) => !kit.includes(r)).map((r) => r.number);
    const [lowest, highest] = [Math.min(...text), Math.max(...text)];
    assert.ok(
      kit.every((r) => r.mutable && r.number < lowest) || kit.every((r) => r.mutable && r.number > highest),
      "the kit's rules stand apart from the text's numbering (below its lowest where there is room), mutable",
    );
    // The text's highest-numbered rule is still its own where the kit fits below (deNomic's Rule 358 reads it: 395, a winning score of 105).
    if (lowest > 3) assert.equal(Math.max(...before.map((r) => r.number)), highest);
    if (file === "denomic-1999.txt") assert.equal(highest, 395);
    const page = (await t.clients[1]!.get(`/api/games/${t.id}`)).body;
    for (const action of ["propose", "vote", "assess", "hand-over-office", "record-quantity"])
      assert.ok(
        page.actions.some((a: { name: string }) => a.name === action),
        action,
      );
    assert.equal(await holder(t, "Assessor"), t.ids[0], "the creator holds the office");

    const target = before.find((r) => r.mutable && !kit.includes(r))!;
    const amendedText = `${target.text}\n\nAmended by hand: players shall be courteous.`;
    await ok(t.clients[1]!.act(t.id, "propose", { change: { kind: "amend", rule: target.number, text: amendedText } }));
    // Numbered after every rule of the text (and the kit's), as the rules it enacts are.
    const first = Math.max(highest, ...kit.map((r) => r.number)) + 1;
    assert.deepEqual(Object.keys((await stateOf(t, "proposals")).value), [String(first)]);
    await ok(t.clients[0]!.act(t.id, "vote", { proposal: first, vote: "against" }));
    await ok(t.clients[0]!.act(t.id, "vote", { proposal: first, vote: "for" }));
    await ok(t.clients[1]!.act(t.id, "vote", { proposal: first, vote: "for" }));
    await ok(t.clients[2]!.act(t.id, "vote", { proposal: first, vote: "abstain" }));
    assert.deepEqual((await proposal(t, first)).votes, { [t.ids[0]!]: "for", [t.ids[1]!]: "for", [t.ids[2]!]: "abstain" }, "a vote changes until assessed");

    const refused = await t.clients[1]!.act(t.id, "assess", { proposal: first, outcome: "adopted", reason: "I say so" });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.match(refused.body.error.message, /only the Assessor assesses proposals, and the Assessor is Ada, not you/);
    assert.equal((await proposal(t, first)).status, "voting");

    await ok(t.clients[0]!.act(t.id, "assess", { proposal: first, outcome: "adopted", reason: "two for, none against" }));
    const p = await proposal(t, first);
    assert.equal(p.status, "adopted");
    assert.match(p.reason, /two for, none against \(2 for, 0 against, 1 abstaining\)/);
    const amended = (await rules(t)).find((r) => r.number === target.number)!;
    assert.equal(amended.text, amendedText);
    assert.deepEqual({ change: amended.history.at(-1).change, cause: amended.history.at(-1).cause }, { change: "amended", cause: `Proposal ${first}` });
    const voted = await t.clients[0]!.act(t.id, "vote", { proposal: first, vote: "against" });
    assert.match(voted.body.error.message, /no proposal is open for votes/);
  });
}

test("hand play: officers keep quantities with a reason, hand their office on, and the group repeals a rule and enacts one with code that then runs", async () => {
  const t = await table("denomic-1999.txt", { offices: ["Speaker", "Treasurer"] });
  const [ada, grace] = [t.ids[0]!, t.ids[1]!];
  assert.deepEqual(Object.values((await stateOf(t, "offices")).value), [
    { office: "Speaker", holder: ada },
    { office: "Treasurer", holder: ada },
  ]);

  const notOfficer = await t.clients[2]!.act(t.id, "record-quantity", {
    player: grace,
    quantity: "points",
    change: "add",
    amount: 10,
    reason: "her proposal passed",
    rule: 345,
  });
  assert.match(notOfficer.body.error.message, /only an officer records quantities, and you hold no office/);
  await ok(
    t.clients[0]!.act(t.id, "record-quantity", { player: grace, quantity: "points", change: "add", amount: 10, reason: "her proposal passed", rule: 345 }),
  );
  await ok(t.clients[0]!.act(t.id, "record-quantity", { player: grace, quantity: "points", change: "add", amount: -3, reason: "a fine", rule: 345 }));
  await ok(
    t.clients[0]!.act(t.id, "record-quantity", { player: ada, quantity: "Vegetables", change: "set", amount: 2, reason: "a farm's harvest", rule: 324 }),
  );
  const shown = await stateOf(t, "quantities", 2);
  assert.deepEqual(shown.values[grace], { points: 7 });
  assert.deepEqual(shown.values[ada], { Vegetables: 2 });
  const ledger = Object.values((await stateOf(t, "ledger")).value) as { reason: string; rule: number; value: number }[];
  assert.deepEqual(
    ledger.map((e) => [e.reason, e.rule, e.value]),
    [
      ["her proposal passed", 345, 10],
      ["a fine", 345, 7],
      ["a farm's harvest", 324, 2],
    ],
  );
  const noRule = await t.clients[0]!.act(t.id, "record-quantity", { player: ada, quantity: "points", change: "set", amount: 1, reason: "x", rule: 9999 });
  assert.match(noRule.body.error.message, /there is no rule 9999 in effect to cite/);

  // The Speaker's office passes to Grace: she assesses now, Ada no longer does.
  const notHers = await t.clients[1]!.act(t.id, "hand-over-office", { office: "Speaker", to: grace });
  assert.match(notHers.body.error.message, /you do not hold the office of Speaker; Ada does/);
  await ok(t.clients[0]!.act(t.id, "hand-over-office", { office: "Speaker", to: grace }));
  assert.equal(await holder(t, "Speaker"), grace);

  await ok(t.clients[2]!.act(t.id, "propose", { change: { kind: "repeal", rule: 347 } }));
  const adaAssesses = await t.clients[0]!.act(t.id, "assess", { proposal: 396, outcome: "adopted", reason: "carried" });
  assert.match(adaAssesses.body.error.message, /the Speaker is Grace, not you/);
  await ok(t.clients[1]!.act(t.id, "assess", { proposal: 396, outcome: "adopted", reason: "carried" }));
  assert.equal(
    (await rules(t)).find((r) => r.number === 347),
    undefined,
    "rule 347 is repealed",
  );

  // An enactment with code: the new rule's action is offered and runs.
  await ok(t.clients[2]!.act(t.id, "propose", { change: { kind: "enact", title: "Waving", text: "Any player may wave.", code: WAVE } }));
  await ok(t.clients[1]!.act(t.id, "assess", { proposal: 397, outcome: "adopted", reason: "carried" }));
  const enacted = (await rules(t)).find((r) => r.title === "Waving")!;
  assert.equal(enacted.number, 396, "the next number after the text's rules (the kit's stand below them)");
  await ok(t.clients[2]!.act(t.id, "wave", {}));
  assert.equal((await stateOf(t, "waves")).value, 1);

  // A text rule given code by an amendment (its text kept), and an immutable rule transmuted.
  const textOf345 = (await rules(t)).find((r) => r.number === 345)!.text;
  await ok(t.clients[2]!.act(t.id, "propose", { change: { kind: "amend", rule: 345, code: WAVE.replaceAll("wave", "cheer") } }));
  await ok(t.clients[2]!.act(t.id, "propose", { change: { kind: "transmute", rule: 101 } }));
  await ok(t.clients[1]!.act(t.id, "assess", { proposal: 398, outcome: "adopted", reason: "carried" }));
  await ok(t.clients[1]!.act(t.id, "assess", { proposal: 399, outcome: "adopted", reason: "carried" }));
  const after = await rules(t);
  const [coded, transmuted] = [345, 101].map((n) => after.find((r) => r.number === n)!);
  assert.equal(coded?.text, textOf345, "rule 345 keeps its text");
  assert.match(coded?.code?.source ?? "", /action\("cheer"/, "and has the code");
  assert.equal(transmuted?.mutable, true);
  await ok(t.clients[0]!.act(t.id, "cheer", {}));
  assert.equal((await stateOf(t, "cheers")).value, 1);

  // A change that cannot take effect: the assessment says so and nothing changes.
  await ok(t.clients[2]!.act(t.id, "propose", { change: { kind: "amend", rule: 396, text: "Nobody may wave." } }));
  await ok(t.clients[2]!.act(t.id, "propose", { change: { kind: "repeal", rule: 396 } }));
  await ok(t.clients[1]!.act(t.id, "assess", { proposal: 401, outcome: "adopted", reason: "carried" }));
  await ok(t.clients[1]!.act(t.id, "assess", { proposal: 400, outcome: "adopted", reason: "carried" }));
  const failed = await proposal(t, 400);
  assert.equal(failed.status, "defeated");
  assert.match(failed.reason, /declared adopted \(carried; 0 for, 0 against, 0 abstaining\), but it cannot take effect: there is no rule 396 in effect/);

  // A repealed rule's number is not used again.
  await ok(t.clients[2]!.act(t.id, "propose", { change: { kind: "enact", text: "Players may hum." } }));
  await ok(t.clients[1]!.act(t.id, "assess", { proposal: 402, outcome: "adopted", reason: "carried" }));
  assert.equal((await rules(t)).find((r) => r.text === "Players may hum.")?.number, 397);

  // The kit's own rules are rules like any other: the proposals rule can take new code (here, the same code), or be refused a repeal that would end rule-changing.
  const kitRule = (await rules(t)).find((r) => r.title === "Hand play: proposals and votes")!;
  await ok(t.clients[2]!.act(t.id, "propose", { change: { kind: "repeal", rule: kitRule.number } }));
  await ok(t.clients[1]!.act(t.id, "assess", { proposal: 403, outcome: "adopted", reason: "carried" }));
  const kept = await proposal(t, 403);
  assert.equal(kept.status, "defeated");
  assert.match(kept.reason, /cannot take effect: .*no rule offering a way to propose rule-changes/);
  assert.ok((await rules(t)).some((r) => r.number === kitRule.number));
});

const WAVE = `const waves = gameState("waves", { initial: 0 });
action("wave", { describe: "Wave to the table", input: t.object({}) }, () => waves.update((n) => n + 1));`;

test("hand play: the offices are named at creation, checked in words; code that offers play is left as it was", async () => {
  const creator = await new ApiClient(server.url).signup(`creator-${++signed}`, "Creator");
  const bad = await creator.post("/api/games", { name: "Bad offices", ruleset: { text: source("nomic-viii.txt"), offices: ["Judge", "judge"] } });
  assert.equal(bad.status, 400);
  assert.match(bad.body.error.message, /the office "judge" is named twice; nothing was imported/);
  const preview = await creator.post("/api/rulesets/preview", { text: source("nomic-viii.txt"), offices: ["Moderator"] });
  assert.match(
    preview.body.notes.at(-1),
    /hand-play rules were added as rules 98, 99 and 100, below the text's own .*proposals numbered from 214\), the Moderator assesses each proposal/,
  );

  const coded = await creator.post("/api/rulesets/preview", { text: source("suber-initial-set.txt"), codeFrom: "suber" });
  assert.equal(coded.status, 200);
  assert.ok(!coded.body.rules.some((r: { title: string | null }) => r.title?.startsWith("Hand play")), "no hand-play rules beside code that offers play");
  assert.ok(!coded.body.notes.some((n: string) => /hand-play/.test(n)));
  const presets = (await creator.get("/api/presets")).body as { name: string }[];
  assert.ok(!presets.some((p) => p.name === "kit"), "the kit is no preset");
});

test("hand play from the command line: a game from Nomic VIII's text with the group's offices, a proposal, votes, the Moderator's assessment", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-kit-"));
  try {
    const cli = (...args: string[]) => runCli(["--db", join(dir, "viii.db"), ...args], false);
    const file = join(process.cwd(), "..", "shared", "rulesets", "nomic-viii.txt");
    const created = await cli(
      "new",
      "Nomic VIII",
      "--ruleset-file",
      file,
      "--office",
      "Moderator",
      "Scribe",
      "--player",
      "Ada",
      "--player",
      "Grace",
      "--player",
      "Alan",
    );
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /note: .*hand-play rules were added as rules 98, 99 and 100, below the text's own .*the Moderator assesses each proposal/);
    assert.equal((await cli("propose", "--amend", "201", "--text", "Each player may keep one proposal in the queue.", "--as", "grace")).code, 0);
    for (const who of ["ada", "grace", "alan"]) assert.equal((await cli("vote", "214", "for", "--as", who)).code, 0);
    const refused = await cli("act", "assess", '{"proposal": 214, "outcome": "adopted", "reason": "unanimous"}', "--as", "grace");
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /only the Moderator assesses proposals, and the Moderator is Ada, not you/);
    const assessed = await cli("act", "assess", '{"proposal": 214, "outcome": "adopted", "reason": "unanimous"}', "--as", "ada");
    assert.match(assessed.stdout, /The Moderator assesses proposal 214: adopted\. unanimous \(3 for, 0 against, 0 abstaining\)/);
    assert.match((await cli("rules", "201")).stdout, /Each player may keep one proposal in the queue\./);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
