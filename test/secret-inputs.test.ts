/**
 * Secret inputs, event data and timer data (issue 16): a rule takes sealed bids, whose
 * amount only the bidder and the auctioneer (an officer the rule's state names) may read,
 * in the input, the event the rule emits and the timer it sets. Everyone else learns that
 * Ada bid on a lot, never how much: in the log, the reports, past views, dry runs, the live
 * stream, an export and the command line. The log keeps the whole input, so the game
 * replays exactly. Each check has its control: the bidder and the auctioneer read it.
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { hiddenInLog, visibleLog } from "../src/kernel/visibility.js";
import { exportGame, verifyArchive } from "../src/records/archive/index.js";
import { buildRecord } from "../src/records/documents.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { runCli } from "./cli-run.js";
import { engine } from "./helpers.js";
import { bidAmount, holdsNumber, pledgeSum, sealedBidRule } from "./secret-input-helpers.js";
import { adopt, type ApiClient, listen, startServer, suberTable, type TestServer } from "./server-helpers.js";

const [ada, grace, alan] = ["ada-lovelace", "grace-hopper", "alan-turing"] as const;
const secretIn = (text: string) => holdsNumber(text, bidAmount) || holdsNumber(text, pledgeSum);

async function auction() {
  const options = engine();
  const code = compileRuleCode(sealedBidRule(alan));
  const game = await Game.create(options, { name: "Auction", preset: null, rules: [{ number: 1, text: "Sealed bids.", mutable: true, code }] });
  for (const name of ["Ada Lovelace", "Grace Hopper", "Alan Turing"]) await game.join(name);
  return { game, options };
}

test("a rule's word on who reads its input or data is checked when it loads or speaks, and refused in words", async () => {
  const loads = async (source: string) => {
    const game = await Game.create(engine(), { name: "T", preset: null, rules: [{ number: 1, text: "T.", mutable: true, code: compileRuleCode(source) }] });
    await game.join("Ada Lovelace");
    return game;
  };
  const form = `input: t.object({ lot: t.string(), amount: t.integer() })`;
  const misspelt = await loads(`action("bid", { describe: "Bid", ${form}, inputVisibility: { fields: { amout: "actor" } } }, () => {});`);
  assert.match(
    misspelt.state.broken["1"] ?? "",
    /action "bid"'s inputVisibility names the field "amout", which the action's input does not have \(its fields: lot, amount\)/,
  );
  const unknownWord = await loads(`action("bid", { describe: "Bid", ${form}, inputVisibility: "secret" as any }, () => {});`);
  assert.match(unknownWord.state.broken["1"] ?? "", /inputVisibility must be "public", "actor", "hidden" or \{ seenBy: "<game state naming an officer>" \}/);
  assert.deepEqual(misspelt.actions(), [], "a rule whose declaration is refused offers nothing");

  const speaking = await loads(`
    action("shout", { describe: "Shout", input: t.object({}) }, () => game.emit("shouted", 5, { visibility: { fields: { n: "actor" } } }));
    action("wait", { describe: "Wait", input: t.object({}) }, () => { game.schedule("done", { after: 1 }, null, { visibility: { seenBy: "" } }); });
  `);
  const failure = async (action: string) => {
    const { failed } = await speaking.act(ada, action);
    return failed?.error ?? "";
  };
  assert.match(await failure("shout"), /event "shouted"'s visibility lists fields, but the data is not an object/);
  assert.match(await failure("wait"), /timer "done"'s visibility's seenBy \(the game state naming who sees it\) needs a name/);
  for (const g of [misspelt, unknownWord, speaking]) g.close();
});

test("a sealed bid's amount reaches only the bidder and the auctioneer, in the log, the reports and a copy; the log keeps it and replays", async () => {
  const { game, options } = await auction();
  await game.act(ada, "bid", { lot: "vase", amount: bidAmount });
  await game.act(ada, "pledge", { sum: pledgeSum });
  const acts = await options.store.readActs(game.id);
  assert.ok(secretIn(JSON.stringify(acts)), "the log itself keeps the whole input");
  const logOf = (viewer: string | null) => JSON.stringify(visibleLog(game.state, acts, viewer));

  const bidEntry = (viewer: string | null) => visibleLog(game.state, acts, viewer).find((e) => e.input.kind === "action" && e.input.name === "bid")!;
  for (const viewer of [grace, null]) {
    assert.ok(!secretIn(logOf(viewer)), `${viewer ?? "a non-player"}'s log holds no amount`);
    const entry = bidEntry(viewer);
    assert.deepEqual(
      entry.input,
      { ...acts.at(-2)!.input, input: { lot: "vase", amount: { $hidden: true } } },
      "who, which action, the lot; the amount marked",
    );
    const event = entry.effects.find((e) => e.e === "event" && e.type === "bid.placed");
    assert.deepEqual(event && "data" in event && event.data, { bidder: ada, lot: "vase", amount: { $hidden: true } });
  }
  assert.ok(holdsNumber(JSON.stringify(bidEntry(ada).input), bidAmount), "the bidder reads her input");
  assert.ok(holdsNumber(JSON.stringify(bidEntry(alan)), bidAmount), "the auctioneer reads the input and the event");
  assert.ok(holdsNumber(logOf(ada), pledgeSum) && !holdsNumber(logOf(alan), pledgeSum), "a pledge is its actor's alone");

  // The scores report traces the public count of bids to the act: its cause names the bid, not the amount.
  const scores = (viewer: string) => buildRecord("scores", { acts, state: game.state, viewer });
  const graceScores = JSON.stringify(scores(grace));
  assert.match(graceScores, /Ada Lovelace: bid \{\\"lot\\":\\"vase\\",\\"amount\\":\\"<hidden>\\"\}/);
  assert.ok(!secretIn(graceScores) && holdsNumber(JSON.stringify(scores(ada)), bidAmount));

  // A copy as Grace sees it holds no amount, even once the timer carrying it fires there.
  const copy = await game.fork({ as: grace });
  try {
    assert.ok(!secretIn(JSON.stringify(copy.state)), "the copy's timer holds no amount");
    assert.deepEqual(Object.values(copy.state.timers)[0]?.data, { describe: "the sealed bids are opened", amount: { $hidden: true } });
    const firedInCopy = await copy.fireDueTimers(Date.now() + 400 * 86_400_000);
    assert.equal(firedInCopy.length, 1);
    assert.ok(!secretIn(JSON.stringify(firedInCopy)), "nor does anything the copy's rules did with it");
  } finally {
    copy.close();
  }

  // The export is the keeper's: anyone left out of some data is named what; the file replays exactly.
  assert.equal(hiddenInLog(acts, grace), 'the input of the action "bid" by ada-lovelace');
  assert.equal(hiddenInLog(acts, alan), 'the data of the timer "bids.open"', "the timer's amount is the bidder's alone");
  assert.equal(hiddenInLog(acts, ada), 'the data of the event "bid.placed"', "the event's amount is the auctioneer's alone");
  await game.fireDueTimers(Date.now() + 400 * 86_400_000);
  const report = await verifyArchive(await exportGame(options.store, game.id), () => createQuickJsSandbox());
  assert.equal(report.identical, true, JSON.stringify(report.differences));
  assert.equal(report.compared, report.acts, "every act, the bid and the timer carrying it included");
  const fired = visibleLog(game.state, await options.store.readActs(game.id, acts.length), grace);
  assert.ok(fired.length > 0 && !secretIn(JSON.stringify(fired)), "the timer's firing shows Grace no amount");
  assert.ok(holdsNumber(JSON.stringify(visibleLog(game.state, await options.store.readActs(game.id, acts.length), ada)), bidAmount));
  game.close();
});

test("data sealed for an office is read by whoever holds the office when it is read: a new auctioneer reads the bids, the old one no longer does", async () => {
  // The rule API's promise (DataVisibility's seenBy): an office's sealed data passes with the
  // office, as its records would, and as state seen by an office does; never to anyone else.
  const { game, options } = await auction();
  try {
    await game.act(ada, "bid", { lot: "vase", amount: bidAmount });
    const acts = await options.store.readActs(game.id);
    const reads = (viewer: string) => holdsNumber(JSON.stringify(visibleLog(game.state, acts, viewer)), bidAmount);
    assert.equal(reads(alan), true, "Alan, the auctioneer when the bid was placed");
    assert.equal(reads(grace), false);
    await game.correct({ host: true }, { cites: { rule: 1 }, reason: "Grace takes over the auction", changes: [{ name: "auctioneer", value: grace }] });
    assert.equal(reads(grace), true, "Grace, the auctioneer now, reads the bid placed before she was");
    assert.equal(reads(alan), false, "Alan, no longer the auctioneer, does not");
    assert.equal(reads(ada), true, "the bidder always reads her own");
  } finally {
    game.close();
  }
});

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server?.close());

test("on a server, Grace's log, reports, past views, dry runs, live news, export and command line never hold Ada's bid; Alan, the auctioneer, reads it", async () => {
  const table = await suberTable(server, ["Grace Hopper", "Ada Lovelace", "Alan Turing"]);
  const [graceApi, adaApi, alanApi] = table.clients as [ApiClient, ApiClient, ApiClient];
  const { id } = table;
  await adopt(table, 301, { kind: "enact", text: "Lots are sold by sealed bid; Alan Turing opens the bids.", code: sealedBidRule(alan) });
  const clean = (what: string, text: string) => assert.ok(!secretIn(text), `${what} shows Grace what the rules hide from her`);

  const live = await listen(graceApi, id);
  const bid = await adaApi.act(id, "bid", { lot: "vase", amount: bidAmount });
  assert.equal(bid.status, 200, bid.text);
  assert.ok(holdsNumber(bid.text, bidAmount), "Ada's reply reads her own bid");
  assert.equal((await adaApi.act(id, "pledge", { sum: pledgeSum })).status, 200);
  const last = (await graceApi.get(`/api/games/${id}`)).body.view.seq as number;
  const heard = await live.until(new RegExp(`"seq":${last}\\b`));
  live.close();
  assert.match(heard, new RegExp(`"seq":${last}\\b`), "Grace heard of the bid");
  clean("Grace's live news", heard);

  const records = ["reports/proposals?", "reports/scores?", "reports/court?"].flatMap((r) =>
    ["json", "text", "markdown"].flatMap((f) => [`/api/games/${id}/${r}format=${f}`, `/api/games/${id}/${r}format=${f}&seq=${last}`]),
  );
  const paths = [
    `/api/games/${id}`,
    `/api/games/${id}/log`,
    `/api/games/${id}/at?seq=${last}`,
    `/api/games/${id}/at?time=${encodeURIComponent(new Date().toISOString())}`,
    ...records,
  ];
  for (const path of paths) clean(`GET ${path}`, (await graceApi.get(path)).text);
  const entries = (await graceApi.get(`/api/games/${id}/log?after=${last - 2}`)).body.entries;
  assert.deepEqual(
    entries.map((e: { input: object }) => e.input),
    [
      {
        kind: "action",
        actor: ada,
        name: "bid",
        input: { lot: "vase", amount: { $hidden: true } },
        visibility: { fields: { amount: { actor: ada, seenBy: "auctioneer" } } },
      },
      { kind: "action", actor: ada, name: "pledge", input: { $hidden: true }, visibility: { actor: ada } },
    ],
    "Grace reads who acted, which action and the lot",
  );
  const page = (await graceApi.get(`/api/games/${id}`)).body;
  assert.deepEqual(
    page.timers.map((t: { describe?: string }) => t.describe),
    ["the sealed bids are opened"],
    "the deadline reads in the rule's public words",
  );
  assert.match((await graceApi.get(`/api/games/${id}/reports/scores?format=text`)).text, /Ada Lovelace: bid \{"lot":"vase","amount":"<hidden>"\}/);
  assert.ok(holdsNumber((await adaApi.get(`/api/games/${id}/log`)).text, pledgeSum), "Ada reads her pledge");
  const alanLog = (await alanApi.get(`/api/games/${id}/log`)).text;
  assert.ok(holdsNumber(alanLog, bidAmount) && !holdsNumber(alanLog, pledgeSum), "the auctioneer reads the bid, not the pledge");

  // A dry run plays on a copy holding only what Grace may see; its acts read as her log does.
  const dry = await graceApi.post(`/api/games/${id}/dry-run`, {
    steps: [
      { action: "bid", input: { lot: "urn", amount: 12 } },
      { as: ada, action: "pledge", input: { sum: 1 } },
    ],
  });
  assert.equal(dry.status, 200, dry.text);
  assert.ok(
    dry.body.steps.every((s: { ok: boolean }) => s.ok),
    dry.text,
  );
  clean("a dry run", dry.text);
  assert.deepEqual(dry.body.steps[1].entry.input.input, { $hidden: true }, "a pledge made as Ada on the copy is hers to read");

  // Grace created the game, but the file would hand her the bid: she is told why and who can export it.
  const exported = await graceApi.get(`/api/games/${id}/export`);
  assert.equal(exported.status, 403);
  assert.match(
    exported.body.error.message,
    /the log holds the input of the action "bid" by ada-lovelace, which the rules hide from your player \(grace-hopper\)/,
  );
  clean("a refused export", exported.text);

  // The command line on the server's game file, --as Grace, and `nomos remote` as Grace.
  const local = (...args: string[]) => ["--db", server.db, "--game", id, ...args];
  for (const json of [true, false]) {
    for (const args of [local("log", "--as", grace), local("report", "scores", "--as", grace), local("log")]) {
      const run = await runCli(args, json);
      assert.equal(run.code, 0, run.stderr);
      clean(`nomos ${args.join(" ")}`, run.stdout);
    }
  }
  assert.match(
    (await runCli(local("log", "--as", grace), false)).stdout,
    /Ada Lovelace: bid \{"lot":"vase","amount":"<hidden>"\}\n[\s\S]*Ada Lovelace: pledge <hidden>/,
  );
  assert.ok(holdsNumber((await runCli(local("log", "--as", alan), true)).stdout, bidAmount), "Alan's log --as reads the bid");
  const session = { NOMOS_REMOTE_FILE: join(dirname(server.db), "grace.json"), NOMOS_PASSWORD: `${grace}-secret-pw` };
  assert.equal((await runCli(["remote", "login", server.url, grace], true, session)).code, 0);
  const remote = await runCli(["remote", "log", "--game", id], false, session);
  assert.equal(remote.code, 0, remote.stderr);
  assert.match(remote.stdout, /Ada Lovelace: pledge <hidden>/);
  clean("nomos remote log", remote.stdout);
});
