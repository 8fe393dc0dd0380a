/**
 * A full disk: every write the server acknowledges is on disk, and a write that could not be
 * saved is refused in words, changing nothing. The game file lives on a small tmpfs mounted
 * for the test (root only) and filled to the last byte.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { buildServer } from "../src/server/app.js";
import { ApiClient } from "./server-helpers.js";

/** Mounts a tmpfs of `size` at a new directory; undefined (and why) if this machine will not. */
function mountTmpfs(size: string): { dir: string } | { why: string } {
  const dir = mkdtempSync(join(tmpdir(), "nomos-full-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "pipe" });
    return { dir };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return {
      why: `cannot mount a tmpfs here (${String((err as { stderr?: Buffer }).stderr ?? (err as Error).message).trim()}); run as root to test a full disk`,
    };
  }
}

/** Writes to `file` until the disk has no byte left. */
function fill(file: string): void {
  const fd = openSync(file, "w");
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (let size = chunk.length; size >= 1; size = Math.floor(size / 2)) {
      for (;;) {
        try {
          if (writeSync(fd, chunk, 0, size) < size) break;
        } catch {
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

test("on a full disk a forum post, an act or a new game is refused in words, and nothing unsaved is reported saved", async (t) => {
  const mounted = mountTmpfs("4m");
  if ("why" in mounted) return t.skip(mounted.why);
  const { dir } = mounted;
  const app = await buildServer({ db: join(dir, "games.db"), durability: "full", authRateLimit: 10_000 });
  try {
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    const ada = await new ApiClient(url).signup("ada", "Ada Lovelace");
    const grace = await new ApiClient(url).signup("grace", "Grace Hopper");
    const created = await ada.post("/api/games", { name: "Friday Nomic", preset: "suber" });
    assert.equal(created.status, 201);
    const id: string = created.body.id;
    assert.equal((await grace.post(`/api/invites/${created.body.invite}/join`)).status, 200);
    assert.equal((await ada.post(`/api/games/${id}/posts`, { body: "Before the disk filled." })).status, 201);

    const filler = join(dir, "filler");
    fill(filler);
    const post = await ada.post(`/api/games/${id}/posts`, { body: "Lost to a full disk?" });
    assert.equal(post.status, 507, `a post that could not be saved is refused: ${post.text}`);
    assert.match(post.body.error.message, /could not save your post: its disk is full; nothing was changed. Try again later/);
    const act = await ada.act(id, "start");
    assert.equal(act.status, 507, `an act that could not be saved is refused: ${act.text}`);
    assert.match(act.body.error.message, /disk is full/);

    const newcomer = await new ApiClient(url).post("/api/auth/signup", { username: "edsger", password: "edsger-secret-pw", displayName: "Edsger" });
    assert.equal(newcomer.status, 507, `an account that could not be saved is refused: ${newcomer.text}`);
    assert.match(newcomer.body.error.message, /could not save your change: its disk is full; nothing was changed/);

    const running = app.runningSandboxes();
    const founded = await ada.post("/api/games", { name: "Founded on a full disk", preset: "suber" });
    assert.equal(founded.status, 507, `a game that could not be saved is refused: ${founded.text}`);
    assert.match(founded.body.error.message, /could not save the new game: its disk is full/);
    assert.equal(app.runningSandboxes(), running, "nor keeps the sandbox its rules ran in");

    rmSync(filler);
    assert.deepEqual(
      (await ada.get("/api/games")).body.map((g: { name: string }) => g.name),
      ["Friday Nomic"],
      "the refused game left no trace",
    );
    const posts = await ada.get(`/api/games/${id}/posts`);
    assert.deepEqual(
      posts.body.map((p: { body: string }) => p.body),
      ["Before the disk filled."],
      "the refused post was not saved",
    );
    const before = await ada.get(`/api/games/${id}/log`);
    assert.equal(before.body.last, 4, "the refused act and post changed nothing: the log holds the creation, two joins and the first post");
    assert.equal((await ada.post(`/api/games/${id}/posts`, { body: "After." })).status, 201, "with room again, posts are saved");
    assert.equal((await ada.act(id, "start")).status, 200, "and acts too");
  } finally {
    await app.close();
    execFileSync("umount", [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});
