/**
 * Behind a reverse proxy, through HTTP with forged X-Forwarded-* headers: a trusted proxy's
 * headers make the per-address rate limit, the Origin check and Secure cookies follow the
 * browser; anyone else's are ignored. And the Host check: with allowed hosts set, another
 * host is refused in words (DNS rebinding), loopback and the health checks always answer.
 */
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { test } from "node:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allowedHosts, parseTrustProxy } from "../src/server/proxy.js";
import { runCli } from "./cli-run.js";
import { startServeChild } from "./serve-child.js";
import { startServer, type TestServer } from "./server-helpers.js";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** An HTTP request with whatever Host and X-Forwarded-* headers a test forges (fetch will not send a Host of its choosing). */
function send(server: TestServer, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Raw> {
  const url = new URL(server.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...(payload ? { "content-type": "application/json" } : {}), ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

let users = 0;
/** A sign-up as if from a browser at `origin`, through the headers given. */
const signUp = (server: TestServer, headers: Record<string, string>) =>
  send(server, "POST", "/api/auth/signup", headers, { username: `player-${++users}`, password: "a-long-enough-passphrase", displayName: "Player" });
/** A failed sign-in (a fresh username each time, so that only the per-address limit counts). */
const wrongSignIn = (server: TestServer, forwardedFor: string) =>
  send(server, "POST", "/api/auth/signin", { "x-forwarded-for": forwardedFor }, { username: `nobody-${++users}`, password: "not the password" });

const browser = { origin: "https://nomic.example", "x-forwarded-host": "nomic.example", "x-forwarded-proto": "https" };
const cookieOf = (reply: Raw) => String((reply.headers["set-cookie"] as string[] | undefined)?.[0] ?? "");

for (const trust of ["127.0.0.1", "loopback", "1"]) {
  test(`a trusted proxy (--trust-proxy ${trust}): its client's address, host and scheme count`, async () => {
    const server = await startServer({ trustProxy: trust, authRateLimit: 2 });
    try {
      // The rate limit is per client behind the proxy, not per proxy.
      assert.equal((await wrongSignIn(server, "203.0.113.1")).status, 401);
      assert.equal((await wrongSignIn(server, "203.0.113.1")).status, 401);
      assert.equal((await wrongSignIn(server, "203.0.113.1")).status, 429, "the third try from one client is refused");
      assert.equal((await wrongSignIn(server, "203.0.113.2")).status, 401, "another client behind the same proxy is not");

      // The page at https://nomic.example reached us through the proxy: same origin, and its cookie is Secure.
      const signedUp = await signUp(server, browser);
      assert.equal(signedUp.status, 201, JSON.stringify(signedUp.body));
      assert.match(cookieOf(signedUp), /; Secure/i, "the proxy says HTTPS: the session cookie is Secure");
      const plain = await signUp(server, { origin: "http://nomic.example", "x-forwarded-host": "nomic.example", "x-forwarded-proto": "http" });
      assert.equal(plain.status, 201);
      assert.doesNotMatch(cookieOf(plain), /Secure/i, "over plain HTTP it is not");
      // The scheme the proxy names is compared: a page over http is another origin than the site over https.
      const downgraded = await signUp(server, { ...browser, origin: "http://nomic.example" });
      assert.equal(downgraded.status, 403);
      assert.equal(downgraded.body.error.code, "cross-origin");
      const elsewhere = await signUp(server, { ...browser, origin: "https://evil.example" });
      assert.equal(elsewhere.status, 403, "another site is still refused");
    } finally {
      await server.close();
    }
  });
}

for (const trust of [undefined, "10.0.0.0/8"]) {
  test(`forged X-Forwarded-* headers from a peer not trusted (--trust-proxy ${trust ?? "unset"}) are ignored`, async () => {
    const server = await startServer({ authRateLimit: 2, ...(trust ? { trustProxy: trust } : {}) });
    try {
      assert.equal((await wrongSignIn(server, "203.0.113.1")).status, 401);
      assert.equal((await wrongSignIn(server, "203.0.113.2")).status, 401);
      assert.equal((await wrongSignIn(server, "203.0.113.3")).status, 429, "every try counts against the one real address");

      const forged = await signUp(server, browser);
      assert.equal(forged.status, 403, "a forged X-Forwarded-Host does not make another site's origin ours");
      assert.equal(forged.body.error.code, "cross-origin");
      const direct = await signUp(server, { "x-forwarded-proto": "https" });
      assert.equal(direct.status, 201);
      assert.doesNotMatch(cookieOf(direct), /Secure/i, "a forged X-Forwarded-Proto does not make cookies Secure");
    } finally {
      await server.close();
    }
  });
}

test("--secure-cookies marks the cookie Secure whatever the proxy says", async () => {
  const server = await startServer({ secureCookies: true });
  try {
    assert.match(cookieOf(await signUp(server, {})), /; Secure/i);
  } finally {
    await server.close();
  }
});

test("with allowed hosts, a request for another host is refused in words; loopback and the health checks always answer", async () => {
  const server = await startServer({ publicUrl: "https://nomic.example", allowedHosts: ["play.example:8443"], trustProxy: "127.0.0.1" });
  const port = new URL(server.url).port;
  try {
    const rebound = await send(server, "GET", "/api/session", { host: `evil.example:${port}` });
    assert.equal(rebound.status, 421);
    assert.equal(rebound.body.error.code, "wrong-host");
    assert.match(rebound.body.error.message, /does not answer to the host "evil\.example:\d+"; it answers to nomic\.example, play\.example:8443/);
    assert.equal((await send(server, "GET", "/", { host: "evil.example" })).status, 421, "the web page too, not only the API");
    assert.equal((await send(server, "GET", "/api/session", { host: "nomic.example" })).status, 200, "the public URL's host");
    assert.equal((await send(server, "GET", "/api/session", { host: "NOMIC.example:443" })).status, 200, "named without a port: any port, any case");
    assert.equal((await send(server, "GET", "/api/session", { host: "play.example:8443" })).status, 200);
    assert.equal((await send(server, "GET", "/api/session", { host: "play.example:9000" })).status, 421, "named with a port: that port only");
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`])
      assert.equal((await send(server, "GET", "/api/session", { host })).status, 200, `loopback (${host}) always answers`);
    // Behind the trusted proxy, the host the browser asked for is the one checked.
    assert.equal((await send(server, "GET", "/api/session", { host: "nomic.example", "x-forwarded-host": "evil.example" })).status, 421);
    for (const path of ["/healthz", "/readyz"])
      assert.equal((await send(server, "GET", path, { host: "10.1.2.3:8080" })).status, 200, `${path} answers a probe naming the server by address`);
  } finally {
    await server.close();
  }
});

test("without allowed hosts, any host is served (as before); an untrusted X-Forwarded-Host is not checked", async () => {
  const server = await startServer({ allowedHosts: ["nomic.example"] });
  try {
    assert.equal((await send(server, "GET", "/api/session", { host: "nomic.example", "x-forwarded-host": "evil.example" })).status, 200);
  } finally {
    await server.close();
  }
  const open = await startServer();
  try {
    assert.equal((await send(open, "GET", "/api/session", { host: "anything.example" })).status, 200);
  } finally {
    await open.close();
  }
});

test("the settings are read in words: a bad --trust-proxy, --public-url or --allowed-host says what to give", () => {
  assert.equal(parseTrustProxy(undefined), undefined);
  assert.equal(parseTrustProxy("false"), undefined);
  const cidr = parseTrustProxy("10.0.0.0/8, 192.168.1.7")!;
  assert.ok(cidr("10.2.3.4", 0) && cidr("::ffff:10.2.3.4", 0) && cidr("192.168.1.7", 1));
  assert.ok(!cidr("192.168.1.8", 0) && !cidr("127.0.0.1", 0));
  const hops = parseTrustProxy("2")!;
  assert.ok(hops("198.51.100.1", 1) && !hops("198.51.100.1", 2), "a hop count trusts the nearest hops, whatever their address");
  assert.ok(parseTrustProxy("uniquelocal")!("fd00::1", 0));
  assert.throws(() => parseTrustProxy("10.0.0.0/33"), /--trust-proxy: "10\.0\.0\.0\/33" is not an address, a CIDR range/);
  assert.throws(() => parseTrustProxy("proxy.example"), /give those, a hop count, or true/);
  assert.equal(allowedHosts(undefined, []), undefined, "nothing set: no check");
  assert.deepEqual(allowedHosts("https://Nomic.Example:8443/games", ["play.example"]), ["nomic.example:8443", "play.example"]);
  assert.throws(() => allowedHosts("ftp://nomic.example"), /--public-url: "ftp:\/\/nomic\.example" must start with https:\/\/ or http:\/\//);
  assert.throws(() => allowedHosts("nomic.example"), /--public-url: "nomic\.example" is not a URL/);
  assert.throws(() => allowedHosts(undefined, ["nomic.example/play"]), /--allowed-host: "nomic\.example\/play" is not a host name/);
});

test("nomos serve takes the settings as flags, and refuses a bad one in words before opening anything", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-proxy-"));
  const child = await startServeChild(join(dir, "games.db"), ["--trust-proxy", "loopback", "--public-url", "https://nomic.example"]);
  try {
    const server = { url: child.url } as TestServer;
    assert.equal((await send(server, "GET", "/api/session", { host: "evil.example" })).status, 421);
    assert.equal((await send(server, "GET", "/api/session", { host: "127.0.0.1", "x-forwarded-host": "nomic.example" })).status, 200);
    assert.equal((await send(server, "GET", "/api/presets", { host: "127.0.0.1", "x-forwarded-for": "203.0.113.9" })).status, 200);
    const line = await child.logged((l) => l.route === "/api/presets");
    assert.equal(line.ip, "203.0.113.9", "the log names the client behind the proxy");
    child.child.kill("SIGTERM");
    assert.equal(await child.exited, 0);

    const bad = await runCli(["--db", join(dir, "other.db"), "serve", "--port", "0", "--trust-proxy", "proxy.example"], false);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--trust-proxy: "proxy\.example" is not an address, a CIDR range/);
    assert.ok(!existsSync(join(dir, "other.db")), "no game file is made for a server that did not start");
    const level = await runCli(["--db", join(dir, "other.db"), "serve", "--port", "0", "--log-level", "loud"], false);
    assert.match(level.stderr, /--log-level: "loud" is not a log level/);
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
