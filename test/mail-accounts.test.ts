/**
 * An account's e-mail, through real mail servers (postfix and dovecot, started by the test on
 * loopback): an address verified by the link mailed to it, a forgotten password reset by mail,
 * a password changed while signed in; every link refused in words once used, late or foreign.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { ParsedMail } from "mailparser";
import { ApiClient, startServer, type TestServer } from "./server-helpers.js";
import { startMailServer, type MailServer } from "./mail-server.js";

let mail: MailServer;
let server: TestServer;
let now = Date.UTC(2026, 10, 29, 9);
before(async () => {
  mail = await startMailServer(["ada@players.test", "bob@players.test", "cy@players.test", "nomos@nomos.test"]);
  server = await startServer({
    clock: () => now,
    publicUrl: "http://nomos.test",
    mail: { smtpUrl: `smtp://127.0.0.1:${mail.smtpPort}`, from: "Nomos <nomos@nomos.test>" },
  });
});
after(async () => {
  await server?.close();
  await mail?.stop();
});

/** The mails a test has read already (by Message-ID): each link is read from a mail not read before. */
const read = new Set<string>();

/** The token of a link of this kind mailed to the address, in a mail not read before. */
async function linkIn(address: string, path: string, subject: RegExp): Promise<{ token: string; mail: ParsedMail }> {
  const found = await mail.waitForMail(address, (m) => subject.test(m.subject ?? "") && !read.has(m.messageId ?? ""));
  read.add(found.messageId ?? "");
  const token = new RegExp(`http://nomos\\.test${path}#([A-Za-z0-9_-]+)`).exec(found.text ?? "")?.[1];
  assert.ok(token, `the mail carries a link to ${path}: ${found.text}`);
  return { token, mail: found };
}

async function withAddress(username: string, address: string): Promise<ApiClient> {
  const client = await new ApiClient(server.url).signup(username);
  const changed = await client.request("PATCH", "/api/me", { email: address });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  const { token } = await linkIn(address, "/account/verify", /Verify your e-mail/);
  assert.equal((await new ApiClient(server.url).post("/api/auth/verify-email", { token })).status, 200);
  return client;
}

test("an address is verified by the link mailed to it, once; another account cannot take it; a malformed one is refused in words", async () => {
  const ada = await new ApiClient(server.url).signup("ada");
  assert.equal((await ada.get("/api/session")).body.mail, true, "the page is told this server sends mail");
  const bad = await ada.request("PATCH", "/api/me", { email: "ada at players.test" });
  assert.equal(bad.status, 400);
  assert.match(bad.body.error.message, /not an e-mail address; write it as name@example\.org/);

  const changed = await ada.request("PATCH", "/api/me", { email: "ada@players.test" });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  assert.deepEqual([changed.body.email, changed.body.emailStatus], ["ada@players.test", "unverified"]);
  const { token, mail: sent } = await linkIn("ada@players.test", "/account/verify", /Verify your e-mail/);
  assert.equal(sent.headers.get("auto-submitted"), "auto-generated");
  assert.match(sent.from?.text ?? "", /nomos@nomos\.test/);

  // The link works from any browser, signed in or not.
  const verified = await new ApiClient(server.url).post("/api/auth/verify-email", { token });
  assert.equal(verified.status, 200, JSON.stringify(verified.body));
  assert.match(verified.body.message, /ada@players\.test is verified/);
  assert.equal((await ada.get("/api/session")).body.user.emailStatus, "verified");

  const again = await new ApiClient(server.url).post("/api/auth/verify-email", { token });
  assert.equal(again.status, 400);
  assert.equal(again.body.error.code, "link-used");
  assert.match(again.body.error.message, /already used.*ask for a new one/);
  const forged = await new ApiClient(server.url).post("/api/auth/verify-email", { token: `${token.slice(0, -2)}xx` });
  assert.equal(forged.body.error.code, "bad-link");

  // Eve gives Ada's address: the answer does not say it has an account; the link goes to Ada's mailbox, and opening it is refused.
  const eve = await new ApiClient(server.url).signup("eve");
  const given = await eve.request("PATCH", "/api/me", { email: "ADA@players.test" });
  assert.deepEqual([given.status, given.body.emailStatus], [200, "unverified"]);
  const { token: evesLink } = await linkIn("ada@players.test", "/account/verify", /Verify your e-mail/);
  const taken = await new ApiClient(server.url).post("/api/auth/verify-email", { token: evesLink });
  assert.equal(taken.status, 409);
  assert.match(taken.body.error.message, /another account has verified this address/);
  assert.equal((await eve.get("/api/session")).body.user.emailStatus, "unverified", "the refused link verified nothing");
});

