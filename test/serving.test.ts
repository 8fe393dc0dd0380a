/**
 * What goes over the wire, read as raw HTTP: a large JSON reply compressed as the request's
 * Accept-Encoding allows and a small one left as is; the live stream never compressed nor held
 * back, and a stream opened after reading the game told at once of a newer act; the web's
 * files as the build compressed them, kept for good when their name is hashed, asked for again
 * otherwise (index.html, the pages the app draws), and a missing asset not found.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { compressedFrom } from "../src/server/compression.js";
import { askedAgain, keptForGood } from "../src/server/web-files.js";
import { ApiClient, listen, moving, startServer, suberTable, type TestServer } from "./server-helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, not decoded. */
  body: Buffer;
}

/** A GET whose reply is read as the bytes sent (fetch would decode them). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

const decoded = (r: Raw): string =>
  (r.headers["content-encoding"] === "br" ? brotliDecompressSync(r.body) : r.headers["content-encoding"] === "gzip" ? gunzipSync(r.body) : r.body).toString(
    "utf8",
  );

test("a large JSON reply is compressed, brotli or gzip as accepted; a game's page, read after every act, is not", async () => {
  const table = await suberTable(server);
  const cookie = table.clients[0]!.cookie!;
  const rules = `/api/games/${table.id}/rules`;
  const plain = await rawGet(rules, { cookie });
  assert.equal(plain.status, 200);
  assert.equal(plain.headers["content-encoding"], undefined, "a client that accepts no encoding gets the JSON as is");
  assert.ok(plain.body.length >= compressedFrom, `the rules are ${plain.body.length} bytes: the test needs a reply past the threshold`);
  for (const [accepted, encoding] of [
    ["gzip, deflate, br", "br"],
    ["gzip, deflate", "gzip"],
    ["deflate", undefined],
  ] as const) {
    const reply = await rawGet(rules, { cookie, "accept-encoding": accepted });
    assert.equal(reply.headers["content-encoding"], encoding, `Accept-Encoding: ${accepted}`);
    assert.deepEqual(JSON.parse(decoded(reply)), JSON.parse(plain.body.toString("utf8")));
    if (encoding) {
      assert.ok(reply.body.length * 5 < plain.body.length, `${encoding}: ${reply.body.length} of ${plain.body.length} bytes`);
      assert.match(String(reply.headers.vary), /accept-encoding/i);
    }
  }
  const page = await rawGet(`/api/games/${table.id}`, { cookie, "accept-encoding": "gzip, deflate, br" });
  assert.equal(page.status, 200);
  assert.ok(page.body.length < compressedFrom);
  assert.equal(page.headers["content-encoding"], undefined);
});

test("the live stream is neither compressed nor held back, and a page that read act n hears at once of a newer one", async () => {
  const table = await suberTable(server, ["Gil Ho", "Ivy Jo", "Kim Lo"]);
  const watcher = table.clients[2]!;
  const read = (await watcher.get(`/api/games/${table.id}`)).body.view.seq as number;
  const proposed = await (await moving(table)).act(table.id, "propose", { change: { kind: "enact", text: "Be brief." } });
  assert.equal(proposed.status, 200);
  // Opened after the act, naming the act read before it.
  const live = await listen(watcher, table.id, { after: read, headers: { "accept-encoding": "gzip, deflate, br" } });
  assert.equal(live.headers.get("content-type"), "text/event-stream; charset=utf-8");
  assert.equal(live.headers.get("content-encoding"), null);
  // Read while the stream stays open: what is written arrives as it is written.
  assert.match(await live.until(new RegExp(`id: ${proposed.body.seq}\n`)), new RegExp(`^retry: 1000\n\nid: ${proposed.body.seq}\nevent: act\n`));
  const voted = await table.clients[0]!.act(table.id, "vote", { proposal: 301, vote: "for" });
  assert.equal(voted.status, 200);
  assert.match(await live.until(new RegExp(`id: ${voted.body.seq}\n`)), new RegExp(`id: ${voted.body.seq}\nevent: act\n`));
  live.close();
  // A name that is not an act is refused, in words.
  const bad = await watcher.get(`/api/games/${table.id}/live?after=soon`);
  assert.equal(bad.status, 400);
});

test("the web's files: hashed assets kept for good, index.html asked for again, each as the build compressed it", async () => {
  const index = readFileSync(join("dist", "web", "index.html"), "utf8");
  const script = index.match(/<script type="module" src="(\/assets\/main-[A-Z0-9]+\.js)">/)?.[1];
  const styles = index.match(/<link rel="stylesheet" href="(\/assets\/styles-[A-Z0-9]+\.css)">/)?.[1];
  assert.ok(script && styles, "index.html names the hashed script and styles");
  const built = readFileSync(join("dist", "web", script));
  for (const [accepted, encoding] of [
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["identity", undefined],
  ] as const) {
    const reply = await rawGet(script, { "accept-encoding": accepted });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers["cache-control"], keptForGood);
    assert.equal(reply.headers["content-encoding"], encoding, `Accept-Encoding: ${accepted}`);
    assert.match(String(reply.headers["content-type"]), /javascript/);
    assert.equal(decoded(reply), built.toString("utf8"));
  }
  assert.equal((await rawGet(styles, { "accept-encoding": "br" })).headers["cache-control"], keptForGood);
  // The app's page, at / and at any path the app draws, is asked for again on every visit, and has no inline script.
  for (const path of ["/", "/games/abc/log"]) {
    const page = await rawGet(path, { "accept-encoding": "gzip, br" });
    assert.equal(page.status, 200, path);
    assert.equal(page.headers["cache-control"], askedAgain, path);
    assert.equal(page.headers["content-encoding"], "br", path);
    assert.equal(decoded(page), index);
    assert.match(String(page.headers["content-security-policy"]), /default-src 'self'/);
    assert.doesNotMatch(index, /<script(?![^>]*\bsrc=)[^>]*>/, "an inline script, which the Content-Security-Policy refuses");
  }
  // An asset no longer built (an older page's chunk, after a deploy) is not found, not answered with the app's page.
  const gone = await new ApiClient(server.url).get("/assets/code-editor-OLDHASH1.js");
  assert.equal(gone.status, 404);
  assert.equal(gone.body.error.code, "not-found");
  assert.match(gone.body.error.message, /not a file of this version of Nomos: reload the page/);
  // The site's icon: linked from every page, and where browsers look for it by habit.
  assert.match(index, /<link rel="icon" href="\/favicon.svg" type="image\/svg\+xml">/);
  const habit = await rawGet("/favicon.ico", {});
  assert.equal(habit.status, 301);
  assert.equal(habit.headers.location, "/favicon.svg");
  const icon = await rawGet("/favicon.svg", {});
  assert.equal(icon.status, 200);
  assert.match(String(icon.headers["content-type"]), /^image\/svg\+xml/);
  assert.match(decoded(icon), /^<svg /);
});
