/**
 * A daily digest instead of a mail each: Ada chose one at an hour of her day; what her game tells
 * her waits until that hour begins, then comes in one mail, game by game, with a one-click
 * unsubscribe that ends all her games' mail. Grace, who chose none, is mailed each as it comes.
 * A game's creator has its ruleset and proposals report mailed weekly to those who ask. The
 * server's clock is the host's, moved on to just before the hour awaited (real mail servers,
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
  mail = await startMailServer(["ada@players.test", "grace@players.test", "alan@players.test", "mary@players.test", "nomos@nomos.test"]);
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
  assert.deepEqual(chosen.body, { duties: true, gameEnd: true, reminderHours: 12, outcomes: false, digestHour, weeklyReports: false });

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
      // Game by game, each notice with its own lines (its duties and their rules).
      `Digest Nomic \\(http://nomos\\.test/games/${id}\\)\\n  - the game waits for you to start the game\\n    - start the game \\(rule 201\\)\\n  - the game waits for you to vote on proposal 301\\n    - vote on proposal 301 \\(rule \\d+\\)`,
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

test("the creator's weekly reports reach the players who asked for them, at the day and hour chosen, each as they may see it", async () => {
  const alan = await verifiedPlayer(server.url, mail, "alan", "Alan Turing", "alan@players.test");
  const mary = await verifiedPlayer(server.url, mail, "mary", "Mary Somerville", "mary@players.test");
  const created = await alan.post("/api/games", { name: "Weekly Nomic", preset: "suber", timeZone: "UTC" });
  const id: string = created.body.id;
  await mary.post(`/api/invites/${created.body.invite}/join`);
  const quiet = { duties: false, gameEnd: false };
  assert.equal((await alan.request("PUT", "/api/me/notifications", { ...quiet, weeklyReports: true })).status, 200);
  assert.equal((await mary.request("PUT", "/api/me/notifications", quiet)).status, 200);

  const path = `/api/games/${id}/weekly-reports`;
  const notCreator = await mary.request("PUT", path, { schedule: { weekday: 1, hour: 9 } });
  assert.equal(notCreator.status, 403);
  assert.match(notCreator.body.error.message, /only the game's creator/);
  assert.equal((await alan.request("PUT", path, { schedule: { weekday: 7, hour: 9 } })).status, 400);
  assert.deepEqual((await mary.get(path)).body, { schedule: null });

  // Two seconds before the next hour, the creator chooses it: this week's reports go when it begins.
  const next = Math.ceil((Date.now() + ahead) / hour) * hour;
  ahead = next - 2000 - Date.now();
  const schedule = { weekday: new Date(next).getUTCDay(), hour: new Date(next).getUTCHours() };
  assert.deepEqual((await alan.request("PUT", path, { schedule })).body, { schedule });
  const reports = await mail.waitForMail("alan@players.test", (m) => /this week's ruleset/.test(m.subject ?? ""), 20_000);
  assert.equal(reports.subject, "Weekly Nomic: this week's ruleset and proposals");
  assert.match(reports.text ?? "", /All players must always abide by all the rules then in effect/);
  assert.match(reports.text ?? "", /proposals/i);
  assert.equal(header(reports, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
  const marys = (await mail.inbox("mary@players.test")).map((m) => m.subject);
  assert.equal(marys.filter((subject) => /this week's/.test(subject ?? "")).length, 0, `Mary did not ask for them: ${marys.join("; ")}`);
});
