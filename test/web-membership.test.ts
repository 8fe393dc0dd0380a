/**
 * Leaving a game from its page, in a real browser: the control asks first, then the player
 * is no longer one, and every page says so without a reload. The invitation its creator
 * controls: closed, a newcomer is refused in words; one who forfeited (asked to confirm first) is
 * told what they are now; a new link retires the old one.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { actionForm, joinByInvitation, signUpIn, useBrowser, violations } from "./browser-helpers.js";

const rig = useBrowser();

test("a player leaves the game from its page after saying yes; staying changes nothing", async () => {
  const ada = await signUpIn(rig, "Ada Lovelace");
  const grace = await signUpIn(rig, "Grace Hopper");
  await ada.getByLabel("Name", { exact: true }).fill("Friday Nomic");
  await ada.getByLabel("Ruleset").selectOption("suber");
  await ada.getByRole("button", { name: "Create game" }).click();
  await joinByInvitation(ada, [grace]);

  const head = grace.locator(".game-head");
  await head.getByRole("button", { name: "Leave the game" }).click();
  const ask = head.getByRole("group", { name: "Leave the game?" });
  await ask.getByText("You will no longer be one of its players").waitFor();
  await ask.getByRole("button", { name: "Stay" }).click();
  assert.equal(await ada.locator(".game-head", { hasText: "2 players" }).count(), 1, "staying changes nothing");

  await head.getByRole("button", { name: "Leave the game" }).click();
  await head.getByRole("button", { name: "Yes, leave the game" }).click();
  await head.getByRole("status").filter({ hasText: "You left the game; you can still read it." }).waitFor();
  await ada.locator(".game-head", { hasText: "1 player" }).waitFor();
  assert.equal(await head.getByRole("button", { name: "Leave the game" }).count(), 0, "one who left is offered no leaving");
});

test("forfeiting asks first; the creator closes the invitation: a newcomer is refused in words, one who forfeited is told so; a new link retires the old; on approval, a newcomer asks and is approved", async () => {
  const beatrix = await signUpIn(rig, "Beatrix Byron");
  const hedy = await signUpIn(rig, "Hedy Lamarr");
  const carol = await signUpIn(rig, "Carol Late");
  await beatrix.getByLabel("Name", { exact: true }).fill("Closing Nomic");
  await beatrix.getByLabel("Ruleset").selectOption("suber");
  await beatrix.getByRole("button", { name: "Create game" }).click();
  const link = await joinByInvitation(beatrix, [hedy]);
  assert.equal(await hedy.locator(".game-head").getByLabel("Who may join by the link").count(), 0, "only the creator controls the link");
  // Forfeiting cannot be undone: it comes after the other moves, and asks first, saying what follows.
  const moves = hedy.locator("section.actions details[data-action]");
  await moves.first().waitFor();
  assert.deepEqual(await moves.evaluateAll((ds) => ds.map((d) => d.getAttribute("data-action"))), ["start", "forfeit"]);
  const forfeit = actionForm(hedy, "forfeit");
  await forfeit.locator("summary").click();
  await forfeit.getByRole("button", { name: "Forfeit", exact: true }).click();
  const ask = forfeit.getByRole("group", { name: "Forfeit: this cannot be undone" });
  await ask.getByText("You are no longer a player: you cannot act, vote or win, though you may still read the game.").waitFor();
  assert.deepEqual(await violations(hedy), []);
  await ask.getByRole("button", { name: "Cancel" }).click();
  assert.equal(await beatrix.locator(".game-head", { hasText: "2 players" }).count(), 1, "cancelling changes nothing");
  await forfeit.getByRole("button", { name: "Forfeit", exact: true }).click();
  await ask.getByRole("button", { name: "Yes, forfeit" }).click();
  await beatrix.locator(".game-head", { hasText: "1 player" }).waitFor();

  const head = beatrix.locator(".game-head");
  await head.getByLabel("Who may join by the link").selectOption("closed");
  await head.getByRole("status").filter({ hasText: "Saved: the link admits no one new." }).waitFor();
  await head.getByText("Closed to newcomers: the invitation link admits no one.").waitFor();

  await carol.goto(link);
  await carol.getByRole("status").filter({ hasText: "Closing Nomic takes no new players just now: Beatrix Byron has closed its invitation." }).waitFor();
  assert.equal(await carol.getByRole("button", { name: "Join this game" }).count(), 0, "no join is offered");
  assert.deepEqual(await violations(carol), []);

  await hedy.goto(link);
  await hedy.getByText("You are no longer a player of this game: forfeited the game (Rule 113). You may still read it.").waitFor();
  assert.equal(await hedy.getByRole("button", { name: "Open the game" }).count(), 0);

  await head.getByLabel("Who may join by the link").selectOption("open");
  await head.getByRole("button", { name: "New link" }).click();
  await head.getByRole("status").filter({ hasText: "A new link: the old one no longer admits anyone." }).waitFor();
  const newLink = await beatrix.getByLabel("Invitation link").inputValue();
  assert.notEqual(newLink, link);
  await carol.goto(link);
  await carol.getByRole("alert").filter({ hasText: "this invitation link was replaced by a newer one: ask the game's players for the new link" }).waitFor();

  // On approval: Carol asks by the new link; Beatrix sees her request and approves it; Carol is a player.
  await head.getByLabel("Who may join by the link").selectOption("approval");
  await head.getByRole("status").filter({ hasText: "Saved: newcomers ask by the link, and you approve or decline each." }).waitFor();
  await carol.goto(newLink);
  await carol.getByText("Beatrix Byron approves each newcomer: ask to join, and you join as soon as they approve.").waitFor();
  await carol.getByRole("button", { name: "Ask to join this game" }).click();
  await carol.getByRole("status").filter({ hasText: "Your request to join awaits: the approval of Beatrix Byron, who created the game" }).waitFor();
  assert.deepEqual(await violations(carol), []);
  await beatrix.reload();
  const requests = beatrix.getByRole("region", { name: "Requests to join" });
  await requests.getByText("Carol Late asks to join as a player.").waitFor();
  assert.deepEqual(await violations(beatrix), []);
  await requests.getByRole("button", { name: "Approve Carol Late" }).click();
  await requests.getByRole("status").filter({ hasText: "Carol Late joined." }).waitFor();
  await beatrix.locator(".game-head", { hasText: "2 players" }).waitFor();
});
