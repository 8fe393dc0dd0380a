/**
 * The game reaches its players by mail: a Suber game on a server with real mail servers
 * (postfix and dovecot, started by the test on loopback), where each player is mailed exactly
 * when the game comes to wait for them, and nobody else is; one click in a mail ends that
 * game's mail; and a server killed between an act and its mail sends it once it is back.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { ParsedMail } from "mailparser";
import { startServer, type TestServer } from "./server-helpers.js";
import { dutiesTold, header, toldAtLeast, verifiedPlayer } from "./mail-helpers.js";
import { startMailServer, type MailServer } from "./mail-server.js";

let mail: MailServer;
let server: TestServer;
before(async () => {
  mail = await startMailServer(["ada@players.test", "grace@players.test", "alan@players.test", "mary@players.test", "nomos@nomos.test"]);
  server = await startServer({ publicUrl: "http://nomos.test", mail: { smtpUrl: `smtp://127.0.0.1:${mail.smtpPort}`, from: "Nomos <nomos@nomos.test>" } });
});
after(async () => {
  await server?.close();
  await mail?.stop();
});

test("each player is mailed exactly when the game comes to wait for them, and nobody else is; one click ends a game's mail", async () => {
  const ada = await verifiedPlayer(server.url, mail, "ada", "Ada Lovelace", "ada@players.test");
  const grace = await verifiedPlayer(server.url, mail, "grace", "Grace Hopper", "grace@players.test");
  const created = await ada.post("/api/games", { name: "Inbox Nomic", preset: "suber", timeZone: "Europe/Paris" });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id: string = created.body.id;
  await grace.post(`/api/invites/${created.body.invite}/join`);
  // Two players: either may begin play.
  assert.deepEqual(await toldAtLeast(mail, "ada@players.test", 1), ["start the game"]);
  assert.deepEqual(await toldAtLeast(mail, "grace@players.test", 1), ["start the game"]);

  assert.equal((await grace.request("PUT", "/api/me/notifications", { duties: true, gameEnd: true, outcomes: true })).status, 200);
  assert.equal((await ada.act(id, "start")).status, 200);
  // Hopper before Lovelace: Grace moves first, and only she is told.
  assert.deepEqual(await toldAtLeast(mail, "grace@players.test", 2), ["start the game", "propose a rule-change"]);
  const proposed = await grace.act(id, "propose", { change: { kind: "enact", text: "Players may play by mail." } });
  assert.equal(proposed.status, 200, JSON.stringify(proposed.body));
  assert.deepEqual(await toldAtLeast(mail, "ada@players.test", 2), ["start the game", "vote on proposal 301"]);
  assert.deepEqual(await toldAtLeast(mail, "grace@players.test", 3), ["start the game", "propose a rule-change", "vote on proposal 301"]);
  assert.equal((await ada.act(id, "vote", { proposal: 301, vote: "for" })).status, 200);
  assert.equal((await grace.act(id, "vote", { proposal: 301, vote: "for" })).status, 200);
  const adas = await toldAtLeast(mail, "ada@players.test", 3);
  assert.deepEqual(adas, ["start the game", "vote on proposal 301", "propose a rule-change"], "Ada's turn: she is told once");

  // Grace asked to hear of decided proposals; Ada did not.
  await mail.waitForMail("grace@players.test", (m) => /Inbox Nomic: proposal 301: adopted/.test(m.subject ?? ""));
  assert.equal((await mail.inbox("ada@players.test")).filter((m) => /proposal 301: adopted/.test(m.subject ?? "")).length, 0);

  const turn = (await mail.inbox("ada@players.test")).find((m) => /propose a rule-change/.test(m.subject ?? "")) as ParsedMail;
  assert.match(turn.text ?? "", new RegExp(`Open the game: http://nomos\\.test/games/${id}`));
  assert.equal(header(turn, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
  assert.equal(header(turn, "Auto-Submitted"), "auto-generated", "no auto-responder answers it");
  assert.equal(header(turn, "References"), `<game.${id}@nomos.test>`, "a game's mails make one thread");
  const link = /^<http:\/\/nomos\.test(\/unsubscribe\/[^>]+)>$/.exec(header(turn, "List-Unsubscribe") ?? "")?.[1];
  assert.ok(link, "the mail has a one-click unsubscribe link");

  // The mail client's one click: a form POST to the link itself, no cookie.
  const click = await fetch(`${server.url}${link}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  assert.equal(click.status, 200, await click.clone().text());
  assert.deepEqual((await ada.get(`/api/games/${id}/notifications`)).body, {
    settings: { duties: false, gameEnd: false, reminderHours: 12, outcomes: false, digestHour: null, weeklyReports: false },
    own: true,
    playAddress: null,
  });
  const forged = await fetch(`${server.url}${link.slice(0, -3)}abc`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  assert.equal(forged.status, 400);

  assert.equal((await ada.act(id, "propose", { change: { kind: "enact", text: "Mail is quiet." } })).status, 200);
  assert.deepEqual(await toldAtLeast(mail, "grace@players.test", 4), [
    "start the game",
    "propose a rule-change",
    "vote on proposal 301",
    "vote on proposal 302",
  ]);
  assert.deepEqual(await dutiesTold(mail, "ada@players.test"), adas, "Ada, unsubscribed, is told nothing more");
  // Her account's settings are untouched: another game would still mail her.
  assert.deepEqual((await ada.get("/api/me/notifications")).body, {
    duties: true,
    gameEnd: true,
    reminderHours: 12,
    outcomes: false,
    digestHour: null,
    weeklyReports: false,
  });
});

test("a reminder comes before a Nomicron vote closes (its practice clock moved on), to those yet to vote, once, with the deadline in their time zone", async () => {
  const alan = await verifiedPlayer(server.url, mail, "alan", "Alan Turing", "alan@players.test");
  const mary = await verifiedPlayer(server.url, mail, "mary", "Mary Somerville", "mary@players.test");
  await mary.request("PATCH", "/api/me", { timeZone: "America/New_York" });
  const created = await alan.post("/api/games", { name: "Convention", preset: "nomicron", practice: true, timeZone: "Europe/London" });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id: string = created.body.id;
  await mary.post(`/api/invites/${created.body.invite}/join`);
  assert.equal((await alan.act(id, "motion", { kind: "general", text: "Tea at four." })).status, 200);
  const duty = await mail.waitForMail("mary@players.test", (m) => /vote on motion 1/.test(m.subject ?? ""));
  // A week to vote, told in Mary's own zone.
  assert.match(duty.text ?? "", /vote on motion 1 \(rule 6\), by \w{3}, \d+ \w{3} \d{4}, \d\d:\d\d \(America\/New_York\)/);
  assert.equal((await alan.act(id, "vote-motion", { motion: 1, vote: "for" })).status, 200);

  const reminded = async (address: string) => (await mail.inbox(address)).filter((m) => /reminder/.test(m.subject ?? "")).length;
  assert.equal((await alan.post(`/api/games/${id}/clock`, { forward: "6 days" })).status, 200);
  assert.equal((await alan.post(`/api/games/${id}/clock`, { forward: "13 hours" })).status, 200);
  const reminder = await mail.waitForMail("mary@players.test", (m) => /reminder/.test(m.subject ?? ""));
  assert.match(reminder.subject ?? "", /Convention: reminder, 11 hours left to vote on motion 1/);
  assert.equal((await alan.post(`/api/games/${id}/clock`, { forward: "1 hour" })).status, 200);
  // The outbox sends in order: once a later mail reaches Mary, a second reminder would have too.
  assert.equal((await alan.act(id, "motion", { kind: "general", text: "Coffee at five." })).status, 200);
  await mail.waitForMail("mary@players.test", (m) => /vote on motion 2/.test(m.subject ?? ""));
  assert.equal(await reminded("mary@players.test"), 1, "reminded once");
  assert.equal(await reminded("alan@players.test"), 0, "Alan voted: no reminder");
});
