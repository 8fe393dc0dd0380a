/**
 * A practice game: its players move its clock forward, so a slow ruleset (N_omic's 24-hour
 * discussion) is learnt in one sitting. Everything goes through the HTTP API, on a real
 * server and a real SQLite file; the log says every move, and the game replays as played.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { runCli } from "./cli-run.js";
import { ApiClient, startServer, type TestServer } from "./server-helpers.js";

const hour = 3_600_000;
let server: TestServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

interface Table {
  id: string;
  /** Clients by player id. */
  by: Record<string, ApiClient>;
  owner: ApiClient;
}

/** Three players in a game of the N_omic preset (practice or not), play begun. */
async function nomicTable(practice: boolean, tag: string): Promise<Table> {
  const names = ["Ada", "Grace", "Alan"];
  const clients = await Promise.all(names.map((n) => new ApiClient(server.url).signup(`${n.toLowerCase()}-${tag}`, n)));
  const created = await clients[0]!.post("/api/games", { name: `Practice ${tag}`, preset: "n_omic", ...(practice ? { practice: true } : {}) });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id: string = created.body.id;
  const by: Record<string, ApiClient> = { [created.body.me]: clients[0]! };
  for (const client of clients.slice(1)) by[(await client.post(`/api/invites/${created.body.invite}/join`)).body.me] = client;
  assert.equal((await clients[0]!.act(id, "start")).status, 200);
  return { id, by, owner: clients[0]! };
}

const page = async (t: Table) => (await t.owner.get(`/api/games/${t.id}`)).body;
const stateOf = (p: any, name: string) => p.view.state.find((s: { name: string }) => s.name === name);
const moveClock = (client: ApiClient, t: Table, body: unknown) => client.post(`/api/games/${t.id}/clock`, body);
const log = async (t: Table) => (await t.owner.get(`/api/games/${t.id}/log`)).body.entries as { seq: number; time: number; input: any }[];

