/**
 * The account's pages in a real browser, on a server that sends mail to a real mail server
 * (postfix and dovecot on loopback): an address set on the account page and verified by the
 * link mailed to it, a password changed, a forgotten one reset by mail, a game's mail chosen
 * on its page, an unsubscribe link that asks first, and the tab's title saying where you are.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import type { Page } from "playwright-core";
import { joinByInvitation, shot, signUpIn, useBrowser, violations } from "./browser-helpers.js";
import { startMailServer, type MailServer } from "./mail-server.js";

let mail: MailServer;
// The links in the mails name the public address; the test opens their paths on the test server.
const rig = useBrowser(async () => {
  mail = await startMailServer(["ada@players.test", "bob@players.test", "nomos@nomos.test"]);
  return { publicUrl: "http://nomos.test", mail: { smtpUrl: `smtp://127.0.0.1:${mail.smtpPort}`, from: "Nomos <nomos@nomos.test>" } };
});
// (After the browser's and the server's own: after hooks run one after another, in order.)
after(async () => {
  await mail?.stop();
});

/** The path and token of the newest link to `path` mailed to the address under this subject. */
async function mailedLink(address: string, path: string, subject: RegExp): Promise<string> {
  const found = await mail.waitForMail(address, (m) => subject.test(m.subject ?? ""));
  const token = new RegExp(`http://nomos\\.test${path}#([A-Za-z0-9_-]+)`).exec(found.text ?? "")?.[1];
  assert.ok(token, `the mail carries a link to ${path}: ${found.text}`);
  return `${path}#${token}`;
}

const waitForTitle = (page: Page, title: string) => page.waitForFunction((t) => document.title === t, title);

/** Sets the address on the account page, then opens the link mailed to it. */
async function verifyAddress(page: Page, address: string): Promise<void> {
  await page.getByRole("link", { name: "Account", exact: true }).click();
  await page.getByRole("heading", { name: "Account", level: 1 }).waitFor();
  await page.getByLabel("E-mail address").fill(address);
  await page.getByRole("button", { name: "Save the address" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: `We mailed a link to ${address}: open it to verify the address.` })
    .waitFor();
  await page.getByText("Not verified yet: open the link we mailed you.").waitFor();
  await page.goto(rig.server.url + (await mailedLink(address, "/account/verify", /Verify your e-mail/)));
  await page
    .getByRole("status")
    .filter({ hasText: `${address} is verified` })
    .waitFor();
}

test("an address set on the account page is verified by the link mailed to it; the password is changed there", async () => {
  const ada = await signUpIn(rig, "Ada Lovelace");
  await waitForTitle(ada, "Your games · Nomos");
  await verifyAddress(ada, "ada@players.test");
  assert.equal(new URL(ada.url()).hash, "", "the used token leaves the address bar");
  await ada.getByRole("link", { name: "Your account" }).click();
  await waitForTitle(ada, "Account · Nomos");
  assert.equal(await ada.getByLabel("E-mail address").inputValue(), "ada@players.test");
  await ada.getByText("Verified.", { exact: true }).waitFor();

  const password = ada.locator("section", { has: ada.getByRole("heading", { name: "Change your password" }) });
  await password.getByLabel("Current password").fill("not my password");
  await password.getByLabel("New password").fill("a brand new passphrase");
  await password.getByRole("button", { name: "Change the password" }).click();
  await password.getByRole("alert").filter({ hasText: "your current password is not the one given" }).waitFor();
  await shot(ada, "account");
  assert.deepEqual(await violations(ada), [], "axe-core finds nothing wrong on the account page");

  await password.getByLabel("Current password").fill("correct horse battery");
  await password.getByLabel("New password").fill("a brand new passphrase");
  await password.getByRole("button", { name: "Change the password" }).click();
  await password.getByRole("status").filter({ hasText: "your password is changed" }).waitFor();
  assert.equal(await password.getByLabel("Current password").inputValue(), "", "the form is emptied");
  await ada.context().close();
});

test("a forgotten password is reset from the sign-in form by the link mailed, which signs in", async () => {
  const bob = await signUpIn(rig, "Bob Kahn");
  await verifyAddress(bob, "bob@players.test");
  await bob.getByRole("button", { name: "Sign out" }).click();

  await bob.getByRole("link", { name: "Forgot your password?" }).click();
  await waitForTitle(bob, "Reset your password · Nomos");
  await bob.getByLabel("Your username or e-mail address").fill("bob");
  await bob.getByRole("button", { name: "Mail me a link" }).click();
  await bob.getByRole("status").filter({ hasText: "if that account has a verified e-mail address, a link to reset its password is on its way" }).waitFor();
  await shot(bob, "reset-password");
  assert.deepEqual(await violations(bob), [], "axe-core finds nothing wrong on the reset page");

  await bob.goto(rig.server.url + (await mailedLink("bob@players.test", "/reset-password", /Reset your Nomos password/)));
  await bob.getByLabel("New password").fill("password1");
  await bob.getByRole("button", { name: "Set the new password and sign in" }).click();
  await bob.getByRole("alert").filter({ hasText: "that password is among the most common ones" }).waitFor();
  await bob.getByLabel("New password").fill("bob's fresh passphrase");
  await bob.getByRole("button", { name: "Set the new password and sign in" }).click();
  await bob.getByRole("heading", { name: "Your games" }).waitFor();
  await bob.getByText("Signed in as").filter({ hasText: "Bob Kahn" }).waitFor();
  assert.equal(new URL(bob.url()).pathname, "/");

  // Signed in with the new password from a fresh browser.
  const fresh = await (await rig.browser.newContext()).newPage();
  await fresh.goto(rig.server.url);
  await fresh.getByLabel("Username").fill("bob");
  await fresh.getByLabel("Password").fill("bob's fresh passphrase");
  await fresh.getByRole("button", { name: "Sign in" }).click();
  await fresh.getByRole("heading", { name: "Your games" }).waitFor();
  await fresh.context().close();
  await bob.context().close();
});

