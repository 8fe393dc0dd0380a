/**
 * The web UI in a real browser (Debian's chromium, driven by playwright-core): three
 * players in three browser contexts sign up, create and join a game of Suber's Initial
 * Set, and play two full circuits (proposals, votes, an amendment with code, a judgment),
 * each seeing the others' moves arrive without reloading.
 * Set NOMOS_SCREENSHOTS=<dir> to save screenshots of the main pages there.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { actionForm, actThrough, messagesShown, nextMessage, shot, signUpIn, useBrowser, writeCode } from "./browser-helpers.js";

const rig = useBrowser();

interface Player {
  name: string;
  page: Page;
}

async function signUp(name: string): Promise<Player> {
  return { name, page: await signUpIn(rig, name) };
}

const action = actionForm;
const card = (page: Page, number: number) => page.locator(`article.proposal-card[data-proposal="${number}"]`);

/** Takes an action through its form; `fill` fills the form first. Returns the message shown. */
const act = (player: Player, name: string, fill?: (form: ReturnType<typeof action>) => Promise<void>) => actThrough(player.page, name, fill);

/** The mover is the one player the rules let propose now. */
async function proposers(players: Player[]): Promise<string[]> {
  const may = await Promise.all(players.map(async (p) => (await action(p.page, "propose").count()) > 0));
  return players.filter((_, i) => may[i]).map((p) => p.name);
}

/** Whose turn it is, once every page shows the same (the acting page is always up to date). */
async function agreedMover(players: Player[]): Promise<string> {
  for (;;) {
    const names = await proposers(players);
    if (names.length === 1) return names[0]!;
    await players[0]!.page.waitForTimeout(50);
  }
}

/** Waits until a page, never reloaded, shows `text` in the element `selector`. */
async function sees(player: Player, selector: string, text: string | RegExp): Promise<void> {
  await player.page.locator(selector, { hasText: text }).first().waitFor();
}

/** Waits until a page lists the proposal among the decided ones, with its outcome. */
async function seesDecided(player: Player, number: number, outcome: RegExp): Promise<void> {
  await player.page.locator(`details.decided li[data-proposal="${number}"]`, { hasText: outcome }).waitFor({ state: "attached" });
}

async function proposeAndAdopt(
  players: Player[],
  fill: (form: ReturnType<typeof action>) => Promise<void>,
  voteAgainst: string[] = [],
  beforeVotes?: (number: number) => Promise<void>,
): Promise<number> {
  const name = await agreedMover(players);
  const proposer = players.find((p) => p.name === name)!;
  const proposed = await act(proposer, "propose", fill);
  assert.match(proposed, /^Done/, proposed);
  // The proposal reaches every page live, as a card.
  const open = proposer.page.locator("article.proposal-card").first();
  await open.waitFor();
  const number = Number(await open.getAttribute("data-proposal"));
  for (const p of players) await card(p.page, number).waitFor();
  await beforeVotes?.(number);
  for (const p of players) {
    const choice = voteAgainst.includes(p.name) ? "against" : "for";
    // Each votes with the buttons on the proposal's card.
    const before = await messagesShown(p.page);
    await card(p.page, number)
      .getByRole("button", { name: `Vote ${choice}`, exact: true })
      .click();
    assert.equal(await nextMessage(p.page, before), `You voted ${choice} proposal ${number}.`);
  }
  for (const p of players) await seesDecided(p, number, /adopted|defeated/);
  return number;
}