test("a practice N_omic turn is played through in one sitting: the group moves the clock past the 24-hour discussion, and the log says so", async () => {
  const t = await nomicTable(true, "turn");
  const first = await page(t);
  assert.deepEqual(first.practice, { aheadMs: 0 }, "a practice game's page says how far its clock is ahead");
  const turn = stateOf(first, "turn").value;
  const mover = t.by[turn.player]!;
  assert.equal((await mover.act(t.id, "purchase", { extra: 0 })).status, 200);
  const rules = (await t.owner.get(`/api/games/${t.id}/rules`)).body.rules as { number: number; mutable: boolean }[];
  const newest = Math.max(...rules.filter((r) => r.mutable).map((r) => r.number));
  assert.equal((await mover.act(t.id, "propose", { changes: [{ kind: "amend", rule: newest, text: "Amended in practice." }] })).status, 200);
  const proposalNumber = stateOf(await page(t), "phase").value.proposal as number;

  // The discussion lasts 24 hours: too soon, in real time.
  const early = await mover.act(t.id, "final-form", { proposal: proposalNumber });
  assert.equal(early.status, 422);
  assert.match(early.body.error.message, /24 hours/);

  // Any player moves the clock: by an amount, then to the next deadline (the discussion's end).
  const other = Object.entries(t.by).find(([p]) => p !== turn.player)![1];
  const byHour = await moveClock(other, t, { forward: "1 hour" });
  assert.equal(byHour.status, 200, JSON.stringify(byHour.body));
  assert.equal(byHour.body.practice.aheadMs, hour);
  assert.equal(byHour.body.entry.input.kind, "clock");
  // Milliseconds, as the API's document says, move it too.
  const byMinute = await moveClock(other, t, { forward: 60_000 });
  assert.equal(byMinute.status, 200, JSON.stringify(byMinute.body));
  assert.equal(byMinute.body.practice.aheadMs, hour + 60_000);
  const deadline = (await page(t)).timers.find((x: { name: string }) => x.name === "discussion-over");
  assert.ok(deadline, "the discussion's end is a timer: the next deadline");
  const toDeadline = await moveClock(mover, t, { toNextDeadline: true });
  assert.equal(toDeadline.status, 200, JSON.stringify(toDeadline.body));
  assert.ok(toDeadline.body.fired >= 1, "the timer the clock reached fired");
  assert.ok(toDeadline.body.practice.aheadMs >= 23 * hour, "the clock is about a day ahead now");
  const afterMove = await page(t);
  assert.ok(afterMove.view.time >= deadline.at, "the game's time is past the deadline");
  assert.ok(!afterMove.timers.some((x: { id: string }) => x.id === deadline.id), "the deadline's timer has fired");

  // The turn goes on as the rules say: final form, votes, movement, the poem; the next turn begins.
  assert.equal((await mover.act(t.id, "final-form", { proposal: proposalNumber })).status, 200);
  for (const client of Object.values(t.by)) {
    const voted = await client.act(t.id, "vote", { proposal: proposalNumber, vote: "for" });
    if (stateOf(await page(t), "phase").value.name !== "voting") break;
    assert.equal(voted.status, 200, JSON.stringify(voted.body));
  }
  assert.equal((await mover.act(t.id, "stay")).status, 200);
  assert.equal((await mover.act(t.id, "add-poem-lines", { lines: ["A line learnt in practice."] })).status, 200);
  const next = stateOf(await page(t), "turn").value;
  assert.notEqual(next.player, turn.player, "the next player's turn has begun");

  // Each move of the clock is in the log, in words.
  const moves = (await log(t)).filter((e) => e.input.kind === "clock");
  assert.equal(moves.length, 3);
  assert.equal(moves[0]!.input.forwardMs, hour);
  assert.equal(moves[1]!.input.forwardMs, 60_000);
  assert.equal(moves[2]!.input.deadline.name, "discussion-over");
  const words = await runCli(["--db", server.db, "--game", t.id, "log"], false);
  assert.match(
    words.stdout,
    /Grace moved the practice clock forward 1 hour \(now 1 hour ahead\)|Alan moved the practice clock forward 1 hour \(now 1 hour ahead\)|Ada moved the practice clock forward 1 hour \(now 1 hour ahead\)/,
  );
  assert.match(
    words.stdout,
    /moved the practice clock forward 2\d hours \d+ minutes to the next deadline \(Rule \d+'s "discussion-over"\) \(now (23 hours|1 day)/,
  );
  const cli = await exportAndVerify(t);
  assert.equal(cli.identical, true, `the game replays as played: ${JSON.stringify(cli)}`);
});

test("a game that is not practice refuses to move its clock, in words, and its clock is unchanged", async () => {
  const t = await nomicTable(false, "real");
  const before = await page(t);
  assert.equal(before.practice, null);
  const refused = await moveClock(t.owner, t, { forward: "1 day" });
  assert.equal(refused.status, 422);
  assert.match(refused.body.error.message, /not a practice game/);
  const later = await page(t);
  assert.equal(later.practice, null);
  assert.equal(later.view.seq, before.view.seq, "nothing was recorded");
});

test("the practice clock never goes back, asks for an amount it can read, and only the game's players move it", async () => {
  const t = await nomicTable(true, "bounds");
  assert.equal((await moveClock(t.owner, t, { forward: "2h 30m" })).body.practice.aheadMs, 2.5 * hour);
  const seq = (await page(t)).view.seq;
  for (const forward of [-hour, 0, "-1 day", "soon", ""]) {
    const reply = await moveClock(t.owner, t, { forward });
    assert.equal(reply.status, 400, `forward ${JSON.stringify(forward)} is refused`);
    assert.match(reply.body.error.message, /1 hour/, "the refusal says how to write an amount");
  }
  const both = await moveClock(t.owner, t, { forward: "1 hour", toNextDeadline: true });
  assert.equal(both.status, 400);
  const stranger = await new ApiClient(server.url).signup("stranger-bounds", "Stranger");
  const outsider = await moveClock(stranger, t, { forward: "1 day" });
  assert.equal(outsider.status, 403);
  assert.match(outsider.body.error.message, /not a player/);
  const p = await page(t);
  assert.equal(p.view.seq, seq, "nothing was recorded");
  assert.deepEqual(p.practice, { aheadMs: 2.5 * hour }, "the clock is where the group left it");
  const times = (await log(t)).map((e) => e.time);
  assert.deepEqual(
    times,
    [...times].sort((a, b) => a - b),
    "the game's times never go back",
  );
});

/** The game exported from the server's file (its log hides the rules' secrets from players) and checked by `nomos verify`: its report. */
async function exportAndVerify(t: Table): Promise<{ identical: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), "nomos-practice-"));
  try {
    const file = join(dir, "game.json");
    const exported = await runCli(["--db", server.db, "--game", t.id, "export", file], true);
    assert.equal(exported.code, 0, exported.stderr);
    const run = await runCli(["verify", file], true);
    assert.equal(run.code, 0, run.stderr + run.stdout);
    return run.out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("on a game file, `nomos clock forward` and `nomos clock next` move a practice game's clock; another game refuses in words", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-practice-cli-"));
  const db = join(dir, "games.db");
  const nomos = (args: string[]) => runCli(["--db", db, ...args], true);
  try {
    const created = await nomos(["new", "Practice file", "--preset", "n_omic", "--player", "Ada", "--player", "Grace", "--start", "--practice"]);
    assert.equal(created.code, 0, created.stderr);
    assert.equal(created.out.practice, true);
    const day = await nomos(["clock", "forward", "1 day", "--as", "grace"]);
    assert.equal(day.code, 0, day.stderr);
    assert.deepEqual([day.out.forwardMs, day.out.aheadMs], [24 * hour, 24 * hour]);
    const unread = await nomos(["clock", "forward", "soon", "--as", "grace"]);
    assert.notEqual(unread.code, 0);
    assert.match(unread.error!.message, /"soon" is not an amount of time/);
    const next = await nomos(["clock", "next", "--as", "ada"]);
    assert.equal(next.code, 0, next.stderr);
    assert.ok(next.out.aheadMs > 24 * hour && next.out.fired >= 1, "the clock reached the next deadline, whose timer fired");

    const other = await nomos(["new", "Real time", "--preset", "n_omic", "--player", "Ada", "--player", "Grace"]);
    assert.equal(other.code, 0, other.stderr);
    const refused = await nomos(["--game", other.out.id, "clock", "forward", "1d", "--as", "ada"]);
    assert.notEqual(refused.code, 0);
    assert.match(refused.error!.message, /not a practice game/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
