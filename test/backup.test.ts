/**
 * `nomos backup`: a consistent copy of a game file taken while a real server process serves it
 * and acts keep coming; a server started on the copy signs its players in and reads their
 * game as it stood. An existing file is replaced only with --force.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runCli } from "./cli-run.js";
import { startServeChild, type ServeChild } from "./serve-child.js";
import { ApiClient, suberTable, type TestServer } from "./server-helpers.js";

/**
 * Plays Suber turns (a proposal, everyone's vote) until `stop` says so; every act must be
 * answered 200. However many turns the backup lasts, the game must go on: a rule enacted on
 * one turn is repealed on the next (Rule 209 caps the mutable rules), two proposals all vote
 * against follow (fewer points: a win would end the game), and after 40 turns (some 45 turns
 * short of a win) the game is only read.
 */
async function playOn(table: Awaited<ReturnType<typeof suberTable>>, stop: () => boolean): Promise<number> {
  let acts = 0;
  for (let turn = 0; !stop(); turn++) {
    const page = await table.clients[0]!.get(`/api/games/${table.id}`);
    if (turn >= 40) continue;
    const who = page.body.view.state.find((s: { name: string }) => s.name === "turn").value.player as string;
    const mover = table.clients[Object.values(table.players).indexOf(who)]!;
    const change = turn % 4 === 1 ? { kind: "repeal", rule: 300 + turn } : { kind: "enact", text: `Rule of turn ${turn}.` };
    const vote = turn % 4 < 2 ? "for" : "against";
    const proposed = await mover.act(table.id, "propose", { change });
    assert.equal(proposed.status, 200, `an act while the backup runs is answered: ${proposed.text}`);
    acts++;
    for (const client of table.clients) {
      const voted = await client.act(table.id, "vote", { proposal: 301 + turn, vote });
      if (voted.status !== 200) break; // the outcome closed the vote
      acts++;
    }
  }
  return acts;
}

test("a backup taken while the server serves and acts keep coming is whole, and a server on it signs players in and reads their game", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-backup-"));
  const db = join(dir, "games.db");
  const copy = join(dir, "backup.db");
  const servers: ServeChild[] = [];
  try {
    const server = await startServeChild(db);
    servers.push(server);
    const table = await suberTable({ url: server.url } as TestServer);
    const [ada] = table.clients as [ApiClient];
    assert.equal((await ada.post(`/api/games/${table.id}/messages`, { channel: "general", text: "Good luck, everyone." })).status, 201);
    const before = (await ada.get(`/api/games/${table.id}/log`)).body.last as number;

    let backingUp = true;
    const playing = playOn(table, () => !backingUp);
    const backup = await runCli(["--db", db, "backup", copy], false).finally(() => (backingUp = false));
    const played = await playing;
    assert.equal(backup.code, 0, backup.stderr);
    assert.match(
      backup.stdout,
      /^Backed up .*games\.db to .*backup\.db: [\d.]+ KiB, 1 game \((\d+) acts\), 3 accounts, 3 sessions, 1 message; the copy checks out\./,
    );
    assert.match(backup.stdout, /To restore: stop the server, .*; or serve the copy: nomos serve --db .*backup\.db/);
    const inBackup = Number(/\((\d+) acts\)/.exec(backup.stdout)![1]);
    assert.ok(inBackup >= before, `the copy holds every act made before it began (${inBackup} of ${before})`);
    assert.ok(played > 0);

    // The whole log as the first server has it, then that server stops.
    const original = (await ada.get(`/api/games/${table.id}/log?limit=1000`)).body;
    server.child.kill("SIGTERM");
    assert.equal(await server.exited, 0);

    const restored = await startServeChild(copy);
    servers.push(restored);
    // A password signs in (the accounts were copied), and so does a session opened before the backup.
    const again = new ApiClient(restored.url);
    const signedIn = await again.post("/api/auth/signin", { username: "grace-hopper", password: "grace-hopper-secret-pw" });
    assert.equal(signedIn.status, 200, signedIn.text);
    const kept = new ApiClient(restored.url);
    kept.cookie = ada.cookie;
    assert.equal((await kept.get("/api/session")).body.user?.username, "ada-lovelace", "a session open at the backup is open on the copy");
    const games = await again.get("/api/games");
    assert.equal(games.status, 200);
    assert.deepEqual(
      games.body.map((g: { id: string }) => g.id),
      [table.id],
    );
    // The copy's log is the original's up to the moment of the copy: one moment, nothing half-written.
    const log = (await again.get(`/api/games/${table.id}/log?limit=1000`)).body;
    assert.equal(log.last, inBackup, "the copy's game stands at the act the report counted");
    assert.deepEqual(
      log.entries.map((e: { seq: number }) => e.seq),
      original.entries.slice(0, inBackup).map((e: { seq: number }) => e.seq),
    );
    assert.deepEqual(log.entries, original.entries.slice(0, inBackup));
    const messages = await again.get(`/api/games/${table.id}/messages`);
    assert.deepEqual(
      messages.body.map((m: { text: string }) => m.text),
      ["Good luck, everyone."],
    );
    const page = await again.get(`/api/games/${table.id}`);
    assert.equal(page.status, 200, "the game plays on from the copy");
    restored.child.kill("SIGTERM");
    assert.equal(await restored.exited, 0);
  } finally {
    for (const server of servers) server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("backup refuses to replace a file unless --force, and never the game file itself", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-backup-"));
  const db = join(dir, "games.db");
  const copy = join(dir, "backup.db");
  try {
    assert.equal((await runCli(["--db", db, "new", "Friday Nomic", "--preset", "suber", "--player", "Ada Lovelace"], false)).code, 0);
    const first = await runCli(["--db", db, "backup", copy], true);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.out.games, 1);
    assert.equal(first.out.bytes, statSync(copy).size);
    const bytes = readFileSync(copy);

    const refused = await runCli(["--db", db, "backup", copy], false);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /backup\.db exists already; name another file, or pass --force to replace it/);
    assert.deepEqual(readFileSync(copy), bytes, "the file is untouched");
    const forced = await runCli(["--db", db, "backup", copy, "--force"], false);
    assert.equal(forced.code, 0, forced.stderr);

    const itself = await runCli(["--db", db, "backup", db, "--force"], false);
    assert.equal(itself.code, 1);
    assert.match(itself.stderr, /is the game file itself; name another file for the backup/);
    const none = await runCli(["--db", join(dir, "missing.db"), "backup", join(dir, "x.db")], false);
    assert.match(none.stderr, /there is no game file .*missing\.db to back up/);
    writeFileSync(join(dir, "notes.txt"), "not a database at all, but long enough to be read as one's header.");
    const notOurs = await runCli(["--db", join(dir, "notes.txt"), "backup", join(dir, "y.db")], false);
    assert.equal(notOurs.code, 1);
    assert.match(notOurs.stderr, /could not back up .*notes\.txt: file is not a database/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