test("three players play two circuits of Suber's Initial Set in their browsers", async () => {
  const ada = await signUp("Ada Lovelace");
  const grace = await signUp("Grace Hopper");
  const alan = await signUp("Alan Turing");
  const players = [ada, grace, alan];
  await shot(ada.page, "lobby");

  // Ada creates the game; the others join by its invitation link.
  await ada.page.getByLabel("Name", { exact: true }).fill("Friday Nomic");
  await ada.page.getByLabel("Ruleset").selectOption("suber");
  await ada.page.getByRole("button", { name: "Create game" }).click();
  const invite = await ada.page.getByLabel("Invitation link").inputValue();
  assert.match(invite, /\/invite\//);
  for (const p of [grace, alan]) {
    await p.page.goto(invite);
    await p.page.getByRole("button", { name: "Join this game" }).click();
    await p.page.getByLabel("Invitation link").waitFor();
  }
  // Ada's page hears of the joins without reloading.
  await sees(ada, "table.scoreboard", "Alan Turing");
  const start = await act(ada, "start");
  assert.match(start, /^Done/);
  for (const p of players) await sees(p, ".banner", /Your turn|Waiting for Grace Hopper/);
  assert.equal(await agreedMover(players), "Grace Hopper", "turn order goes by surname: Hopper, Lovelace, Turing");
  await shot(grace.page, "play");

  // Turn 1, Grace: a rule whose text tries to inject script; it must show as text.
  const xss = 'Be kind. <img src=x onerror="document.body.dataset.pwned=1">';
  await proposeAndAdopt(players, async (form) => {
    await form.getByLabel("Kind").selectOption("enact");
    await form.getByLabel("Text", { exact: true }).fill(xss);
  });

  // Turn 2, Ada: an amendment with code, previewed before it is proposed.
  assert.equal(await agreedMover(players), "Ada Lovelace");
  const flat = [
    'const points = playerState("points", { initial: 0 });',
    "interface Proposal { number: number; proposer: string }",
    'const proposals = gameState<{ [n: string]: Proposal }>("proposals", { initial: {} });',
    'on("proposal.closed", (event) => {',
    "  const p = proposals.get()[event.data.number];",
    "  if (!p) return;",
    "  const total = points.get(p.proposer) + 42;",
    "  points.set(p.proposer, total);",
    '  game.emit("points.changed", { player: p.proposer, change: 42, total, reason: "flat score" });',
    '  game.emit("turn.ended", { player: p.proposer });',
    "});",
  ].join("\n");
  const amendment = async (form: ReturnType<typeof action>) => {
    await form.getByLabel("Kind").selectOption("amend");
    await form.getByLabel("Rule", { exact: true }).selectOption("202");
    await form.getByLabel("Text (optional)", { exact: true }).fill("Each proposer gains 42 points when their proposal is closed, adopted or not.");
    await writeCode(form, flat);
  };
  const proposeForm = action(ada.page, "propose");
  await amendment(proposeForm);
  // The editor checks the code against the rule API as it is typed: a type error shows.
  await proposeForm.getByLabel("Rule code").press("End");
  await proposeForm.getByLabel("Rule code").pressSequentially('\nconst wrong: number = "text";');
  await proposeForm.locator(".cm-lintRange-error").first().waitFor();
  await proposeForm.getByLabel("Rule code").fill(flat);
  await proposeForm.getByRole("button", { name: "Preview adoption" }).click();
  const preview = proposeForm.getByLabel("Preview");
  await preview.getByText(/Rule 202 would be/).waitFor();
  // An amendment renumbers the rule in Suber, said in words; the new text shows as its changes.
  assert.match((await preview.textContent())!, /Rule 202 would be amended and renumbered as Rule \d+/);
  assert.match((await preview.locator("pre.code").textContent())!, /\+ 42/);
  // What the new code may do, as an app lists its permissions.
  assert.match((await preview.getByLabel(/code may do/).textContent())!, /Keeps the state "points".*Acts when these happen: "proposal.closed"/);
  await shot(ada.page, "propose-preview");
  const amendedNumber = await proposeAndAdopt(
    players,
    async () => {},
    [],
    async (number) => {
      // A voter previews the open proposal from its card: its code and what the code may do.
      const voteCard = card(alan.page, number);
      await voteCard.getByRole("button", { name: "Preview adoption" }).click();
      const seen = voteCard.getByLabel("Preview");
      await seen
        .getByText(/would be/)
        .first()
        .waitFor();
      assert.match((await seen.getByLabel(/code may do/).textContent())!, /Acts when these happen: "proposal.closed"/);
      assert.match((await seen.locator("pre.code").textContent())!, /\+ 42/);
      await seen.getByLabel(/code may do/).scrollIntoViewIfNeeded();
      await shot(alan.page, "vote-preview");
    },
  );

  // Turn 3, Alan: Grace votes against, so the proposal is defeated (unanimity in the first circuit).
  assert.equal(await agreedMover(players), "Alan Turing");
  const defeated = await proposeAndAdopt(
    players,
    async (form) => {
      await form.getByLabel("Kind").selectOption("enact");
      await form.getByLabel("Text", { exact: true }).fill("Alan may take two turns in a row.");
    },
    ["Grace Hopper"],
  );
  for (const p of players) await seesDecided(p, defeated, /defeated/);

  // Turn 4, Grace, with a judgment: Ada calls for it, Alan (preceding Grace) judges.
  assert.equal(await agreedMover(players), "Grace Hopper");
  assert.match(
    await act(ada, "invoke-judgment", async (form) => {
      await form.getByLabel("Question").fill("Was Alan's proposal legal?");
    }),
    /^Done/,
  );
  for (const p of players) await sees(p, 'table[data-state="judgments"]', "Was Alan's proposal legal?");
  // Only the Judge may rule: the others are not offered the form, and the banner says whom the game waits for.
  await sees(ada, ".banner", "Waiting for Alan Turing to rule on case 1");
  assert.equal(await action(ada.page, "judge").count(), 0);
  await sees(alan, ".banner", "Your turn: rule on case 1");
  assert.match(
    await act(alan, "judge", async (form) => {
      await form.getByLabel("Case").fill("1");
      await form.getByLabel("Verdict").selectOption("legal");
      await form.getByLabel("Reasoning").fill("Nothing forbade it.");
    }),
    /^Done/,
  );
  await proposeAndAdopt(players, async (form) => {
    await form.getByLabel("Kind").selectOption("enact");
    await form.getByLabel("Text", { exact: true }).fill("Judgments are published in the forum.");
  });
  // The next turn (Ada's) waits for a majority of the other players to consent.
  await sees(ada, ".banner", /Waiting for .* to consent to the ruling on case 1/);
  for (const p of [grace, alan])
    assert.match(
      await act(p, "consent", async (form) => {
        await form.getByLabel("Case").fill("1");
      }),
      /^Done/,
    );

  // Turns 5 and 6 complete the second circuit.
  for (const text of ["Players may speak in verse.", "Players should sign their proposals."]) {
    await proposeAndAdopt(players, async (form) => {
      await form.getByLabel("Kind").selectOption("enact");
      await form.getByLabel("Text", { exact: true }).fill(text);
    });
  }
  for (const p of players) await sees(p, '[data-state="turn"]', "(2 complete circuits)");

  // Every page shows the same scores, arrived live; the new scoring gave 42 to each closed proposal.
  const scores = async (p: Player) => (await p.page.locator("table.scoreboard tbody").textContent())!.replace(" (you)", "");
  const expected = await scores(ada);
  for (const p of [grace, alan]) assert.equal(await scores(p), expected);
  assert.match(expected, /Alan Turing/);

  // The rules tab: the injected text is shown as text; the amended rule has its code and history.
  await grace.page.getByRole("link", { name: "Rules" }).click();
  const kind = grace.page.locator(".rule", { hasText: "Be kind." });
  assert.equal(await kind.locator(".rule-text").textContent(), xss);
  assert.equal(await grace.page.locator(".rule img").count(), 0);
  assert.equal(await grace.page.evaluate(() => document.body.dataset.pwned), undefined);
  const amended = grace.page.locator(`[data-rule="${amendedNumber}"]`);
  await amended.locator("summary", { hasText: "Code" }).click();
  assert.match((await amended.locator("pre.code").textContent())!, /\+ 42/);
  await shot(grace.page, "rules");

  // The log, readable by people.
  await alan.page.getByRole("link", { name: "Log" }).click();
  await sees(alan, ".log", "Grace Hopper — Propose");
  await sees(alan, ".log", "Ada Lovelace — Invoke judgment");
  // The amendment in words, its text and its code there (behind "show"), never the engine's shapes.
  const amending = alan.page.locator(".log .log-head", { hasText: "Ada Lovelace — Propose: Amend Rule 202: its text and code" });
  assert.match((await amending.textContent())!, /"Each proposer gains 42 points when their proposal is closed, adopted or not\." \(code below\)/);
  assert.doesNotMatch((await amending.textContent())!, /\{ none \}|kind: /);
  await amending.getByText("Show the code").click();
  assert.match((await amending.locator("pre.code").textContent())!, /\+ 42/);
  await shot(alan.page, "log");

  // The game's General channel (its forum), live.
  await ada.page.getByRole("link", { name: "Channels" }).click();
  await grace.page.getByRole("link", { name: "Channels" }).click();
  await ada.page.getByLabel("Say something").fill("Good game so far. <b>bold?</b>");
  await ada.page.getByRole("button", { name: "Post" }).click();
  await sees(grace, ".posts", "Good game so far. <b>bold?</b>");
  assert.equal(await grace.page.locator(".posts b").count(), 0);

  // On a phone the page is one column, nothing wider than the screen.
  await grace.page.setViewportSize({ width: 390, height: 844 });
  await grace.page.getByRole("link", { name: "Play" }).click();
  await grace.page.locator("table.scoreboard").waitFor();
  assert.ok(await grace.page.evaluate(() => document.documentElement.scrollWidth <= 390), "the page is wider than a phone's screen");
  await shot(grace.page, "phone");
});
