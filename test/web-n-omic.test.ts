/**
 * A game of the N_omic preset in a real browser (Debian's chromium, driven by playwright-core):
 * Ada creates it in the lobby, three more players join by its invitation, and Edsger, who
 * moves first, plays his whole turn through the page's forms: a purchase, a proposal with
 * its 24 hours of discussion (the server's clock is moved on), the final form, the vote, a
 * refused move and a stay, and lines of the Epic Poem. Along the way: the board is drawn as
 * a board, Edsger's label is readable by the others and by him nowhere (page text of every
 * tab, and every JSON answer his page received), the Rules tab marks Rule 324's comment and
 * not Rule 306's symbols, and the page fits a phone.
 * Set NOMOS_SCREENSHOTS=<dir> to save screenshots there.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { actThrough, messagesShown, nextMessage, shot, signUpIn, useBrowser } from "./browser-helpers.js";
import { ApiClient } from "./server-helpers.js";

const hour = 3_600_000;

/** The server's clock: real time plus however far the test has moved it on. */
let offset = 0;
const clock = () => Date.now() + offset;

// The server reads the clock above, so that a discussion's 24 hours can pass.
const rig = useBrowser({ clock });

/** Takes an action through its form; `fill` fills the form first. Returns the message shown. */
const act = actThrough;
const card = (page: Page, number: number) => page.locator(`article.proposal-card[data-proposal="${number}"]`);

/** Waits until a page, never reloaded, shows `text` in the element `selector`. */
async function sees(page: Page, selector: string, text: string | RegExp): Promise<void> {
  await page.locator(selector, { hasText: text }).first().waitFor();
}

const tab = (page: Page, name: string) => page.getByRole("navigation").getByRole("link", { name, exact: true });
const stateValue = (page: Page, name: string) => page.locator(`dl.values [data-state="${name}"] dd`);
const scoreRow = (page: Page, player: string) => page.locator("table.scoreboard tbody tr", { has: page.locator("th", { hasText: player }) });

/** Every object in a JSON value, however deep. */
function* objects(value: unknown): Generator<Record<string, unknown>> {
  if (!value || typeof value !== "object") return;
  if (!Array.isArray(value)) yield value as Record<string, unknown>;
  for (const v of Object.values(value)) yield* objects(v);
}

