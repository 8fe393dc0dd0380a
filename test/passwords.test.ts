/**
 * Passwords and sign-in throttling (issue 16), through HTTP on loopback: the commonest passwords
 * refused at sign-up, an old database's cheaper hash upgraded at sign-in, and each account's
 * failed sign-ins counted whatever address they come from, across a restart.
 */
import assert from "node:assert/strict";
import { scryptSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
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

interface SignInReply {
  status: number;
  body: { error?: { code: string; message: string } };
  retryAfter: string | undefined;
}

/** A sign-in sent from `address` (any of 127.0.0.0/8 reaches a server on 127.0.0.1). */
function signInFrom(url: string, address: string, username: string, password: string): Promise<SignInReply> {
  const body = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      `${url}/api/auth/signin`,
      { method: "POST", localAddress: address, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body: JSON.parse(text), retryAfter: response.headers["retry-after"] }));
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

/** A new address for each sign-in: no two from the same one. */
let lastAddress = 1;
const anotherAddress = () => `127.0.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

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

test("five failed sign-ins pause an account's sign-in from every address, for a while, across a restart", async () => {
  await withDir(async (dir) => {
    const file = join(dir, "games.db");
    let now = Date.parse("2026-03-02T10:00:00Z");
    const options = { clock: () => now, authRateLimit: 3 };
    let server = await serve(file, options);
    try {
      await new ApiClient(server.url).signup("ada", "Ada Lovelace");
      await new ApiClient(server.url).signup("grace", "Grace Hopper");
      const right = "ada-secret-pw";
      const failFiveTimes = async (username: string) => {
        for (let i = 0; i < 5; i++) {
          const wrong = await signInFrom(server.url, anotherAddress(), username, `guess-number-${i}`);
          assert.equal(wrong.status, 401, `guess ${i + 1}: ${JSON.stringify(wrong.body)}`);
        }
      };
      const refused = async (username: string, password: string) => {
        const reply = await signInFrom(server.url, anotherAddress(), username, password);
        assert.equal(reply.status, 429, JSON.stringify(reply.body));
        assert.equal(reply.body.error?.message, "too many failed sign-ins to this account; try again in 3 minutes");
        assert.equal(reply.retryAfter, "180");
      };

      await failFiveTimes("ada");
      await refused("ada", right); // even the right password, from an address never seen
      assert.equal((await signInFrom(server.url, anotherAddress(), "grace", "grace-secret-pw")).status, 200, "other accounts sign in");
      // A username no account has is counted alike: a refusal does not tell which exist.
      await failFiveTimes("nobody");
      await refused("nobody", "anything-at-all");

      // The pause ends by itself: three minutes on, one more try.
      now += 3 * 60_000;
      assert.equal((await signInFrom(server.url, anotherAddress(), "ada", right)).status, 200);
      // The right password started the count afresh: five more failures before the next pause.
      await failFiveTimes("ada");
      await refused("ada", right);

      // A restart on the same file forgives nothing.
      await server.app.close();
      server = await serve(file, options);
      await refused("ada", right);
      now += 3 * 60_000;
      assert.equal((await signInFrom(server.url, anotherAddress(), "ada", right)).status, 200);

      // Per address, as before: past authRateLimit tries a minute from one address.
      const address = anotherAddress();
      for (let i = 0; i < 3; i++) assert.equal((await signInFrom(server.url, address, "grace", "grace-secret-pw")).status, 200);
      const tooFast = await signInFrom(server.url, address, "grace", "grace-secret-pw");
      assert.equal(tooFast.status, 429);
      assert.match(tooFast.body.error!.message, /too many tries from your address/);
    } finally {
      await server.app.close();
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
