/**
 * A whole game as one file: exported from one SQLite file and imported into another, it
 * loads to exactly the same state and plays on exactly as the original; re-running its
 * inputs gives its effects; a damaged or wrong file is refused and nothing is written.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { Game, type EngineOptions } from "../src/kernel/game.js";
import type { Act } from "../src/kernel/types.js";
import {
  archiveChecksum,
  ArchiveError,
  exportGame,
  importGame,
  parseArchive,
  serializeArchive,
  verifyArchive,
  type GameArchive,
} from "../src/records/archive/index.js";
import { createQuickJsSandbox } from "../src/sandbox/quickjs-sandbox.js";
import { MemoryStore } from "../src/store/memory-store.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engine, mover, playTurn, suberGame } from "./helpers.js";
import { engineOptions } from "../src/engine.js";

const dir = mkdtempSync(join(tmpdir(), "nomos-archive-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const extra = { timeZone: "Europe/Paris" };

/** Scoring as Rule 202 does, but a flat 7 points a turn: an amendment carrying code. */
const flatScoring = `
const points = playerState("points", { initial: 0 });
interface Proposal { number: number; proposer: string }
const proposals = gameState<{ [n: string]: Proposal }>("proposals", { initial: {} });
on("proposal.closed", (event) => {
  const p = proposals.get()[event.data.number];
  if (!p) return;
  const total = points.get(p.proposer) + 7;
  points.set(p.proposer, total);
  game.emit("points.changed", { player: p.proposer, change: 7, total, reason: "flat score" });
  game.emit("turn.ended", { player: p.proposer });
});
`;

/** Every vote sets two timers for the same moment; each rolls a die when it fires. */
const echoes = `
const echoes = gameState("echoes", { initial: [] as number[] });
on("vote.cast", () => {
  game.schedule("echo", { after: 90_000 }, 1);
  game.schedule("echo", { after: 90_000 }, 2);
});
on("timer:echo", () => echoes.update((all) => [...all, game.random.int(1, 6)].slice(-10)));
`;

/** A clock stopped at one moment: both copies of a game then record the same times. */
const at =
  (time: number): EngineOptions["clock"] =>
  () =>
    time;

let fileA: string;
let archive: GameArchive;
let text: string;
let live: { id: string; state: unknown; acts: Act[] };

before(async () => {
  fileA = join(dir, "original.db");
  const options = engine(SqliteStore.open(fileA));
  const game = await suberGame(["Grace Hopper", "Ada Lovelace", "Alan Turing"], options, "archive");
  await playTurn(game, { kind: "enact", text: "Every vote echoes twice.", code: echoes });
  await game.fireDueTimers();
  await playTurn(game, { kind: "amend", rule: 202, code: flatScoring });
  await game.fireDueTimers();
  await playTurn(game, { kind: "enact", text: "Players shall be courteous." }, [game.state.players.find((p) => p.id !== mover(game))!.id]);
  await game.correct({ host: true }, { cites: { rule: 101 }, reason: "scores recounted", changes: [{ name: "points", player: "ada-lovelace", value: 11 }] });
  await game.rename("alan-turing", "Alan M. Turing");
  await playTurn(game, { kind: "enact", text: "Rule of the last turn." });
  await game.fireDueTimers();
  const acts = await options.store.readActs(game.id);
  assert.ok(acts.filter((a) => a.input.kind === "timer").length >= 4, "timers fired");
  live = { id: game.id, state: structuredClone(game.state), acts };
  game.close();
  archive = await exportGame(options.store, game.id, extra);
  text = serializeArchive(archive);
  options.store.close();
});

