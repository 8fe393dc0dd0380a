/**
 * Reading a game file: every problem is found before anything is written, and each error
 * says what is wrong and how to fix it. The last check folds the whole log, as loading the
 * game would: a file that passes is a game this engine can load and play on.
 */
import { emptyState, fold } from "../../kernel/fold.js";
import type { Act, Effect, GameInfo, GameState, Input, Json } from "../../kernel/types.js";
import { archiveChecksum, ArchiveError, archiveFormat, archiveVersion, type GameArchive } from "./format.js";
import { checkMessages } from "./messages.js";

// Typed as mapped types, so that a new input or effect kind in types.ts fails to compile
// here until it is added: a file naming a kind this engine does not know is refused, not
// folded wrongly (fold skips effects it does not know).
const inputKinds: { [K in Input["kind"]]: true } = {
  create: true,
  join: true,
  rename: true,
  leave: true,
  attend: true,
  action: true,
  timer: true,
  decision: true,
  post: true,
  message: true,
  correction: true,
  clock: true,
};
const effectKinds: { [K in Effect["e"]]: true } = {
  "channel.opened": true,
  "channel.closed": true,
  "rule.enacted": true,
  "rule.archived": true,
  "rule.annotated": true,
  "rule.amended": true,
  "rule.repealed": true,
  "rule.transmuted": true,
  "rule.renumbered": true,
  "rule.property": true,
  "rule.loaded": true,
  "rule.failed": true,
  "state.declared": true,
  "state.set": true,
  "state.deleted": true,
  "player.joined": true,
  "player.left": true,
  "player.renamed": true,
  "decision.opened": true,
  "decision.closed": true,
  "player.applied": true,
  "participant.attended": true,
  "participant.left": true,
  event: true,
  message: true,
  random: true,
  calendar: true,
  "timer.set": true,
  "timer.cleared": true,
  "rule.status": true,
  "game.ended": true,
};

const ids = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

