/**
 * Passwords (issue 16), through HTTP on loopback: the commonest passwords refused at sign-up, an
 * old database's cheaper hash upgraded at sign-in.
 */
import assert from "node:assert/strict";
import { scryptSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { buildServer, type ServerOptions } from "../src/server/app.js";
import { toErrorReply } from "../src/server/errors.js";
import { Passwords, PasswordsBusyError } from "../src/server/passwords.js";
import { openSqlite } from "../src/store/sqlite-driver.js";
import { ApiClient, startServer, testPasswordCost } from "./server-helpers.js";

/** A server on a file the test keeps, so that it can be started again on the same file. */
async function serve(db: string, options: Partial<ServerOptions> = {}) {
  const app = await buildServer({ db, durability: "process", authRateLimit: 10_000, passwordCost: testPasswordCost, ...options });
  return { app, url: await app.listen({ port: 0, host: "127.0.0.1" }) };
}

async function withDir(work: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "nomos-passwords-"));
  try {
    await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("sign-up refuses the commonest passwords, in any case, and the username as password, in words", async () => {
  const server = await startServer();
  try {
    const client = new ApiClient(server.url);
    for (const password of ["password1", "Password1", "BASEBALL", "trustno1"]) {
      const refused = await client.post("/api/auth/signup", { username: "dorothy", password });
      assert.equal(refused.status, 400, password);
      assert.equal(refused.body.error.code, "weak-password");
      assert.equal(refused.body.error.message, "that password is among the most common ones, which attackers try first; choose another");
    }
    const own = await client.post("/api/auth/signup", { username: "dorothy-v", password: "Dorothy-V" });
    assert.equal(own.status, 400);
    assert.equal(own.body.error.message, "that password is your username, which attackers try first; choose another");
    // Nothing was made of the refusals: the username is free, and a rarer password is taken.
    assert.equal((await client.post("/api/auth/signup", { username: "dorothy", password: "vaughan-at-langley" })).status, 201);
  } finally {
    await server.close();
  }
});

test("an old database's hash (N = 16384) signs in, and is replaced by one at the present cost", async () => {
  await withDir(async (dir) => {
    const file = join(dir, "games.db");
    await (await serve(file)).app.close();
    // A user's row as Nomos wrote it before issue 16, at the old cost.
    const salt = Buffer.from("0123456789abcdef");
    const key = scryptSync("hedy-lamarr-spread-spectrum", salt, 32, { N: 16384, r: 8, p: 1 });
    const old = ["scrypt", 16384, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
    const db = openSqlite(file);
    db.prepare("INSERT INTO users (id, username, display_name, password_hash, time_zone, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
      "u-hedy",
      "hedy",
      "Hedy Lamarr",
      old,
      null,
      Date.now(),
    );
    db.close();

    const { app, url } = await serve(file, { passwordCost: undefined });
    try {
      const stored = () => {
        const read = openSqlite(file);
        const row = read.prepare("SELECT password_hash FROM users WHERE id = ?").get("u-hedy");
        read.close();
        return String(row?.password_hash);
      };
      const hedy = new ApiClient(url);
      assert.equal((await hedy.post("/api/auth/signin", { username: "hedy", password: "wrong-frequency" })).status, 401);
      assert.equal(stored(), old, "a wrong password changes nothing");
      const signedIn = await hedy.post("/api/auth/signin", { username: "hedy", password: "hedy-lamarr-spread-spectrum" });
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      const upgraded = stored();
      assert.match(upgraded, /^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/, "N = 2^17, r = 8, p = 1, the salt and the hash");
      // The new hash is the same password's: it signs in, and it is not replaced again.
      assert.equal((await new ApiClient(url).post("/api/auth/signin", { username: "hedy", password: "hedy-lamarr-spread-spectrum" })).status, 200);
      assert.equal(stored(), upgraded);
      assert.equal((await new ApiClient(url).post("/api/auth/signin", { username: "hedy", password: "wrong-frequency" })).status, 401);
    } finally {
      await app.close();
    }
  });
});

test("only a few passwords are hashed at once; past the queue the server says it is busy", async () => {
  const passwords = new Passwords({ N: 2 ** 10, r: 8, p: 1 });
  const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => passwords.hash(`password-number-${i}`)));
  const busy = results.filter((r) => r.status === "rejected");
  assert.equal(busy.length, 40 - 2 - 32, "two hashing and thirty-two waiting");
  for (const r of busy) assert.ok(r.reason instanceof PasswordsBusyError);
  assert.match(await passwords.hash("once-the-crowd-is-gone"), /^scrypt\$1024\$8\$1\$/, "the gate opens again");
  assert.deepEqual(toErrorReply(new PasswordsBusyError()), {
    status: 503,
    body: { error: { code: "busy", message: "the server is checking too many passwords at once; try again in a few seconds" } },
    unexpected: false,
  });
});
