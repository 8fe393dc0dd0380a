/**
 * A server's game when another writer (another process's store on the same file) gets an
 * act in first: the server's act is refused in words, nothing of it is recorded, and the
 * game is reloaded from its log so that the next act goes through.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Game } from "../src/kernel/game.js";
import { loadPreset } from "../src/ruleset-sources/presets.js";
import { ApiError } from "../src/server/errors.js";
import { GameHub } from "../src/server/hub.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engine } from "./helpers.js";

test("an act that loses the race to another writer is a 409 in words; the game reloads and plays on", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-race-"));
  const file = join(dir, "games.db");
  const mine = SqliteStore.open(file);
  const theirs = SqliteStore.open(file);
  const hub = new GameHub(engine(mine));
  let other: Game | undefined;
  try {
    const game = await hub.create({ name: "Raced", preset: "suber", rules: loadPreset("suber").rules });
    await hub.change(game, (g) => g.join("Grace Hopper"));
    await hub.change(game, (g) => g.join("Ada Lovelace"));
    other = await Game.load(engine(theirs), game.id);
    const raced = hub.change(game, async (g) => {
      await other!.join("Alan Turing"); // the other writer appends while this act is under way
      return g.act("grace-hopper", "start", {});
    });
    await assert.rejects(
      raced,
      (err: unknown) =>
        err instanceof ApiError && err.status === 409 && /another process changed this game as you acted, so nothing of yours was recorded/.test(err.message),
    );
    const now = (await hub.get(game.id))!;
    assert.deepEqual(
      now.state.players.map((p) => p.name),
      ["Grace Hopper", "Ada Lovelace", "Alan Turing"],
      "reloaded with the other writer's act",
    );
    assert.equal(now.state.seq, 4, "nothing of the refused act was recorded");
    await hub.change(now, (g) => g.act("grace-hopper", "start", {}));
    assert.equal(mine.lastSeq(game.id), 5, "and the next act goes through");
  } finally {
    other?.close();
    await hub.close();
    mine.close();
    theirs.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