test("a forgotten password is reset by mail: the answer never says whether the account exists, the link works once and within the hour, every session ends", async () => {
  const bob = await withAddress("bob", "bob@players.test");
  const stranger = new ApiClient(server.url);
  const known = await stranger.post("/api/auth/password-reset", { account: "bob" });
  const unknown = await stranger.post("/api/auth/password-reset", { account: "nobody-here" });
  const unknownAddress = await stranger.post("/api/auth/password-reset", { account: "nobody@players.test" });
  assert.equal(known.status, 202);
  assert.deepEqual([unknown.status, unknownAddress.status], [202, 202]);
  assert.deepEqual([unknown.body, unknownAddress.body], [known.body, known.body], "the same answer, account or not");

  const { token } = await linkIn("bob@players.test", "/reset-password", /Reset your Nomos password/);
  const weak = await stranger.post("/api/auth/password-reset/confirm", { token, password: "password1" });
  assert.equal(weak.status, 400);
  assert.equal(weak.body.error.code, "weak-password");
  const reset = await stranger.post("/api/auth/password-reset/confirm", { token, password: "a brand new passphrase" });
  assert.equal(reset.status, 200, JSON.stringify(reset.body));
  assert.equal(reset.body.user.username, "bob", "the reset signs in");
  stranger.csrf = reset.body.csrf;
  assert.equal((await bob.get("/api/session")).body.user, null, "the session opened before the reset ended");
  const twice = await stranger.post("/api/auth/password-reset/confirm", { token, password: "another new passphrase" });
  assert.equal(twice.body.error.code, "link-used");
  assert.equal((await new ApiClient(server.url).post("/api/auth/signin", { username: "bob", password: "bob-secret-pw" })).status, 401);
  assert.equal((await new ApiClient(server.url).post("/api/auth/signin", { username: "bob", password: "a brand new passphrase" })).status, 200);
  const notice = await mail.waitForMail("bob@players.test", (m) => /password was changed/.test(m.subject ?? ""));
  assert.match(notice.text ?? "", /was reset, and your other sessions ended/);

  // A link used after its hour is refused, and says what to do.
  await stranger.post("/api/auth/password-reset", { account: "bob@players.test" });
  const late = await linkIn("bob@players.test", "/reset-password", /Reset your Nomos password/);
  now += 61 * 60_000;
  const expired = await stranger.post("/api/auth/password-reset/confirm", { token: late.token, password: "a later passphrase" });
  assert.equal(expired.status, 400);
  assert.match(expired.body.error.message, /has expired; ask for a new one/);
});

test("a signed-in player changes their password: the current one is required, and their other sessions end", async () => {
  const cy = await withAddress("cy", "cy@players.test");
  const phone = new ApiClient(server.url);
  await phone.post("/api/auth/signin", { username: "cy", password: "cy-secret-pw" });
  assert.equal((await phone.get("/api/session")).body.user.username, "cy");

  const wrong = await cy.post("/api/me/password", { currentPassword: "not it", password: "cy's new passphrase" });
  assert.equal(wrong.status, 400);
  assert.match(wrong.body.error.message, /current password is not the one given/);
  const changed = await cy.post("/api/me/password", { currentPassword: "cy-secret-pw", password: "cy's new passphrase" });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  assert.equal((await cy.get("/api/session")).body.user.username, "cy", "this session stays");
  assert.equal((await phone.get("/api/session")).body.user, null, "the other one ended");
  const notice = await mail.waitForMail("cy@players.test", (m) => /password was changed/.test(m.subject ?? ""));
  assert.match(notice.text ?? "", /was changed, and your other sessions ended/);
});
