/**
 * A server killed (kill -9) between an act and its mail loses no mail and sends none twice:
 * `nomos serve` as a child process, with real mail servers (postfix and dovecot) started by the
 * test. Once while the relay holds the mail unanswered (the mail queued, not yet sent), once at
 * the instant the act is acknowledged (wherever the notifier then is).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { ApiClient } from "./server-helpers.js";
import { startMailServer, type MailServer } from "./mail-server.js";
import { startServeChild, type ServeChild } from "./serve-child.js";
import { dutiesTold, toldAtLeast, verifiedPlayer } from "./mail-helpers.js";

let mail: MailServer;
let dir: string;
const children: ServeChild[] = [];
before(async () => {
  mail = await startMailServer(["ada@players.test", "grace@players.test", "nomos@nomos.test"]);
  dir = mkdtempSync(join(tmpdir(), "nomos-mail-crash-"));
});
after(async () => {
  for (const child of children) child.kill();
  await mail?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function serve(smtpPort: number): Promise<ServeChild> {
  const child = await startServeChild(join(dir, "games.db"), [
    "--public-url",
    "http://nomos.test",
    "--smtp-url",
    `smtp://127.0.0.1:${smtpPort}`,
    "--mail-from",
    "Nomos <nomos@nomos.test>",
  ]);
  children.push(child);
  return child;
}

/** The same player's browser, pointed at the server now running (the session is in the database). */
const at = (url: string, client: ApiClient) => Object.assign(new ApiClient(url), { cookie: client.cookie, csrf: client.csrf });

test("kill -9 between an act and its mail: the mail comes once the server is back, and only once", async () => {
  let server = await serve(mail.smtpPort);
  let ada = await verifiedPlayer(server.url, mail, "ada", "Ada Lovelace", "ada@players.test");
  let grace = await verifiedPlayer(server.url, mail, "grace", "Grace Hopper", "grace@players.test");
  const created = await ada.post("/api/games", { name: "Crash Nomic", preset: "suber", timeZone: "UTC" });
  const id: string = created.body.id;
  await grace.post(`/api/invites/${created.body.invite}/join`);
  assert.deepEqual(await toldAtLeast(mail, "grace@players.test", 1), ["start the game"]);
  server.child.kill("SIGTERM");
  await server.exited;

  // A relay that takes the connection and never answers: the mail is queued and being sent when the server dies.
  const held: Socket[] = [];
  const stalled = createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve));
  try {
    server = await serve((stalled.address() as { port: number }).port);
    ada = at(server.url, ada);
    assert.equal((await ada.act(id, "start")).status, 200);
    for (let i = 0; i < 300 && !held.length; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(held.length, "the server began to send Grace's mail");
    server.child.kill("SIGKILL");
    await server.exited;
  } finally {
    for (const socket of held) socket.destroy();
    stalled.close();
  }

  server = await serve(mail.smtpPort);
  assert.deepEqual(await toldAtLeast(mail, "grace@players.test", 2), ["start the game", "propose a rule-change"], "sent once the server is back");

  // Killed the instant the act is acknowledged, wherever the notifier is.
  grace = at(server.url, grace);
  assert.equal((await grace.act(id, "propose", { change: { kind: "enact", text: "Crashes lose nothing." } })).status, 200);
  server.child.kill("SIGKILL");
  await server.exited;
  server = await serve(mail.smtpPort);
  assert.deepEqual(await toldAtLeast(mail, "ada@players.test", 2), ["start the game", "vote on proposal 301"]);
  assert.deepEqual(await toldAtLeast(mail, "grace@players.test", 3), ["start the game", "propose a rule-change", "vote on proposal 301"]);

  // Nothing twice: the last act's mails are in, and a vote (a later act) is mailed to nobody; its own mails come after any repeat would.
  ada = at(server.url, ada);
  assert.equal((await ada.act(id, "vote", { proposal: 301, vote: "for" })).status, 200);
  assert.equal((await at(server.url, grace).act(id, "vote", { proposal: 301, vote: "for" })).status, 200);
  assert.deepEqual(await toldAtLeast(mail, "ada@players.test", 3), ["start the game", "vote on proposal 301", "propose a rule-change"]);
  assert.deepEqual(await dutiesTold(mail, "grace@players.test"), ["start the game", "propose a rule-change", "vote on proposal 301"], "nothing sent twice");
  server.child.kill("SIGTERM");
  await server.exited;
});
