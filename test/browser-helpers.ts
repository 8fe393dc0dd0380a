/**
 * Shared set-up for browser tests: a real server on loopback and Debian's chromium driven
 * by playwright-core, both started before the file's tests and stopped after them.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { after, before } from "node:test";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { type ApiClient, startServer, type TestServer } from "./server-helpers.js";

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const shots = process.env.NOMOS_SCREENSHOTS;

export interface BrowserRig {
  server: TestServer;
  browser: Browser;
}

/** Debian's chromium, headless, as every browser test drives it. */
export function launchChromium(): Promise<Browser> {
  assert.ok(existsSync(executablePath), `no browser at ${executablePath}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

type ServerSettings = Parameters<typeof startServer>[0];

/**
 * Registers before/after hooks; the returned object is filled in once `before` has run. The
 * server's settings may come from a function, awaited in `before`: for settings known only once
 * something else has started, such as a mail server's port (Node 20 runs a file's top-level
 * `before` hooks at once, not one after another, so another hook cannot start it first).
 */
export function useBrowser(options: ServerSettings | (() => ServerSettings | Promise<ServerSettings>) = {}): BrowserRig {
  const rig = {} as BrowserRig;
  before(async () => {
    assert.ok(existsSync(join("dist", "web", "index.html")), "the web UI is not built: run `node scripts/build-web.mjs` (npm test does)");
    rig.server = await startServer(typeof options === "function" ? await options() : options);
    rig.browser = await launchChromium();
  });
  after(async () => {
    await rig.browser?.close();
    await rig.server?.close();
  });
  return rig;
}

/** Saves a screenshot when NOMOS_SCREENSHOTS names a folder (the README's come from there). */
export async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
}

/** A new browser context whose user signs up through the page; returns the lobby page. */
export async function signUpIn(rig: BrowserRig, name: string): Promise<Page> {
  const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on("pageerror", (err) => assert.fail(`${name}'s page threw: ${err.message}`));
  await page.goto(rig.server.url);
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Username").fill(name.split(" ")[0]!.toLowerCase());
  await page.getByLabel("Your name, as players will see it").fill(name);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByRole("heading", { name: "Your games" }).waitFor();
  return page;
}

/** A page in a browser context of its own, signed in with an API client's session cookie, opened at `path`. */
export async function pageAs(rig: BrowserRig, client: ApiClient, path: string): Promise<Page> {
  const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const [name, value] = client.cookie!.split("=") as [string, string];
  await context.addCookies([{ name, value, url: rig.server.url }]);
  const page = await context.newPage();
  page.on("pageerror", (err) => assert.fail(`the page threw: ${err.message}`));
  await page.goto(`${rig.server.url}${path}`);
  return page;
}

/** Imports a game file as the page's signed-in user, seated as the player `as`; returns the API's reply. */
export async function importInBrowser(page: Page, archive: unknown, as: string): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ archive, as }) => {
      const { csrf } = await (await fetch("/api/session")).json();
      const r = await fetch("/api/games/import", {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": csrf },
        body: JSON.stringify({ archive, as }),
      });
      return { status: r.status, body: await r.json() };
    },
    { archive: JSON.parse(JSON.stringify(archive)), as },
  );
}

/** The others open the link on the creator's game page and join; returns the link once the creator's page counts them all. */
export async function joinByInvitation(creator: Page, others: Page[]): Promise<string> {
  const invite = await creator.getByLabel("Invitation link").inputValue();
  for (const p of others) {
    await p.goto(invite);
    await p.getByRole("button", { name: "Join this game" }).click();
    await p.getByLabel("Invitation link").waitFor();
  }
  await creator.locator(".game-head", { hasText: `${others.length + 1} players` }).waitFor();
  return invite;
}

/** An action's form among the player's moves (those the rules would let them make now). */
export const actionForm = (page: Page, name: string) => page.locator(`section.actions details[data-action="${name}"]`);

/** The numbers of the messages a page shows now, so the next one is told apart even if its text repeats. */
export const messagesShown = (page: Page) => page.locator("[data-message]").evaluateAll((ps) => ps.map((p) => p.getAttribute("data-message")));

/** Waits for the first message shown after `shownBefore` (what an action did, or why it was refused); returns its text. */
export async function nextMessage(page: Page, shownBefore: (string | null)[]): Promise<string> {
  const fresh = page.locator(`[data-message]${shownBefore.map((n) => `:not([data-message="${n}"])`).join("")}`);
  await fresh.first().waitFor();
  return (await fresh.first().textContent())!;
}

/**
 * Writes a rule's code into a form's code field, replacing what it held, as a player does:
 * opens the field, waits for the code editor to take over from the plain box (it is fetched on
 * first focus), then writes. Writing while the box was being swapped for the editor once left the
 * code in the editor twice on CI (most likely Playwright retrying its fill on the new editor before
 * the editor's selection had caught up): a race of the driver, which a player's typing does not run.
 */
export async function writeCode(form: Locator, code: string): Promise<void> {
  const field = form.getByLabel("Rule code");
  await field.click();
  await form.locator(".cm-editor").waitFor();
  await field.fill(code);
}

/** Takes an action through its form, as a player would; `fill` fills the form first. Returns the message shown. */
export async function actThrough(page: Page, name: string, fill: (form: Locator) => Promise<void> = async () => {}): Promise<string> {
  const form = actionForm(page, name);
  await form.waitFor();
  if ((await form.getAttribute("open")) === null) await form.locator("summary").click();
  await fill(form);
  const before = await messagesShown(page);
  // Its button reads as the action's title ("Invoke judgment"), the form's one submit button.
  await form.locator("form > button[type=submit]").click();
  return nextMessage(page, before);
}

// Evaluated through the debugging protocol, which the page's Content-Security-Policy (no inline scripts) does not govern.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** What axe-core finds wrong on the page as it stands, each violation with where it is, as one readable line. */
export async function violations(page: Page): Promise<string[]> {
  await page.evaluate(`${axeSource};0`);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  return found.map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
