/**
 * What a proposed rule's code may do is shown to its voters before they vote (a dry run of
 * everyone voting for it), and to everyone once it is law (the rules, the remote CLI), as an
 * app shows its permissions: secret state it reads, actions it forbids, rule-changing actions
 * and the engine's questions it answers, the state it keeps and who sees it.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { runCli } from "./cli-run.js";
import { SECRET_RULE } from "./hostile/bodies-secrets.js";
import { moving, startServer, suberTable, type ApiClient, type TestServer } from "./server-helpers.js";

let server: TestServer;
const dir = mkdtempSync(join(tmpdir(), "nomos-permissions-"));
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Table = Awaited<ReturnType<typeof suberTable>>;
type Permissions = { lines: string[]; failed: string | null };

async function propose(table: Table, change: unknown): Promise<{ number: number; proposer: ApiClient }> {
  const proposer = await moving(table);
  const proposed = await proposer.act(table.id, "propose", { change });
  assert.equal(proposed.status, 200, JSON.stringify(proposed.body));
  const page = await proposer.get(`/api/games/${table.id}`);
  const open = Object.values(
    page.body.view.state.find((s: { name: string }) => s.name === "proposals").value as Record<string, { number: number; status: string }>,
  ).find((p) => p.status === "voting")!;
  return { number: open.number, proposer };
}

async function voteAll(table: Table, number: number): Promise<void> {
  for (const client of table.clients) {
    const vote = await client.act(table.id, "vote", { proposal: number, vote: "for" });
    if (vote.status !== 200) break; // adoption closed the vote
  }
}

/** What a voter sees: a dry run of every player voting for the proposal. */
async function previewAsVoter(table: Table, voter: ApiClient, number: number) {
  const steps = Object.values(table.players).map((p) => ({ as: p, action: "vote", input: { proposal: number, vote: "for" } }));
  const dry = await voter.post(`/api/games/${table.id}/dry-run`, { steps });
  assert.equal(dry.status, 200, JSON.stringify(dry.body));
  return dry.body.changes.rules as { number: number; change: string; permissions: Permissions | null }[];
}

const PEEKER = `
const secret = playerState("secret", { initial: "", visibility: "owner", readsSecret: true });
const seen = gameState("seen", { initial: 0, describe: "How often the words were peeked at" });
forbid("propose", () => undefined);
answer("rule-change.allowed", () => undefined);
action("peek", { describe: "Peek at the words", input: t.object({}) }, () => { seen.set(seen.get() + Object.keys(secret.all()).length); });
action("rewrite", { describe: "Rewrite a rule", input: t.object({}), changesRules: true }, () => {});
on("turn.ended", () => {});
`;

test("voters see what a proposed rule's code may do before they vote, and everyone sees it once it is law", async () => {
  const table = await suberTable(server, ["Ada Lovelace", "Grace Hopper", "Alan Turing"]);
  const first = await propose(table, { kind: "enact", title: "Secret words", text: "Each player holds a word only they may see.", code: SECRET_RULE });
  await voteAll(table, first.number);

  const { number, proposer } = await propose(table, { kind: "enact", title: "Peeker", text: "A rule that peeks.", code: PEEKER });
  const voter = table.clients.find((c) => c !== proposer)!;
  const rule = (await previewAsVoter(table, voter, number)).find((r) => r.change === "enacted");
  assert.ok(rule?.permissions, "the preview lists what the new rule's code may do");
  const lines = rule.permissions.lines.join("\n");
  assert.equal(rule.permissions.failed, null);
  assert.match(lines, /Reads secret state kept by other rules: "secret"/);
  assert.match(lines, /May forbid the actions: "propose"/);
  assert.match(lines, /Offers actions that change the rules: "rewrite"/);
  assert.match(lines, /decides whether rule code may change the rules/);
  assert.match(lines, /Offers the actions: "peek"/);
  assert.match(lines, /Keeps the state "seen", one value for the game, seen by everyone/);
  assert.match(lines, /Acts when these happen: "turn.ended"/);
  // The most consequential come first: changing the rules before keeping state.
  assert.ok(lines.indexOf("change the rules") < lines.indexOf("Keeps the state"));

  // The preview changed nothing: the proposal is still open and the rule not law.
  const rulesBefore = (await voter.get(`/api/games/${table.id}/rules`)).body.rules as { number: number }[];
  assert.ok(!rulesBefore.some((r) => r.number === rule.number));

  await voteAll(table, number);
  const rules = (await voter.get(`/api/games/${table.id}/rules`)).body.rules as { number: number; permissions?: Permissions }[];
  assert.deepEqual(rules.find((r) => r.number === rule.number)?.permissions, rule.permissions);
  const words = rules.find((r) => r.permissions?.lines.some((l) => l.startsWith(`Keeps the state "secret"`)));
  assert.ok(words, "the secret words' rule lists its state");
  assert.ok(words.permissions!.lines.includes(`Keeps the state "secret", one value per player, each player's value seen only by that player.`));
  assert.ok(rules.filter((r) => r.permissions === undefined).length > 0, "rules without code list no permissions");

  // The remote CLI prints them with the rule.
  const session = { NOMOS_REMOTE_FILE: join(dir, "ada.json"), NOMOS_PASSWORD: "ada-lovelace-secret-pw" };
  const login = await runCli(["remote", "login", server.url, "ada-lovelace"], false, session);
  assert.equal(login.code, 0, login.stderr);
  const shown = await runCli(["--game", table.id, "remote", "rules", String(rule.number)], false, session);
  assert.equal(shown.code, 0, shown.stderr);
  assert.match(shown.stdout, /What its code may do:\n {2}- Offers actions that change the rules: "rewrite"\./);
  assert.match(shown.stdout, /- Reads secret state kept by other rules: "secret"\./);
});

