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
import { shot, signUpIn, useBrowser } from "./browser-helpers.js";

const rig = useBrowser();

interface Player {
  name: string;
  page: Page;
}

async function signUp(name: string): Promise<Player> {
  return { name, page: await signUpIn(rig, name) };
}

const action = (page: Page, name: string) => page.locator(`details[data-action="${name}"]`);

/** Takes an action through its form; `fill` fills the form first. Returns the message shown. */
async function act(player: Player, name: string, fill: (form: ReturnType<typeof action>) => Promise<void> = async () => {}): Promise<string> {
  const form = action(player.page, name);
  if (!((await form.getAttribute("open")) !== null)) await form.locator("summary").click();
  await fill(form);
  const before = (await form.locator("p[role]").count()) ? await form.locator("p[role]").textContent() : null;
  await form.getByRole("button", { name, exact: true }).click();
  const message = form.locator("p[role]");
  await message.filter({ hasNotText: before ?? "\u0000never" }).waitFor();
  return (await message.textContent())!;
}

async function moverName(page: Page): Promise<string> {
  const fact = page.locator(".status .fact", { hasText: "turn player:" });
  return ((await fact.textContent()) ?? "").replace(/^turn player: /, "");
}

/** Whose turn it is, once every page shows the same (the acting page is always up to date). */
async function agreedMover(players: Player[]): Promise<string> {
  for (;;) {
    const names = await Promise.all(players.map((p) => moverName(p.page)));
    if (names.every((n) => n === names[0])) return names[0]!;
    await players[0]!.page.waitForTimeout(50);
  }
}

/** Waits until a page, never reloaded, shows `text` in the element `selector`. */
async function sees(player: Player, selector: string, text: string | RegExp): Promise<void> {
  await player.page.locator(selector, { hasText: text }).first().waitFor();
}

/** The game's proposals, as the page's own session reads them from the API. */
async function proposals(player: Player): Promise<{ number: number; status: string }[]> {
  const id = new URL(player.page.url()).pathname.split("/")[2]!;
  const page = await player.page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), id);
  return Object.values(page.view.state.find((s: { name: string }) => s.name === "proposals").value);
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
  // The proposal is the one whose vote is open (its card is the play page's; here the API says which).
  const number = (await proposals(proposer)).find((p) => p.status === "voting")!.number;
  await beforeVotes?.(number);
  for (const p of players) {
    const choice = voteAgainst.includes(p.name) ? "against" : "for";
    const message = await act(p, "vote", async (form) => {
      await form.getByLabel("Proposal").fill(String(number));
      await form.getByLabel("Vote").selectOption({ label: choice });
    });
    assert.match(message, /^Done|closed|not open/, `${p.name} voting on ${number}: ${message}`);
  }
  assert.match((await proposals(proposer)).find((p) => p.number === number)!.status, /adopted|defeated/);
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
  for (const p of players) await sees(p, ".status", "turn player:");
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
    await form.getByLabel("Rule", { exact: true }).fill("202");
    await form.getByLabel("Text (optional)", { exact: true }).fill("Each proposer gains 42 points when their proposal is closed, adopted or not.");
    const editor = form.getByLabel("Rule code");
    await editor.click();
    await editor.fill(flat);
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
  assert.match((await preview.textContent())!, /42 points/);
  // What the new code may do, as an app lists its permissions.
  assert.match((await preview.getByLabel(/code may do/).textContent())!, /Keeps the state "points".*Acts when these happen: "proposal.closed"/);
  await shot(ada.page, "propose-preview");
  const amendedNumber = await proposeAndAdopt(
    players,
    async () => {},
    [],
    async (number) => {
      // A voter previews the open proposal from the vote form: its code and what the code may do.
      const voteForm = action(alan.page, "vote");
      await voteForm.getByLabel("Proposal").fill(String(number));
      await voteForm.getByRole("button", { name: "Preview adoption" }).click();
      const seen = voteForm.getByLabel("Preview");
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
  assert.equal((await proposals(ada)).find((p) => p.number === defeated)!.status, "defeated");

  // Turn 4, Grace, with a judgment: Ada calls for it, Alan (preceding Grace) judges.
  assert.equal(await agreedMover(players), "Grace Hopper");
  assert.match(
    await act(ada, "invoke-judgment", async (form) => {
      await form.getByLabel("Question").fill("Was Alan's proposal legal?");
    }),
    /^Done/,
  );
  for (const p of players) await sees(p, 'table[data-state="judgments"]', "Was Alan's proposal legal?");
  // Only the Judge may rule.
  assert.match(
    await act(ada, "judge", async (form) => {
      await form.getByLabel("Case").fill("1");
      await form.getByLabel("Verdict").selectOption("legal");
      await form.getByLabel("Reasoning").fill("I rule for myself.");
    }),
    /only the Judge/,
  );
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
  await sees(ada, ".status", /waiting: .*consent/i);
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
  await sees(alan, ".log", "Grace Hopper — propose");
  await sees(alan, ".log", "Ada Lovelace — invoke-judgment");
  await shot(alan.page, "log");

  // The forum, live.
  await ada.page.getByRole("link", { name: "Forum" }).click();
  await grace.page.getByRole("link", { name: "Forum" }).click();
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