test("an unsubscribe link asks before it stops anything, signed out too", async () => {
  const visitor = await (await rig.browser.newContext()).newPage();
  await visitor.goto(`${rig.server.url}/unsubscribe/not-a-real-token`);
  await visitor.getByRole("heading", { name: "Stop all mail from this game?" }).waitFor();
  await visitor.getByRole("button", { name: "Stop this game's mail" }).click();
  await visitor.getByRole("alert").filter({ hasText: "this unsubscribe link is not one of ours" }).waitFor();
  await visitor.context().close();
});

test("a game's tab title counts what it awaits from you; its mail is chosen on its page", async () => {
  const cy = await signUpIn(rig, "Cy Lovelace");
  const dee = await signUpIn(rig, "Dee Hopper");
  await cy.getByLabel("Name", { exact: true }).fill("Friday Nomic");
  await cy.getByLabel("Ruleset").selectOption("suber");
  await cy.getByRole("button", { name: "Create game" }).click();
  await joinByInvitation(cy, [dee]);
  const start = cy.locator('details[data-action="start"]');
  if ((await start.getAttribute("open")) === null) await start.locator("summary").click();
  await start.getByRole("button", { name: "Start", exact: true }).click();

  // Dee (first by surname) proposes: her tab counts the move, Cy's names the game alone.
  await dee.getByRole("status", { name: "What the game waits for" }).getByText("Your turn").waitFor();
  await waitForTitle(dee, "(1) Friday Nomic · Nomos");
  await waitForTitle(cy, "Friday Nomic · Nomos");

  const choice = dee.locator("details.game-mail");
  await choice.getByText("Mail me about this game").click();
  const follows = choice.getByLabel("Use my account's settings");
  await follows.waitFor();
  assert.ok(await follows.isChecked());
  assert.ok(await choice.getByLabel("When this game ends").isDisabled(), "the account's settings are not changed here");
  await shot(dee, "game-mail");
  assert.deepEqual(await violations(dee), [], "axe-core finds nothing wrong with the game's mail choices open");
  await follows.uncheck();
  await choice.getByRole("status").filter({ hasText: "Saved for this game." }).waitFor();
  // The same words as the save before: the answer to this one is waited for.
  const saved = dee.waitForResponse((r) => r.url().endsWith("/notifications") && r.request().method() === "PUT");
  await choice.getByLabel("When this game ends").uncheck();
  assert.equal((await saved).status(), 200);
  await dee.reload();
  await dee.getByText("Mail me about this game").click();
  await choice.getByLabel("When this game ends").waitFor();
  assert.equal(await choice.getByLabel("When this game ends").isChecked(), false, "the game's own choice is kept");
  assert.equal(await choice.getByLabel("When this game waits for me: my turn, my vote, a decision of mine").isChecked(), true);
  await choice.getByLabel("Use my account's settings").check();
  await choice.getByRole("status").filter({ hasText: "This game follows your account's settings." }).waitFor();
  assert.equal(await choice.getByLabel("When this game ends").isChecked(), true, "the account's settings shown again");
  await cy.context().close();
  await dee.context().close();
});

test("the account page lists where one is signed in, and closes the account for good once the password is given", async () => {
  const eve = await signUpIn(rig, "Eve Young");
  await eve.goto(`${rig.server.url}/account`);
  const sessions = eve.locator("section", { has: eve.getByRole("heading", { name: "Where you are signed in" }) });
  await sessions.getByText("this one").waitFor();
  assert.equal(await sessions.getByRole("listitem").count(), 1, "one session: this browser");

  const closing = eve.locator("section", { has: eve.getByRole("heading", { name: "Close your account" }) });
  await closing.getByLabel("Your password").fill("not my password");
  await closing.getByRole("button", { name: "Close my account for good" }).click();
  await closing.getByRole("alert").filter({ hasText: "that is not your password, so your account stays open" }).waitFor();
  await closing.getByLabel("Your password").fill("correct horse battery");
  await closing.getByRole("button", { name: "Close my account for good" }).click();
  await eve.getByRole("button", { name: "Sign in" }).first().waitFor();
  await eve.context().close();
});