/** Whether a game id is one the store and the server's addresses take. */
export function validGameId(id: unknown): id is string {
  return typeof id === "string" && ids.test(id);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalid(message: string): ArchiveError {
  return new ArchiveError("invalid", `this game file cannot be imported: ${message}`);
}

function checkInfo(game: unknown): GameInfo {
  if (!isObject(game)) throw invalid(`"game" must be an object with the game's id, name, preset, createdAt and seed`);
  const { id, name, preset, createdAt, seed } = game;
  if (!validGameId(id)) throw invalid(`game.id must be 1 to 100 letters, digits, "-", "_" or "." (it is ${JSON.stringify(id) ?? "missing"})`);
  if (typeof name !== "string") throw invalid(`game.name must be the game's name, a string`);
  if (preset !== null && typeof preset !== "string") throw invalid(`game.preset must be the preset's name or null`);
  if (typeof createdAt !== "number" || !Number.isFinite(createdAt)) throw invalid(`game.createdAt must be a time in ms since 1970 UTC`);
  if (typeof seed !== "string" || !seed) throw invalid(`game.seed must be the game's random seed, a non-empty string (each act's seed derives from it)`);
  return { id, name, preset, createdAt, seed };
}

/** The shape of one act, enough for fold to be trusted with it. */
function checkAct(act: unknown, position: number): Act {
  const where = `act ${position} (of the "acts" list)`;
  if (!isObject(act)) throw invalid(`${where} is not an object`);
  const { seq, time, seed, input, effects } = act;
  if (typeof seq !== "number" || !Number.isInteger(seq)) throw invalid(`${where} has no whole-number "seq"`);
  if (typeof time !== "number" || !Number.isFinite(time)) throw invalid(`${where} has no "time" (ms since 1970 UTC)`);
  if (typeof seed !== "string") throw invalid(`${where} has no "seed"`);
  if (!isObject(input) || typeof input.kind !== "string") throw invalid(`${where} has no "input" with a "kind"`);
  if (!Object.hasOwn(inputKinds, input.kind))
    throw new ArchiveError(
      "newer",
      `this game file cannot be imported: ${where} is a "${input.kind}", an input this version of Nomos does not know; import it with the version of Nomos that exported it, or a newer one`,
    );
  if (!Array.isArray(effects)) throw invalid(`${where} has no "effects" list`);
  const stopped = act.stopped;
  if (
    stopped !== undefined &&
    !(
      isObject(stopped) &&
      Object.entries(stopped).every(([rule, d]) => /^\d{1,9}$/.test(rule) && isObject(d) && typeof d.error === "string" && typeof d.during === "string")
    )
  ) {
    throw invalid(`${where} has a "stopped" that is not a list of rules, by number, with the error and what each was doing`);
  }
  effects.forEach((effect: unknown, i) => {
    if (!isObject(effect) || typeof effect.e !== "string") throw invalid(`effect ${i + 1} of ${where} has no "e" naming what it does`);
    if (!Object.hasOwn(effectKinds, effect.e))
      throw new ArchiveError(
        "newer",
        `this game file cannot be imported: effect ${i + 1} of ${where} is "${effect.e}", which this version of Nomos does not know; import it with the version of Nomos that exported it, or a newer one`,
      );
  });
  return act as unknown as Act;
}

/**
 * Checks a value read from a game file (or built in code) and returns it as an archive,
 * with the state its log folds to. Throws {@link ArchiveError} naming the first problem.
 */
export function checkArchive(value: unknown): { archive: GameArchive; state: GameState } {
  if (!isObject(value))
    throw new ArchiveError(
      "not-an-archive",
      `this is not a Nomos game file: it holds ${Array.isArray(value) ? "a list" : JSON.stringify(value)}, not an object with "format": "${archiveFormat}"`,
    );
  if (value.format !== archiveFormat) {
    throw new ArchiveError(
      "not-an-archive",
      `this is not a Nomos game file: its "format" is ${JSON.stringify(value.format) ?? "missing"}, not "${archiveFormat}"; check that you picked the file a Nomos export wrote`,
    );
  }
  if (typeof value.version !== "number" || !Number.isInteger(value.version) || value.version < 1)
    throw invalid(`"version" must be a whole number (this version of Nomos writes ${archiveVersion})`);
  if (value.version > archiveVersion) {
    throw new ArchiveError(
      "newer",
      `this game file is format version ${value.version}, written by a newer version of Nomos (this one reads version ${archiveVersion}); upgrade Nomos to import it`,
    );
  }
  if (typeof value.exportedAt !== "number" || !Number.isFinite(value.exportedAt))
    throw invalid(`"exportedAt" must be the time of the export in ms since 1970 UTC`);
  const game = checkInfo(value.game);
  if (value.extra !== undefined && !isObject(value.extra)) throw invalid(`"extra", when present, must be an object`);
  if (!Array.isArray(value.acts) || value.acts.length === 0) throw invalid(`"acts" must list the game's acts, beginning with the act that created it`);
  if (value.checksum !== undefined && typeof value.checksum !== "string") throw invalid(`"checksum", when present, is "sha256:" and a hex digest`);

  const acts = value.acts.map((act, i) => checkAct(act, i + 1));
  // Before the order checks: a damaged file should be called damaged, not out of order.
  if (typeof value.checksum === "string") {
    const computed = archiveChecksum(acts, value.messages);
    const what = value.messages === undefined ? "acts" : "acts and messages";
    if (computed !== value.checksum) {
      throw new ArchiveError(
        "damaged",
        `the file is damaged: its ${what} do not match its checksum (the file says ${value.checksum}, the ${what} give ${computed}). Export the game again from where it is kept; if the ${what} were edited on purpose, remove "checksum" to import them unchecked`,
      );
    }
  }
  acts.forEach((act, i) => {
    if (act.seq !== i + 1)
      throw invalid(
        `the acts must be numbered 1, 2, 3... in order without gaps, but the act in position ${i + 1} has seq ${act.seq}; the file is incomplete or its acts were reordered`,
      );
    if (i === 0 && act.input.kind !== "create")
      throw invalid(`act 1 is a "${act.input.kind}", but a game's log begins with the act that created it (kind "create")`);
    if (i > 0 && act.input.kind === "create") throw invalid(`act ${act.seq} is a second "create": a game is created once, by act 1`);
    const before = acts[i - 1];
    if (before && act.time < before.time)
      throw invalid(
        `times go backwards: act ${act.seq} is at ${new Date(act.time).toISOString()}, before act ${before.seq} at ${new Date(before.time).toISOString()}`,
      );
  });
  if (acts[0]!.time !== game.createdAt) throw invalid(`game.createdAt (${game.createdAt}) is not the time of act 1 (${acts[0]!.time}), which created the game`);

  // Load the game as the engine would: the fold of its whole log, from nothing. Each act
  // is folded from a copy: the state keeps objects of the acts it folds and changes them.
  const state = emptyState(game.name, game.preset);
  for (const act of acts) {
    try {
      fold(state, structuredClone(act));
    } catch (err) {
      throw new ArchiveError(
        "unfoldable",
        `this game file cannot be imported: act ${act.seq} (a "${act.input.kind}") cannot be folded into the game's state: ${(err as Error).message}. The log is not one this version of Nomos can rebuild; export the game again, or import it with the version of Nomos that exported it`,
      );
    }
  }
  const archive: GameArchive = { format: archiveFormat, version: value.version === 1 ? 1 : archiveVersion, exportedAt: value.exportedAt, game, acts };
  if (value.extra !== undefined) archive.extra = value.extra as { [key: string]: Json };
  if (typeof value.checksum === "string") archive.checksum = value.checksum;
  if (value.messages !== undefined) archive.messages = checkMessages(value.messages, state);
  return { archive, state };
}

/** Reads a game file's text; throws {@link ArchiveError} saying what is wrong with it. */
export function parseArchive(text: string): GameArchive {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ArchiveError(
      "not-json",
      `this is not a Nomos game file: it is not JSON (${(err as Error).message}); a game file is the JSON document a Nomos export writes. Check that you picked the right file and that it was not cut short`,
    );
  }
  return checkArchive(value).archive;
}
