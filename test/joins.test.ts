/**
 * Founding and joining a game survive the server being killed at any point: the act and
 * the seat (membership, settings) are written together or not at all, so no player is left
 * that nobody holds (a ghost could hold the turn for ever), and retrying makes one player.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { replay } from "../src/kernel/fold.js";
import { buildServer } from "../src/server/app.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { ApiClient } from "./server-helpers.js";

/** Runs the fixture to its kill point; resolves once it died by SIGKILL. */
function runUntilKilled(file: string, point: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/fixtures/join-until-killed.ts", file, point], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const timeout = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (_code, signal) => {
      clearTimeout(timeout);
      if (signal === "SIGKILL" && !output.includes("survived")) resolve();
      else reject(new Error(`the fixture was not killed at ${point}: ${output}`));
    });
  });
}

/** Every game's players are exactly the users seated in it, and every game has its settings. */
function assertNoGhosts(file: string, point: string): void {
  const store = SqliteStore.open(file);
  try {
    for (const info of store.listGames()) {
      const players = replay(info.name, info.preset, store.readActs(info.id))
        .players.map((p) => p.id)
        .sort();
      const seated = store.sql
        .prepare("SELECT player_id FROM memberships WHERE game_id = ? ORDER BY player_id")
        .all(info.id)
        .map((r) => r.player_id);
      assert.deepEqual(seated, players, `${point}: every player of game ${info.id} is someone's, and every seat a player`);
      assert.ok(
        store.sql.prepare("SELECT 1 FROM game_settings WHERE game_id = ?").get(info.id),
        `${point}: game ${info.id} has its settings (an owner, an invitation)`,
      );
    }
  } finally {
    store.close();
  }
}

async function signin(url: string, username: string): Promise<ApiClient> {
  const client = new ApiClient(url);
  const reply = await client.post("/api/auth/signin", { username, password: `${username}-secret-pw` });
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  client.csrf = reply.body.csrf;
  return client;
}

for (const point of ["found-after-write", "found-in-settings", "join-after-act", "join-in-membership"]) {
  test(`killed at ${point}: no ghost player, and a retry makes one player`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "nomos-joins-"));
    const file = join(dir, "games.db");
    try {
      await runUntilKilled(file, point);
      assertNoGhosts(file, point);
      // The users come back and try again.
      const app = await buildServer({ db: file, durability: "process", authRateLimit: 10_000 });
      try {
        const url = await app.listen({ port: 0, host: "127.0.0.1" });
        const ada = await signin(url, "ada");
        const grace = await signin(url, "grace");
        let games = (await ada.get("/api/games")).body;
        if (games.length === 0) {
          assert.equal((await ada.post("/api/games", { name: "Friday Nomic", preset: "suber" })).status, 201);
          games = (await ada.get("/api/games")).body;
        }
        assert.equal(games.length, 1, "Ada holds one game");
        const id: string = games[0].id;
        const invite = (await ada.get(`/api/games/${id}`)).body.invite;
        for (let i = 0; i < 2; i++) assert.equal((await grace.post(`/api/invites/${invite}/join`)).status, 200, "joining again answers with the same player");
        const game = (await ada.get(`/api/games/${id}`)).body;
        assert.deepEqual(game.view.players.map((p: { name: string }) => p.name).sort(), ["Ada Lovelace", "Grace Hopper"], "one player each");
        assert.equal((await ada.act(id, "start")).status, 200, "and play begins");
      } finally {
        await app.close();
      }
      assertNoGhosts(file, point);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
