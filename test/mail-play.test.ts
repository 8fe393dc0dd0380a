/**
 * Playing by mail, through real mail servers (postfix and dovecot, started by the test on
 * loopback): Ada plays a Suber game only by answering the game's mails, Grace on the web. Every
 * move of Ada's is a mail to her own game address, answered in words: recorded, refused with the
 * rule's reason, or not understood with the moves open to her. A mail from anyone else to her
 * address changes nothing and she is told; a mail sent twice is acted on once; an auto-reply is
 * never answered; a player's old address gets a short refusal, a stranger none.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startServer, type TestServer } from "./server-helpers.js";
import { header, verifiedPlayer } from "./mail-helpers.js";
import { startMailServer, type MailServer } from "./mail-server.js";

let mail: MailServer;
let server: TestServer;
before(async () => {
  mail = await startMailServer(["ada@players.test", "grace@players.test", "eve@players.test", "nomos@nomos.test"]);
  server = await startServer({
    publicUrl: "http://nomos.test",
    mail: {
      smtpUrl: `smtp://127.0.0.1:${mail.smtpPort}`,
      from: "Nomos <nomos@nomos.test>",
      imapUrl: `imap://${encodeURIComponent("nomos@nomos.test")}:${mail.password}@127.0.0.1:${mail.imapPort}`,
    },
  });
});
after(async () => {
  await server?.close();
  await mail?.stop();
});

let sent = 0;
/** Ada (or whoever) writes to an address; resolves with the answer to that mail (matched by In-Reply-To). */
async function write(from: string, to: string, text: string, extra: { messageId?: string; headers?: Record<string, string>; subject?: string } = {}) {
  const messageId = extra.messageId ?? `<move-${++sent}.${Date.now()}@players.test>`;
  await mail.send({ from, to, subject: extra.subject ?? "Re: the game", text, messageId, ...(extra.headers ? { headers: extra.headers } : {}) });
  return messageId;
}
const answerTo = (address: string, messageId: string) => mail.waitForMail(address, (m) => header(m, "In-Reply-To") === messageId, 20_000);

