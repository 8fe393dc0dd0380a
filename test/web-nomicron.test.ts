/**
 * A game of Nomicron in the browser, as its players read it: made from the lobby, the others
 * joining by the invitation during the founding convention (Rule 3 admits them then); the
 * convention's moves are motions and votes on them (and a player's status); a general motion
 * made and voted from the page, which the administrator puts into effect from the decision
 * card; the floor closed and a round begun by motions, and the Rules tab showing the rules
 * that were not in effect during the convention back in effect; then, in round 1's first
 * turn, a proposal and a Request for Judgment, each through its form.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { actThrough, joinByInvitation, shot, signUpIn, useBrowser, violations } from "./browser-helpers.js";

/** The server's clock: real time plus however far the test has moved it on (to the first turn's beginning). */
let offset = 0;
const rig = useBrowser({ clock: () => Date.now() + offset });

const banner = (page: Page) => page.getByRole("status", { name: "What the game waits for" });
const moves = (page: Page) => page.locator("section.actions details[data-action]").evaluateAll((ds) => ds.map((d) => d.getAttribute("data-action")).sort());
const rule = (page: Page, n: number) => page.locator(`article.rule[data-rule="${n}"]`);

/** Every player votes for the motion from its row in the Motions table. */
async function voteFor(players: Page[], motion: number, text: string) {
  for (const p of players) {
    const row = p.getByRole("row", { name: new RegExp(`^${motion} .*${text}`) });
    const sent = p.waitForResponse((r) => r.url().endsWith("/act"));
    await row.getByRole("button", { name: "Vote for", exact: true }).click();
    assert.equal((await sent).status(), 200);
  }
}

test("Nomicron in the browser: the founding convention's motions, a round begun, a proposal and a Request for Judgment", async () => {
  const [ada, alan, grace] = [await signUpIn(rig, "Ada Lovelace"), await signUpIn(rig, "Alan Turing"), await signUpIn(rig, "Grace Hopper")];
  await ada.getByLabel("Name", { exact: true }).fill("Forum game");
  await ada.getByLabel("Ruleset").selectOption("nomicron");
  await ada.getByRole("button", { name: "Create game" }).click();
  await ada.waitForURL(/\/games\/[^/]+$/);
  // The founding convention admits whoever joins (Rule 3): the invitation is enough.
  await joinByInvitation(ada, [alan, grace]);
  const url = ada.url();
  for (const p of [ada, alan, grace]) await p.goto(`${url}/play`);

  // The convention: the floor is open, Ada (the first to join) is the administrator, and the moves are motions and status.
  await ada.getByText("The convention floor is open").waitFor();
  await ada.getByText("In convention: no round in progress (rounds played: 0)").waitFor();
  assert.deepEqual(await moves(ada), ["motion", "set-status"]);

  // A general motion, made through its form and voted from its row.
  const made = await actThrough(ada, "motion", async (f) => {
    await f.getByLabel("Kind").selectOption("general");
    await f.getByLabel("Text", { exact: false }).fill("The forum's colour is green.");
  });
  assert.match(made, /^Done: submit a motion/);
  await voteFor([alan, grace, ada], 1, "The forum's colour is green");

  // What a general motion changes, the administrator puts into effect: the others wait for Ada to decide.
  await banner(grace)
    .getByText(/Waiting for Ada Lovelace to decide: Put motion 1 into effect/)
    .waitFor();
  const card = ada.getByRole("region", { name: /^Decide: Put motion 1 into effect/ });
  await card.getByLabel("Done").fill("The forum's colour is now green.");
  await shot(ada, "nomicron");
  assert.deepEqual(await violations(ada), [], "axe-core on the convention's Play tab");
  await card.getByRole("button", { name: "Decide" }).click();
  await ada.getByText(/^Decided: Put motion 1 into effect/).waitFor();

  // During the convention only its rules are in effect: the Rules tab says so of the rest.
  await ada.getByRole("navigation").getByRole("link", { name: "Rules", exact: true }).click();
  await rule(ada, 101).getByText("Not in effect — the game is in convention, when only convention rules are in effect (Rule 2)").waitFor();
  assert.deepEqual(await violations(ada), [], "axe-core on the Rules tab");
  await ada.getByRole("navigation").getByRole("link", { name: "Play", exact: true }).click();

  // The floor closed, then a motion to begin round 1.
  for (const [n, kind, text] of [
    [2, "close-floor", "to close the floor"],
    [3, "begin-round", "to begin the next round"],
  ] as const) {
    assert.match(
      await actThrough(alan, "motion", (f) =>
        f
          .getByLabel("Kind")
          .selectOption(kind)
          .then(() => undefined),
      ),
      /^Done: submit a motion/,
    );
    await voteFor([ada, grace, alan], n, text);
  }
  await ada.getByText("Round 1: its first turn begins on the first Monday at 22:00, Central time (Rule 201)").waitFor();
  await ada.getByRole("navigation").getByRole("link", { name: "Rules", exact: true }).click();
  await rule(ada, 101).waitFor();
  assert.equal(
    await rule(ada, 101)
      .getByText(/Not in effect/)
      .count(),
    0,
    "rules are back in effect once the round begins",
  );
  await ada.getByRole("navigation").getByRole("link", { name: "Play", exact: true }).click();

  // Once a round has begun, a newcomer by the invitation waits for a motion making them a player (Rule 3), and reads why.
  const invite = await ada.getByLabel("Invitation link").inputValue();
  const edsger = await signUpIn(rig, "Edsger Dijkstra");
  await edsger.goto(invite);
  await edsger.getByRole("button", { name: "Join this game" }).click();
  await edsger
    .getByRole("status")
    .filter({ hasText: "Your request to join awaits: a person becomes a player when a motion making them one passes during a convention (Rule 3)" })
    .waitFor();
  // The players see who asks to join, so that a motion can name them.
  await ada.reload();
  await ada.getByText("Asking to join: Edsger Dijkstra").waitFor();

  // The first turn begins on the Monday (the server's clock is moved there), and Grace proposes a rule through the form.
  const begins = await banner(ada).locator("li", { hasText: "Turn begins" }).locator("time").getAttribute("datetime");
  offset = Date.parse(begins!) - Date.now() + 60_000;
  await grace.reload();
  await grace.getByText("Round 1, turn 1-1").waitFor();
  const proposed = await actThrough(grace, "propose", async (f) => {
    await f.getByLabel("Kind").selectOption("enact");
    await f.getByLabel("Title (optional)").fill("Tea");
    await f.getByLabel("Text (optional)", { exact: true }).fill("Players shall be offered tea.");
  });
  assert.match(proposed, /^Done: /);
  const asked = await actThrough(alan, "request-judgment", async (f) => {
    await f.getByLabel("Statement").fill("Tea is a beverage.");
  });
  assert.match(asked, /^Done: request a Judgment/);
  // Every player's page lists the request among the Requests for Judgment, and the proposal as a card to vote on.
  for (const p of [ada, grace]) {
    await p.reload();
    await p.getByRole("row", { name: /^5301 Tea is a beverage\. Alan Turing/ }).waitFor();
    await p.locator("article.proposal-card", { hasText: 'Enact a new rule "Tea"' }).getByRole("button", { name: "Vote for", exact: true }).waitFor();
  }
});