test("N_omic in the browser: the board, a label its bearer never sees, and a whole turn played through the forms", async () => {
  // 1. The lobby offers the preset; Ada creates a game of it.
  const ada = await signUpIn(rig, "Ada Lovelace");
  const presetSelect = ada.getByLabel("Ruleset");
  await presetSelect.locator("option", { hasText: "N_omic (April 2001)" }).waitFor({ state: "attached" });
  assert.ok((await presetSelect.locator("option").allTextContents()).includes("N_omic (April 2001)"));
  await ada.getByLabel("Name", { exact: true }).fill("N_omic revival");
  await presetSelect.selectOption({ label: "N_omic (April 2001)" });
  await ada.getByRole("button", { name: "Create game" }).click();
  const invite = await ada.getByLabel("Invitation link").inputValue();
  const code = invite.split("/invite/")[1]!;
  const gameId = new URL(ada.url()).pathname.split("/")[2]!;
  await sees(ada, ".game-head", "n_omic");

  // Grace and Alan join through the API; Edsger signs up in his own browser and joins from it.
  const grace = await new ApiClient(rig.server.url).signup("grace", "Grace Hopper");
  const alan = await new ApiClient(rig.server.url).signup("alan", "Alan Turing");
  const ids: Record<string, string> = {};
  for (const [who, client] of [
    ["grace", grace],
    ["alan", alan],
  ] as const) {
    const joined = await client.post(`/api/invites/${code}/join`);
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    ids[who] = joined.body.me;
  }
  const edsger = await signUpIn(rig, "Edsger Dijkstra");
  // Everything Edsger's page is sent as JSON, kept to look for his label in.
  const received: Promise<{ url: string; text: string }>[] = [];
  edsger.on("response", (response) => {
    if (!(response.headers()["content-type"] ?? "").includes("json")) return;
    received.push(
      response.text().then(
        (text) => ({ url: response.url(), text }),
        () => ({ url: response.url(), text: "" }),
      ),
    );
  });
  const joined = await edsger.evaluate(async (code) => {
    const { csrf } = await (await fetch("/api/session")).json();
    const r = await fetch(`/api/invites/${code}/join`, { method: "POST", headers: { "content-type": "application/json", "x-csrf-token": csrf }, body: "{}" });
    return { status: r.status, body: await r.json() };
  }, code);
  assert.equal(joined.status, 200, JSON.stringify(joined.body));
  ids.edsger = joined.body.me;
  await edsger.goto(`${rig.server.url}/games/${gameId}/play`);

  // Ada's page hears of the joins without reloading; she starts play.
  await sees(ada, "table.scoreboard", "Edsger Dijkstra");
  assert.match(await act(ada, "start"), /^Done/);
  await sees(ada, ".banner", "Waiting for Edsger Dijkstra to announce how many extra rule-changes you buy");
  await sees(edsger, ".banner", "Your turn: announce how many extra rule-changes you buy");
  await sees(ada, '[data-state="phase"]', "Edsger Dijkstra: purchase phase, since");

  // What the others know: the label words and rows, and the label on Edsger's forehead.
  const graceView = (await grace.get(`/api/games/${gameId}`)).body;
  const words = graceView.view.state.find((s: { name: string }) => s.name === "label-words").value as { word: string; row: number }[];
  assert.equal(words.length, 2, "four participants: ceil(4/3) = 2 label words");
  const label = graceView.view.state.find((s: { name: string }) => s.name === "label").values[ids.edsger!] as string;
  assert.ok(
    words.some((w) => w.word === label),
    `Edsger's label "${label}" is one of the valid words`,
  );

  // 2. The board, as a board: 20 files around a cylinder, the four pieces on row 20, the labelled rows.
  const board = ada.locator("table.board");
  await board.waitFor();
  assert.deepEqual(
    await board.locator("thead th.file").allTextContents(),
    Array.from({ length: 20 }, (_, x) => String(x)),
  );
  const row20 = board.locator('tr[data-row="20"]');
  assert.equal(await row20.locator(".piece").count(), 4);
  assert.equal(await board.locator(".piece").count(), 4, "every piece is on row 20");
  const pieceAt = (x: number) => row20.locator(`td[data-file="${x}"] .piece`);
  assert.deepEqual(
    await Promise.all([0, 5, 10, 15].map((x) => pieceAt(x).textContent())),
    ["AL", "GH", "AT", "ED"],
    "in the order they joined, five files apart",
  );
  assert.equal(await pieceAt(0).getAttribute("aria-label"), "Ada Lovelace (you)");
  assert.equal(await board.locator(".piece.me").count(), 1, "only the viewer's own piece is highlighted");
  assert.match((await pieceAt(0).getAttribute("class"))!, /\bme\b/);
  for (const w of words) assert.equal(await board.locator(`tr[data-row="${w.row}"] .row-label`).textContent(), w.word, `row ${w.row} is labelled "${w.word}"`);
  assert.equal(await board.locator(".row-label").count(), 2);
  assert.match((await board.locator('tr[data-row="10"]').getAttribute("class")) ?? "", /marked/, "row 10 is marked: no move starts or ends there");
  assert.equal(await board.locator('tr[data-row="0"] .row-mark').textContent(), "reach it: +100 points, and everyone back to row 20");
  await ada.getByText("The board wraps: file 19 is next to file 0.").waitFor();
  await board.scrollIntoViewIfNeeded();
  await shot(ada, "n-omic-board");
  // Twenty files are wider than the column: the board's box scrolls to the row labels.
  await ada.locator(".board-scroll").evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await shot(ada, "n-omic-board-labels");
  await ada.locator(".board-scroll").evaluate((el) => {
    el.scrollLeft = 0;
  });

  // 3. Labels: Ada reads Edsger's; Edsger's own is hidden from him (the others' are still null).
  assert.equal((await scoreRow(ada, "Edsger Dijkstra").locator('td[data-state="label"]').textContent())?.trim(), label);
  assert.equal((await scoreRow(ada, "Ada Lovelace").locator('td[data-state="label"]').textContent())?.trim(), "hidden", "Ada cannot read her own label either");
  const ownLabel = scoreRow(edsger, "Edsger Dijkstra (you)").locator('td[data-state="label"]');
  await ownLabel.waitFor();
  assert.equal((await ownLabel.textContent())?.trim(), "hidden");
  assert.equal(await ownLabel.locator("span").getAttribute("title"), "hidden from you by the rules");
  assert.deepEqual(await scoreRow(edsger, "Ada Lovelace").locator('td[data-state="label"]').allTextContents(), ["Unlabelled"], "Ada is still Unlabelled");

  // 4. Edsger's turn, through the forms: purchase nothing, propose an amendment of Rule 337.
  assert.match(
    await act(edsger, "purchase", async (form) => {
      await form.getByLabel("Extra").fill("0");
    }),
    /^Done/,
  );
  await sees(edsger, '[data-state="phase"]', "proposal phase");
  const amendment = "The proponent decides the final form of eir proposal and when debate ends.";
  const proposed = await act(edsger, "propose", async (form) => {
    // The change is a sub-form: a kind, the rule picked from those in effect, its text (prefilled with the rule's own).
    await form.getByRole("button", { name: "Add change" }).click();
    await form.getByLabel("Kind").selectOption("amend");
    await form.getByLabel("Rule", { exact: true }).selectOption("337");
    assert.notEqual(await form.getByLabel("Text (optional)", { exact: true }).inputValue(), "", "the amendment starts from the rule's text");
    await form.getByLabel("Text (optional)", { exact: true }).fill(amendment);
  });
  assert.match(proposed, /^Done/, proposed);
  // The proposal is under discussion, on both pages, live: a card that says so, with no vote yet.
  for (const page of [edsger, ada]) {
    await sees(page, '[data-state="phase"]', "discussion phase");
    await sees(page, "article.proposal-card header", "discussion");
  }
  const openCard = edsger.locator("article.proposal-card").first();
  const number = Number(await openCard.getAttribute("data-proposal"));
  assert.equal(await openCard.getByRole("button", { name: /^Vote/ }).count(), 0, "no vote before the discussion ends");
  assert.ok(number > 337, `the proposal has a number after the last rule's: ${number}`);
  await shot(edsger, "n-omic-discussion");

  // Too early for the final form: the 24 hours have not passed, and the banner says what is awaited meanwhile.
  await sees(edsger, ".banner", `Your turn: discuss Proposal ${number} for 24 hours`);
  assert.equal(await card(edsger, number).getByRole("button", { name: "Final form" }).count(), 0);
  // A day passes on the server's clock, and Edsger comes back to the page: the final form, from the card, opens the vote.
  offset += 24 * hour + 60_000;
  await edsger.reload();
  await sees(edsger, ".banner", `Your turn: announce the final form of Proposal ${number}`);
  const before = await messagesShown(edsger);
  await card(edsger, number).getByRole("button", { name: "Final form" }).click();
  assert.equal(await nextMessage(edsger, before), `Done: final form on Proposal ${number}.`);
  for (const page of [edsger, ada]) await sees(page, '[data-state="phase"]', "voting phase");

  // Everyone votes for: Edsger and Ada with the buttons on the proposal's card, Grace and Alan by the API.
  for (const page of [edsger, ada]) {
    const c = card(page, number);
    assert.match((await c.locator(".change-summary").textContent())!, /Amend Rule 337/);
    const before = await messagesShown(page);
    await c.getByRole("button", { name: "Vote for", exact: true }).click();
    assert.equal(await nextMessage(page, before), `You voted for proposal ${number}.`);
  }
  for (const client of [grace, alan]) {
    const voted = await client.act(gameId, "vote", { proposal: number, vote: "for" });
    assert.equal(voted.status, 200, JSON.stringify(voted.body));
  }
  for (const page of [edsger, ada]) await page.locator(`details.decided li[data-proposal="${number}"]`, { hasText: "adopted" }).waitFor({ state: "attached" });
  await sees(edsger, '[data-state="phase"]', "movement phase");

  // Movement: a move he cannot afford is refused with the reason; he stays.
  const refused = await act(edsger, "move", async (form) => {
    await form.getByLabel("X", { exact: true }).fill("16");
    await form.getByLabel("Y", { exact: true }).fill("19");
  });
  assert.match(refused, /the move costs 100 Groks and you have 50/, refused);
  assert.match(await act(edsger, "stay"), /^Done/);
  await sees(edsger, '[data-state="phase"]', "end phase");
  assert.equal(await edsger.locator('table.board tr[data-row="20"] td[data-file="15"] .piece.me').textContent(), "ED", "he has not moved");

  // The Epic Poem: his lines, through the form; the turn ends and passes to Grace Hopper.
  const lines = ["Upon a cylinder of twenty files,", "the pieces wait on row twenty, all smiles."];
  assert.match(
    await act(edsger, "add-poem-lines", async (form) => {
      await form.getByLabel("Lines", { exact: true }).fill(lines.join("\n"));
    }),
    /^Done/,
  );
  for (const page of [edsger, ada]) {
    for (const line of lines) await sees(page, 'dl.values [data-state="epic-poem"]', line);
    await sees(page, '[data-state="turn"]', "Grace Hopper is moving");
  }
  const poem = (await stateValue(edsger, "epic-poem").textContent())!;
  assert.ok(poem.indexOf("A long time ago") < poem.indexOf(lines[0]!) && poem.indexOf(lines[0]!) < poem.indexOf(lines[1]!), poem);
  await stateValue(edsger, "epic-poem").scrollIntoViewIfNeeded();
  await shot(edsger, "n-omic-poem");

  // 3, continued: nowhere on Edsger's page is his label tied to him, in any tab.
  const forehead = `forehead: "${label}"`;
  // The check's control: Ada's log tells her the label in those words.
  await tab(ada, "Log").click();
  await sees(ada, ".log", forehead);
  assert.match((await ada.locator(".log").textContent())!, new RegExp(`label on Edsger Dijkstra's forehead: "${label}"`));

  const texts: Record<string, string> = {};
  const body = async () => (await edsger.evaluate(() => document.body.textContent)) ?? "";
  texts.play = await body();
  await tab(edsger, "Log").click();
  await sees(edsger, ".log", "The Judge sticks a label on your forehead");
  texts.log = await body();
  await tab(edsger, "Rules").click();
  await edsger.locator('.rule[data-rule="326"]').waitFor();
  texts.rules = await body();
  await tab(edsger, "Records").click();
  // Each record, once loaded (the element waited for is drawn only from its data).
  const records = [
    ["Ruleset", "Ruleset", ".published-rule"],
    ["Proposals", "Proposals report", 'table[data-report="proposals"]'],
    ["Scores", "Scores report", ".scores-report"],
    ["Court", "Court report", ".court-report"],
  ] as const;
  for (const [button, heading, drawn] of records) {
    await edsger.getByRole("group", { name: "Record to show" }).getByRole("button", { name: button, exact: true }).click();
    await edsger.getByRole("heading", { name: heading, exact: true }).waitFor();
    await edsger.locator(`section.record[aria-busy="false"] ${drawn}`).first().waitFor();
    if (button === "Ruleset") {
      await edsger.getByRole("group", { name: "Ruleset length" }).getByRole("button", { name: "Full" }).click();
      await edsger.locator('section.record[aria-busy="false"] .published-rule').first().waitFor();
    }
    if (button === "Scores") {
      await edsger.locator('table[data-report="score-changes"]').waitFor();
      // The label's section lists the others' labels, not his; no change of his label is listed.
      const labels = edsger.locator('table[data-report="values-label"]');
      if (await labels.count())
        assert.ok(!(await labels.locator("tbody th").allTextContents()).some((n) => n.includes("Edsger")), "his label has no row in the scores report");
      const changes = await edsger.locator('table[data-report="score-changes"] tbody tr').evaluateAll((trs) =>
        trs.map((tr) => ({
          player: tr.querySelector('[data-label="Player"]')?.textContent ?? "",
          change: tr.querySelector('[data-label="Change"]')?.textContent ?? "",
        })),
      );
      assert.ok(changes.length > 0);
      assert.deepEqual(
        changes.filter((c) => c.player.includes("Edsger") && c.change.startsWith("label")),
        [],
        "no change of his label is reported to him",
      );
    }
    texts[`records ${button}`] = await body();
  }
  await tab(edsger, "Channels").click();
  texts.channels = await body();
  // Another's label may be the same word, and is Edsger's to read: "Grace Hopper's forehead: ...".
  const others = ["Ada Lovelace", "Grace Hopper", "Alan Turing"];
  const unlessOthers = (text: string) => others.reduce((t, name) => t.replaceAll(`${name}'s forehead: `, `${name}'s forehead - `), text);
  for (const [where, text] of Object.entries(texts)) {
    const at = unlessOthers(text).indexOf(forehead);
    assert.equal(at, -1, `Edsger's ${where} tab shows ${forehead}: …${text.slice(Math.max(0, at - 200), at + 50)}`);
    assert.ok(!new RegExp(`Edsger Dijkstra's forehead: .?${label}`).test(text), `Edsger's ${where} tab ties his name to his label`);
  }
  assert.ok(texts.log!.includes("The Judge sticks a label on your forehead. Everyone else can read it; you cannot."));

  // ... nor in anything the server sent his page.
  const answers = await Promise.all(received);
  assert.ok(
    answers.some((a) => a.url.endsWith(`/api/games/${gameId}`)),
    "his page's game view was captured",
  );
  assert.ok(
    answers.some((a) => a.url.includes(`/api/games/${gameId}/log`)),
    "his page's log was captured",
  );
  for (const report of ["scores", "proposals", "court"]) {
    assert.ok(
      answers.some((a) => a.url.includes(`/api/games/${gameId}/reports/${report}`)),
      `his page's ${report} report was captured: ${answers.map((a) => a.url).join(", ")}`,
    );
  }
  for (const { url, text } of answers) {
    const plain = unlessOthers(text.replaceAll('\\"', '"'));
    assert.ok(
      !plain.includes(forehead),
      `${url} sent Edsger ${forehead}: …${plain.slice(Math.max(0, plain.indexOf(forehead) - 200), plain.indexOf(forehead) + 50)}`,
    );
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    for (const o of objects(parsed)) {
      assert.notEqual(o[ids.edsger!], label, `${url} sent Edsger a map giving his label: ${JSON.stringify(o).slice(0, 300)}`);
      const about = o.player === ids.edsger || (o.player as { id?: string } | null)?.id === ids.edsger;
      if (about) assert.ok(!Object.values(o).includes(label), `${url} sent Edsger an entry tying him to his label: ${JSON.stringify(o).slice(0, 300)}`);
      if (o.name === "label" && o.scope === "player")
        assert.ok(!(ids.edsger! in ((o.values as object | undefined) ?? {})), `${url} sent Edsger his own label state`);
    }
  }

  // 5. The Rules tab: Rule 324's comment is shown as a comment; Rule 306's own symbols are not.
  await tab(edsger, "Rules").click();
  const r324 = edsger.locator('.rule[data-rule="324"] .rule-text');
  await r324.waitFor();
  const comments = await r324.locator(".rule-comment").allTextContents();
  assert.equal(comments.length, 1, JSON.stringify(comments));
  assert.match(comments[0]!, /^\[\[So for example, if there are 20 Files .* File m-1 adjacent to File 0\.\]\]$/s);
  assert.equal(await r324.locator(".rule-comment").getAttribute("title"), "a comment: no effect on the rule");
  const r306 = edsger.locator('.rule[data-rule="306"] .rule-text');
  assert.match((await r306.textContent())!, /The symbol "\[\[" will be used to start comments/);
  assert.equal(await r306.locator(".rule-comment").count(), 0, "in Rule 306 the symbols do not denote comments");
  await r324.locator(".rule-comment").scrollIntoViewIfNeeded();
  await shot(edsger, "n-omic-rule-324");
  // The amended rule reads as proposed.
  assert.ok((await edsger.locator(".rule .rule-text", { hasText: amendment }).count()) === 1, "the adopted amendment is in the rules");

  // 6. On a phone nothing is wider than the screen.
  const tabs: [string, string][] = [
    ["Rules", '.rule[data-rule="324"]'],
    ["Records", "section.record"],
    ["Log", ".log li"],
    ["Channels", "nav.tabs"],
    ["Play", "table.board"],
  ];
  for (const [page, name, ready] of [...tabs.map(([name, ready]) => [edsger, name, ready] as const), [ada, "Play", "table.board"] as const]) {
    await page.setViewportSize({ width: 390, height: 844 });
    await tab(page, name).click();
    await page.locator(ready).first().waitFor();
    const wide = await page.evaluate(() => {
      if (document.documentElement.scrollWidth <= 390) return null;
      const culprits = [...document.querySelectorAll("body *")].filter(
        (el) => el.getBoundingClientRect().right > 390.5 && !el.closest(".board-scroll, .table-scroll"),
      );
      return {
        width: document.documentElement.scrollWidth,
        culprits: culprits
          .slice(0, 8)
          .map(
            (el) =>
              `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} right=${Math.round(el.getBoundingClientRect().right)}: ${(el.textContent ?? "").slice(0, 60)}`,
          ),
      };
    });
    assert.equal(wide, null, `the ${name} tab is wider than a phone's screen: ${JSON.stringify(wide, null, 1)}`);
  }
  await edsger.locator("table.board").scrollIntoViewIfNeeded();
  await shot(edsger, "n-omic-phone");
});
