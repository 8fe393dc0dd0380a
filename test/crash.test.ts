/**
 * A game survives its process being killed mid-action: on restart nothing acknowledged is
 * lost, nothing half-written shows, and the game loads and plays on.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { replay } from "../src/kernel/fold.js";
import { Game } from "../src/kernel/game.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engine, mover } from "./helpers.js";

/** Runs the fixture until it has acknowledged `acks` acts, kills it with SIGKILL, returns the last ack of each game. */
function runAndKill(file: string, acks: number): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/fixtures/play-until-killed.ts", file], { stdio: ["ignore", "pipe", "pipe"] });
    const last = new Map<string, number>();
    let seen = 0;
    let buffer = "";
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        const m = /^ack (\w+) (\d+)$/.exec(line);
        if (!m) continue;
        last.set(m[1]!, Math.max(last.get(m[1]!) ?? 0, Number(m[2])));
        if (++seen === acks) child.kill("SIGKILL");
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (_code, signal) => {
      clearTimeout(timer);
      if (signal !== "SIGKILL") reject(new Error(`the player process ended by itself: ${stderr}`));
      else resolve(last);
    });
  });
}

test("killing the process mid-game loses nothing acknowledged and leaves nothing half-written", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-crash-"));
  try {
    for (const [round, acks] of [
      [1, 40],
      [2, 97],
      [3, 260],
    ] as const) {
      const file = join(dir, `game-${round}.db`);
      const acked = await runAndKill(file, acks);
      const store = SqliteStore.open(file);
      const games = store.listGames();
      assert.equal(games.length, acked.size, "every game acknowledged is there");
      for (const info of games) {
        const acts = store.readActs(info.id);
        const lastAck = acked.get(info.id) ?? 0;
        assert.ok(acts.length >= lastAck, `every acknowledged act is kept (last ack ${lastAck}, ${acts.length} in the log)`);
        for (const [i, act] of acts.entries()) assert.equal(act.seq, i + 1, "the log has no gaps");
        const folded = replay(info.name, info.preset, acts);
        const game = await Game.load(engine(store), info.id);
        assert.deepEqual(game.state, folded, "loading (snapshot and the acts after it) agrees with folding the whole log");
        const proposals = (game.state.values.game.proposals ?? {}) as Record<string, { status: string }>;
        const turn = game.state.values.game.turn as { player: string | null } | undefined;
        if (game.state.status === "active" && turn?.player && !Object.values(proposals).some((p) => p.status === "voting")) {
          await game.act(mover(game), "propose", { change: { kind: "enact", text: "After the crash." } });
          assert.equal(game.state.seq, acts.length + 1, "and it plays on");
        }
        game.close();
      }
      store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