test("Ada plays a Suber game by mail alone: every move a mail, every answer in words; forgeries, repeats and robots change nothing", async () => {
  const ada = await verifiedPlayer(server.url, mail, "ada", "Ada Lovelace", "ada@players.test");
  const grace = await verifiedPlayer(server.url, mail, "grace", "Grace Hopper", "grace@players.test");
  const created = await grace.post("/api/games", { name: "Post Nomic", preset: "suber", timeZone: "Europe/London" });
  const id: string = created.body.id;
  await ada.post(`/api/invites/${created.body.invite}/join`);

  // The game's mail to Ada: its Reply-To is her own address for this game.
  const told = await mail.waitForMail("ada@players.test", (m) => /waits for you to start the game/.test(m.subject ?? ""));
  const mine = header(told, "Reply-To")!;
  assert.match(mine, /^nomos\+[0-9a-f]{32}@nomos\.test$/);
  const graces = header(await mail.waitForMail("grace@players.test", (m) => /start the game/.test(m.subject ?? "")), "Reply-To");
  assert.notEqual(graces, mine, "each player has an address of their own");

  // A move: the first line names the action.
  const start = await answerTo("ada@players.test", await write("ada@players.test", mine, "start\n\nOn Mon, Grace wrote:\n> shall we?"));
  assert.match(start.text ?? "", /Recorded:/);
  assert.equal(header(start, "Auto-Submitted"), "auto-replied");
  const page = await ada.get(`/api/games/${id}`);
  assert.ok(page.body.view.state.find((s: { name: string }) => s.name === "turn").value.player, "play began");

  // Out of turn: refused in the rule's words.
  const early = await answerTo("ada@players.test", await write("ada@players.test", mine, "propose\nkind: enact\ntext: Ada moves first."));
  assert.match(early.text ?? "", /Refused by rule \d+: .*Nothing was done\./s);

  assert.equal((await grace.act(id, "propose", { change: { kind: "enact", text: "Moves may be mailed." } })).status, 200);
  await mail.waitForMail("ada@players.test", (m) => /vote on proposal 301/.test(m.subject ?? ""));
  // The CLI's short form, and a signature that is not part of it.
  const vote = await answerTo("ada@players.test", await write("ada@players.test", mine, "vote 301 for\n-- \nAda\nCountess of Lovelace"));
  assert.match(vote.text ?? "", /Recorded:[\s\S]*vote/i);
  assert.equal((await grace.act(id, "vote", { proposal: 301, vote: "for" })).status, 200);

  // Her turn: a proposal by its fields, a long text fenced.
  await mail.waitForMail("ada@players.test", (m) => /propose a rule-change/.test(m.subject ?? ""));
  const misspelt = await answerTo("ada@players.test", await write("ada@players.test", mine, "propose\nkind: enact\ntxet: oops"));
  assert.match(misspelt.text ?? "", /could not be read as a move: this form has no field "txet"/);
  assert.match(misspelt.text ?? "", /What you can do now[\s\S]*propose: /, "the moves open to her, with their forms");
  const unknown = await answerTo("ada@players.test", await write("ada@players.test", mine, "dance"));
  assert.match(unknown.text ?? "", /"dance" is not an action of this game/);
  const proposed = await answerTo(
    "ada@players.test",
    await write("ada@players.test", mine, "propose\nkind: enact\ntext:\n```\nEvery player may play by mail.\n\nA mail is a move.\n```\n"),
  );
  assert.match(proposed.text ?? "", /Recorded:/);
  const rules = await ada.get(`/api/games/${id}`);
  const p302 = JSON.stringify(rules.body.view.state);
  assert.match(p302, /Every player may play by mail\.\\n\\nA mail is a move\./, "the fenced text kept its lines");

  // A message, not a move: posted to the General channel.
  const posted = await answerTo("ada@players.test", await write("ada@players.test", mine, "Good luck, everyone!"));
  assert.match(posted.text ?? "", /Posted to the general channel/);

  // The same mail twice (one Message-ID) is acted on once; an auto-reply is never answered.
  const again = `<same-${Date.now()}@players.test>`;
  await write("ada@players.test", mine, "vote 302 for", { messageId: again });
  await answerTo("ada@players.test", again);
  await write("ada@players.test", mine, "vote 302 for", { messageId: again });
  await write("ada@players.test", mine, "vote 302 against", { headers: { "Auto-Submitted": "auto-replied" }, subject: "Out of office" });
  // Eve writes to Ada's address: nothing is done, and Ada (not Eve) is told.
  const forged = await write("eve@players.test", mine, "vote 302 against", { subject: "Not Ada" });
  const notice = await mail.waitForMail("ada@players.test", (m) => /A mail claiming to be from you was refused/.test(m.subject ?? ""));
  assert.match(notice.text ?? "", /came from eve@players\.test/);
  // A stranger writing to no one's address gets no answer: no mail of ours goes to a sender who may be forged.
  const stranger = await write("eve@players.test", `nomos+${"0".repeat(32)}@nomos.test`, "vote 302 against");
  assert.equal((await mail.inbox("eve@players.test")).filter((m) => header(m, "In-Reply-To") === forged).length, 0, "the forger gets no answer");
  const answered = (await mail.inbox("ada@players.test")).filter((m) => header(m, "In-Reply-To") === again);
  assert.equal(answered.length, 1, "the repeated mail was answered once");
  const state = (await ada.get(`/api/games/${id}`)).body.view.state;
  const votes = JSON.stringify(state).match(/"against"/g) ?? [];
  assert.equal(votes.length, 0, "neither the auto-reply nor the forgery voted");
  assert.equal((await mail.inbox("ada@players.test")).filter((m) => /Out of office/.test(m.subject ?? "")).length, 0, "the auto-reply got no answer");

  // Ada's address leaked: she takes a new one from the game's settings, and the old one is refused.
  assert.equal((await ada.get(`/api/games/${id}/notifications`)).body.playAddress, mine, "the settings show her address");
  const renewed = await ada.post(`/api/games/${id}/mail-address`);
  assert.equal(renewed.status, 200);
  const fresh = renewed.body.playAddress as string;
  assert.notEqual(fresh, mine);
  const stale = await answerTo("ada@players.test", await write("ada@players.test", mine, "help"));
  assert.match(stale.text ?? "", /not \(or is no longer\) anyone's address/);
  const help = await answerTo("ada@players.test", await write("ada@players.test", fresh, "help"));
  assert.match(help.text ?? "", /What you can do now/);
  assert.equal((await mail.inbox("eve@players.test")).filter((m) => header(m, "In-Reply-To") === stranger).length, 0, "the stranger got no answer");
});
