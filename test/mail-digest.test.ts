/**
 * A daily digest instead of a mail each: Ada chose one at an hour of her day; what her game tells
 * her waits until that hour begins, then comes in one mail, game by game, with a one-click
 * unsubscribe that ends all her games' mail. Grace, who chose none, is mailed each as it comes.
 * The server's clock is the host's, moved on to just before Ada's hour (real mail servers,
 * started by the test on loopback).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { header, toldAtLeast, verifiedPlayer } from "./mail-helpers.js";
import { startMailServer, type MailServer } from "./mail-server.js";
import { startServer, type TestServer } from "./server-helpers.js";

const hour = 3_600_000;
let ahead = 0;
let mail: MailServer;
let server: TestServer;
before(async () => {
  mail = await startMailServer(["ada@players.test", "grace@players.test", "nomos@nomos.test"]);
  server = await startServer({
    clock: () => Date.now() + ahead,
    publicUrl: "http://nomos.test",
    mail: { smtpUrl: `smtp://127.0.0.1:${mail.smtpPort}`, from: "Nomos <nomos@nomos.test>" },
  });
});
after(async () => {
  await server?.close();
  await mail?.stop();
});

test("a digest reader is mailed what waited, once, when her hour begins; the others as it comes", async () => {
  const ada = await verifiedPlayer(server.url, mail, "ada", "Ada Lovelace", "ada@players.test");
  const grace = await verifiedPlayer(server.url, mail, "grace", "Grace Hopper", "grace@players.test");
  // Ada has no time zone of her own: her hour is UTC's. The next hour to begin is hers.
  const hers = Math.ceil((Date.now() + 1000) / hour) * hour;
  const digestHour = new Date(hers).getUTCHours();
  const chosen = await ada.request("PUT", "/api/me/notifications", { duties: true, gameEnd: true, digestHour });
  assert.deepEqual(chosen.body, { duties: true, gameEnd: true, reminderHours: 12, outcomes: false, digestHour });

  const created = await ada.post("/api/games", { name: "Digest Nomic", preset: "suber" });
  const id: string = created.body.id;
  await grace.post(`/api/invites/${created.body.invite}/join`);
  assert.deepEqual(await toldAtLeast(mail, "grace@players.test", 1), ["start the game"]);
  assert.equal((await ada.act(id, "start")).status, 200);
  assert.deepEqual(await toldAtLeast(mail, "grace@players.test", 2), ["start the game", "propose a rule-change"]);

  // Two seconds before Ada's hour, Grace proposes: Ada's vote waits with her other news.
  ahead = hers - 2000 - Date.now();
  assert.equal((await grace.act(id, "propose", { change: { kind: "enact", text: "News comes at breakfast." } })).status, 200);
  const digest = await mail.waitForMail("ada@players.test", (m) => /digest/.test(m.subject ?? ""), 20_000);
  assert.equal(digest.subject, 'Your Nomos digest: 2 notifications from "Digest Nomic"');
  assert.match(
    digest.text ?? "",
    new RegExp(
      `Digest Nomic \\(http://nomos\\.test/games/${id}\\)\\n  - the game waits for you to start the game\\n  - the game waits for you to vote on proposal 301`,
    ),
  );
  const subjects = (await mail.inbox("ada@players.test")).map((m) => m.subject);
  assert.deepEqual(subjects, ["Verify your e-mail address for Nomos", digest.subject], "no mail each, and one digest");

  // Its one click ends every game's mail: the digest spans games.
  const link = /^<http:\/\/nomos\.test(\/unsubscribe\/[^>]+)>$/.exec(header(digest, "List-Unsubscribe") ?? "")?.[1];
  assert.ok(link);
  const click = await fetch(`${server.url}${link}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  assert.equal(click.status, 200);
  const now = (await ada.get("/api/me/notifications")).body;
  assert.deepEqual([now.duties, now.gameEnd, now.outcomes], [false, false, false]);
});