test("a proposed rule whose code does not load says so to its voters", async () => {
  const table = await suberTable(server, ["Lu Ma", "Mo Ng", "No Ot"]);
  const { number, proposer } = await propose(table, { kind: "enact", text: "A broken rule.", code: `throw new Error("broken on purpose");\n` });
  const voter = table.clients.find((c) => c !== proposer)!;
  const rule = (await previewAsVoter(table, voter, number)).find((r) => r.change === "enacted");
  assert.match(rule?.permissions?.failed ?? "", /broken on purpose/);
});

const SELF_AMENDER = `
action("rewrite", { describe: "Rewrite this rule", input: t.object({}) }, () => {
  const source = 'gameState("note", { initial: "as its source says" });\\n';
  const js = 'gameState("note", { initial: "not what its source says" });\\n';
  game.rules.apply({ kind: "amend", number: game.rules.self().number, code: { source, js } }, "Proposal 301");
});
`;

test("a rule whose code changes the rules outside a vote says so to its voters, and its change runs what its source says, in the history as its code's", async () => {
  const table = await suberTable(server, ["Ann Ode", "Bea Cee", "Cal Dee"]);
  const { number, proposer } = await propose(table, { kind: "enact", title: "Self-amender", text: "A rule that rewrites itself.", code: SELF_AMENDER });
  const voter = table.clients.find((c) => c !== proposer)!;
  const rule = (await previewAsVoter(table, voter, number)).find((r) => r.change === "enacted");
  assert.match(rule?.permissions?.lines.join("\n") ?? "", /Changes the rules with its own code, outside any vote/);
  await voteAll(table, number);

  const rewritten = await voter.act(table.id, "rewrite", {});
  assert.equal(rewritten.status, 200, JSON.stringify(rewritten.body));
  const rules = (await voter.get(`/api/games/${table.id}/rules`)).body.rules as {
    number: number;
    code: { source: string; js: string } | null;
    history: { change: string; cause: string; by?: number }[];
  }[];
  const self = rules.find((r) => r.number === rule!.number)!;
  assert.match(self.code?.js ?? "", /as its source says/, "the engine compiled the source");
  assert.doesNotMatch(self.code?.js ?? "", /not what its source says/, "the compiled code that came with it is never run");
  const note = (await voter.get(`/api/games/${table.id}`)).body.view.state.find((s: { name: string }) => s.name === "note");
  assert.equal(note?.value, "as its source says");
  assert.deepEqual(self.history.at(-1), { ...self.history.at(-1), change: "amended", cause: "Proposal 301", by: rule!.number });

  const session = { NOMOS_REMOTE_FILE: join(dir, "ann.json"), NOMOS_PASSWORD: "ann-ode-secret-pw" };
  assert.equal((await runCli(["remote", "login", server.url, "ann-ode"], false, session)).code, 0);
  const shown = await runCli(["--game", table.id, "remote", "rules", String(rule!.number)], false, session);
  assert.match(shown.stdout, new RegExp(`Amended \\(rev 2\\) by Proposal 301 through Rule ${rule!.number}`));
});