test("a game exported from one SQLite file and imported into another loads to the same state and plays on alike", async () => {
  assert.equal(archive.format, "nomos-game");
  assert.equal(archive.version, 2);
  assert.deepEqual(archive.extra, extra);
  assert.equal(archive.acts.length, live.acts.length);
  assert.match(text, /^ {4}\{"seq":2,/m, "one act per line");

  const parsed = parseArchive(text);
  assert.deepStrictEqual(parsed, archive);
  const fileB = join(dir, "imported.db");
  const storeB = SqliteStore.open(fileB);
  const info = await importGame(storeB, parsed);
  assert.deepStrictEqual(info, archive.game);
  storeB.close();

  const original = SqliteStore.open(fileA);
  const imported = SqliteStore.open(fileB);
  assert.deepStrictEqual(imported.readActs(live.id), original.readActs(live.id));
  assert.deepStrictEqual(imported.getGame(live.id), original.getGame(live.id));

  // Re-exported, the imported game is the same file but for the time of the export.
  const again = await exportGame(imported, live.id, extra);
  assert.equal(serializeArchive({ ...again, exportedAt: archive.exportedAt }), text);

  const last = archive.acts.at(-1)!.time;
  const a = await Game.load({ ...engine(original), clock: at(last + 60_000) }, live.id);
  const b = await Game.load({ ...engine(imported), clock: at(last + 60_000) }, live.id);
  assert.deepStrictEqual(b.state, a.state);
  assert.deepStrictEqual(b.state, live.state);
  // The same next turn on both, code and all: the same acts.
  for (const game of [a, b])
    await playTurn(game, { kind: "enact", text: "After the move.", code: 'const after = gameState("after", { initial: game.random.int(1, 100) });' });
  const nextA = original.readActs(live.id, live.acts.length);
  const nextB = imported.readActs(live.id, live.acts.length);
  assert.ok(nextA.length >= 4);
  assert.deepStrictEqual(nextB, nextA);
  assert.deepStrictEqual(b.state, a.state);
  a.close();
  b.close();
  original.close();
  imported.close();
});

test("a game imported into memory loads to the same state", async () => {
  const store = new MemoryStore();
  await importGame(store, parseArchive(text));
  const game = await Game.load(engineOptions({ store }), live.id);
  assert.deepStrictEqual(game.state, live.state);
  game.close();
});

test("re-running every act's input gives every act's effects; a tampered effect is named", async () => {
  const report = await verifyArchive(parseArchive(text), () => createQuickJsSandbox());
  assert.deepEqual(report.differences, []);
  assert.equal(report.stopped, null);
  assert.equal(report.compared, archive.acts.length);
  assert.equal(report.identical, true);
  assert.match(report.caveats.join("\n"), /2 pieces of rule code .* compiled again/);

  // Ada scores more than the rules gave her in one act; the checksum is recomputed, so the file parses.
  const tampered = structuredClone(archive);
  const act = tampered.acts.find((a) =>
    a.effects.some((e) => e.e === "state.set" && e.name === "points" && e.player === "ada-lovelace" && a.input.kind !== "correction"),
  )!;
  const effect = act.effects.find((e) => e.e === "state.set" && e.name === "points" && e.player === "ada-lovelace")!;
  if (effect.e === "state.set") effect.value = (effect.value as number) + 100;
  tampered.checksum = archiveChecksum(tampered.acts);
  const damaged = await verifyArchive(parseArchive(serializeArchive(tampered)), () => createQuickJsSandbox());
  assert.equal(damaged.identical, false);
  assert.equal(damaged.differences.length, 1, "the acts after it were recorded from the true score, as the replay makes them");
  assert.equal(damaged.differences[0]!.seq, act.seq);
  assert.deepEqual(damaged.differences[0]!.parts, ["effects"]);
  assert.match(damaged.differences[0]!.detail, /"name":"points"/);
  assert.equal(damaged.stopped, null);
});

/** The archive changed by `edit`, with its checksum recomputed, as text. */
function edited(edit: (a: GameArchive) => void): string {
  const copy = structuredClone(archive);
  edit(copy);
  copy.checksum = archiveChecksum(copy.acts);
  return serializeArchive(copy);
}

test("a file that is not a sound game is refused, saying what is wrong", () => {
  const refuses = (input: string, code: string, message: RegExp) =>
    assert.throws(
      () => parseArchive(input),
      (err: unknown) => err instanceof ArchiveError && err.code === code && message.test(err.message),
      message.source,
    );
  refuses("{ not json", "not-json", /not JSON/);
  refuses(text.slice(0, text.length / 2), "not-json", /not JSON.*cut short/);
  refuses(JSON.stringify({ format: "other-game", acts: [] }), "not-an-archive", /not a Nomos game file: its "format" is "other-game"/);
  refuses(text.replace('"version": 2', '"version": 3'), "newer", /newer version of Nomos.*upgrade/);
  refuses(
    text.replace('"text":"Rule of the last turn."', '"text":"Rule of the lost turn."'),
    "damaged",
    /the file is damaged: its acts do not match its checksum/,
  );
  refuses(
    edited((a) => a.acts.splice(2, 1)),
    "invalid",
    /numbered 1, 2, 3\.\.\. .*position 3 has seq 4/,
  );
  refuses(
    edited((a) => a.acts.shift()),
    "invalid",
    /position 1 has seq 2/,
  );
  refuses(
    edited((a) => {
      a.acts[1]!.time = a.acts[0]!.time - 1;
    }),
    "invalid",
    /times go backwards: act 2/,
  );
  refuses(
    edited((a) => {
      a.acts[0]!.input = { kind: "join", player: { id: "x", name: "X" } };
    }),
    "invalid",
    /act 1 is a "join".*"create"/,
  );
  refuses(
    edited((a) => {
      a.acts[4]!.effects.push({ e: "rule.repealed", number: 999, cause: "nothing" });
    }),
    "unfoldable",
    /act 5 .*cannot be folded.*rule 999/,
  );
  refuses(
    edited((a) => {
      (a.acts[4]!.effects as unknown[]).push({ e: "rule.exploded" });
    }),
    "newer",
    /"rule.exploded", which this version of Nomos does not know/,
  );
  refuses(
    edited((a) => {
      delete (a.game as Partial<GameArchive["game"]>).seed;
    }),
    "invalid",
    /game\.seed/,
  );
  // A checksum is optional (a file made by hand), but when present it must match.
  const { checksum: _, ...unchecked } = archive;
  assert.equal(parseArchive(JSON.stringify(unchecked)).acts.length, archive.acts.length);
});

test("an import onto a taken id is refused whole, and goes through under another id", async () => {
  const store = SqliteStore.open(join(dir, "taken.db"));
  await importGame(store, parseArchive(text));
  const games = store.listGames();
  await assert.rejects(
    importGame(store, parseArchive(text)),
    (err: unknown) => err instanceof ArchiveError && err.code === "id-taken" && /already exists.*another id/.test(err.message),
  );
  // Bad files write nothing either.
  const headless = archive.acts.slice(1);
  await assert.rejects(
    importGame(store, { ...parseArchive(text), acts: headless, checksum: archiveChecksum(headless) }, { id: "bad" }),
    /position 1 has seq 2/,
  );
  await assert.rejects(importGame(store, parseArchive(text), { id: "no spaces please" }), /cannot name a game/);
  assert.deepStrictEqual(store.listGames(), games);

  const copy = await importGame(store, parseArchive(text), { id: "copy" });
  assert.deepStrictEqual(copy, { ...archive.game, id: "copy" });
  const game = await Game.load(engine(store), "copy");
  assert.deepStrictEqual(game.state, live.state);
  game.close();
  assert.equal(store.listGames().length, 2);
  store.close();
});

test("the store writes an imported game all or nothing", async () => {
  const store = SqliteStore.open(join(dir, "atomic.db"));
  const acts = structuredClone(archive.acts.slice(0, 4));
  (acts[2]!.effects as unknown[]).push({ e: "event", type: "x", data: 1n, rule: null }); // JSON cannot write a bigint: the third insert fails
  await assert.rejects(store.importGame(archive.game, acts), /BigInt/);
  assert.equal(store.getGame(archive.game.id), undefined);
  assert.deepEqual(store.readActs(archive.game.id), []);
  assert.deepEqual(store.listGames(), []);
  await assert.rejects(store.importGame(archive.game, [acts[0]!, acts[2]!]), /numbered 1\.\.2, but act 2 has seq 3/);
  store.close();
});
