/**
 * Hand play in the browser, as players who read only the page: a game made from a published
 * ruleset's text (Nomicron, Nomic VIII, deNomic), its offices named in the lobby's form.
 * A player amends a rule of the text through the propose form (the rule picked, its text
 * prefilled and edited); all three vote from the proposal's card; the banner tells the
 * Assessor to assess, and the Assessor assesses from its prompt; the Rules tab shows the new
 * text and its history. The officer records points for a player, and the players' table shows
 * them. axe-core finds nothing on the Play and Rules tabs.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { actThrough, joinByInvitation, shot, signUpIn, useBrowser, violations } from "./browser-helpers.js";
import { source } from "./ruleset-import-helpers.js";

const rig = useBrowser();

const banner = (page: Page) => page.getByRole("status", { name: "What the game waits for" });
const card = (page: Page, number: number) => page.locator(`article.proposal-card[data-proposal="${number}"]`);
let round = 0;
/** Ada creates a game from the text, naming the offices; Grace and Alan join by the invitation link. */
async function table(file: string) {
  round++;
  const [ada, grace, alan] = [
    await signUpIn(rig, `Ada${round} Lovelace`),
    await signUpIn(rig, `Grace${round} Hopper`),
    await signUpIn(rig, `Alan${round} Turing`),
  ];
  await ada.getByLabel("Name", { exact: true }).fill(`A game of ${file}`);
  await ada.getByLabel("Start from").selectOption("text");
  await ada.getByLabel("The ruleset's text").fill(source(file));
  await ada.getByLabel("Offices for hand play").fill("Assessor, Scorekeeper");
  await ada.getByRole("button", { name: "Create game" }).click();
  await ada.waitForURL(/\/games\/[^/]+$/);
  await joinByInvitation(ada, [grace, alan]);
  return { ada, grace, alan };
}

for (const file of ["nomicron.txt", "nomic-viii.txt", "denomic-1999.txt"]) {
  test(`${file}: a game made from its text is played by hand in the browser, through to an amendment the Rules tab shows`, async () => {
    const { ada, grace, alan } = await table(file);
    // Nothing starts a game played by hand: it is in play from its creation, and says no otherwise.
    await ada.locator(".game-head", { hasText: "3 players" }).waitFor();
    assert.doesNotMatch((await ada.locator(".game-head").textContent())!, /Waiting to start/);

    // Grace amends the first mutable rule of the text: picked by number, its text there to edit.
    const propose = grace.locator('details[data-action="propose"]');
    await propose.waitFor();
    const form = propose;
    if ((await form.getAttribute("open")) === null) await form.locator("summary").click();
    await form.getByLabel("Kind").selectOption("amend");
    const picker = form.getByLabel("Rule", { exact: true });
    const choices = await picker.locator("option").evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
    const target = choices.find((c) => c.value && !/\(immutable\)$|Hand play/.test(c.text));
    assert.ok(target, `a mutable rule of the text to amend among ${JSON.stringify(choices.slice(0, 5))}`);
    await picker.selectOption(target.value);
    const text = form.getByLabel("Text (optional)", { exact: true });
    const before = await text.inputValue();
    assert.ok(before.length > 20, "the rule's text is there to edit");
    const amended = `${before}\n\nAmended by hand: players shall be courteous.`;
    await text.fill(amended);
    await form.getByRole("button", { name: "Propose", exact: true }).click();
    await grace
      .getByRole("status")
      .filter({ hasText: /^Done: propose/ })
      .waitFor();

    // Numbered after the text's rules (and the kit's, where they follow the text's): not from 1.
    const number = Number(await grace.locator("article.proposal-card").first().getAttribute("data-proposal"));
    const rulesNow = (await grace.evaluate(async () => (await fetch(`/api/games/${location.pathname.split("/")[2]}/rules`)).json())) as {
      rules: { number: number }[];
    };
    assert.equal(number, Math.max(...rulesNow.rules.map((r) => r.number)) + 1);
    // Everyone votes from the card; the banner then tells Ada, the Assessor, to assess.
    for (const p of [ada, grace, alan]) {
      const c = card(p, number);
      await c.waitFor();
      assert.match((await c.textContent())!, new RegExp(`Amend Rule ${target.value}`));
      await c.getByRole("button", { name: "Vote for", exact: true }).click();
      await c.getByText("You voted for.").waitFor();
      // The Assessor is asked once the votes are in, not the moment the proposal is made.
      if (p !== alan)
        assert.equal(
          await banner(ada)
            .getByText(/assess proposal/)
            .count(),
          0,
          "asked to assess before the votes are in",
        );
    }
    await banner(ada).getByText(`Your turn: assess proposal ${number}, as Assessor`).waitFor();
    for (const p of [grace, alan])
      await banner(p)
        .getByText(new RegExp(`Waiting for Ada\\d Lovelace to assess proposal ${number}, as Assessor`))
        .waitFor();
    await shot(ada, `hand-play-${file}`);
    assert.deepEqual(await violations(ada), [], "axe-core on the Play tab");

    await banner(ada)
      .getByRole("button", { name: `Assess proposal ${number}, as Assessor` })
      .click();
    const said = await actThrough(ada, "assess", async (f) => {
      assert.equal(await f.getByLabel("Proposal", { exact: true }).inputValue(), String(number));
      await f.getByLabel("Outcome").selectOption("adopted");
      await f.getByLabel("Reason").fill("three for, none against");
    });
    assert.match(said, /^Done: the Assessor: declare a proposal adopted/);

    // The Rules tab shows the new text and how it came, on every player's page.
    for (const p of [alan, ada]) {
      await p.getByRole("navigation").getByRole("link", { name: "Rules", exact: true }).click();
      const rule = p.locator(`article.rule[data-rule="${target.value}"]`);
      await rule.locator(".rule-body > .rule-text", { hasText: "Amended by hand: players shall be courteous." }).waitFor();
      // Its history says how it changed, and the comparison of the text before and after marks what was added.
      await rule.locator("details.history summary").click();
      const history = rule.locator("details.history");
      assert.match((await history.locator("li").last().textContent())!, new RegExp(`amended \\(revision \\d+\\) by Proposal ${number}`));
      assert.match((await history.locator(".diff ins").allTextContents()).join(""), /Amended by hand: players shall be courteous\./);
    }
    assert.deepEqual(await violations(ada), [], "axe-core on the Rules tab");
    for (const p of [ada, grace, alan]) await p.context().close();
  });
}

test("the officer records points for a player from the page, and the players' table shows them", async () => {
  const { ada, grace, alan } = await table("denomic-1999.txt");
  const said = await actThrough(ada, "record-quantity", async (f) => {
    await f.getByLabel("Player").selectOption({ label: `Grace${round} Hopper` });
    await f.getByLabel("Quantity").fill("points");
    await f.getByLabel("Change").selectOption("add");
    await f.getByLabel("Amount").fill("10");
    await f.getByLabel("Reason").fill("her proposal passed");
    await f.getByLabel("Rule", { exact: true }).selectOption("345");
  });
  assert.match(said, /^Done: /);
  // Every player's table of players shows it, in the Quantities column, without a reload.
  for (const p of [alan, grace]) {
    const row = p.getByRole("row", { name: new RegExp(`^Grace${round} Hopper .*Points: 10\\b`) });
    await row.waitFor();
    const table = p.locator("table", { has: row });
    assert.ok(await table.getByRole("columnheader", { name: "Quantities" }).isVisible(), "the players' table has a Quantities column");
  }
  for (const p of [ada, grace, alan]) await p.context().close();
});
