/**
 * Two processes on one game file: two servers, or a server and the command line. Each
 * reloads a game from its log when the other wrote to it, so both serve the game as it
 * stands, act on it, and tell their pages; nothing jams until a restart.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runCli } from "./cli-run.js";
import { startServeChild, type ServeChild } from "./serve-child.js";
import { ApiClient } from "./server-helpers.js";

/** The same signed-in user, talking to another server on the same file (sessions live in it). */
function at(url: string, client: ApiClient): ApiClient {
  const other = new ApiClient(url);
  other.cookie = client.cookie;
  other.csrf = client.csrf;
  return other;
}

/** Reads a live stream until an `act` event with this seq arrives; fails after a generous bound rather than hang. */
async function hear(stream: ReadableStreamDefaultReader<Uint8Array>, seq: number): Promise<void> {
  let text = "";
  let bound: NodeJS.Timeout | undefined;
  const silence = new Promise<never>((_, reject) => (bound = setTimeout(() => reject(new Error(`the page never heard of act ${seq}: ${text}`)), 30_000)));
  try {
    for (;;) {
      const { value, done } = await Promise.race([stream.read(), silence]);
      if (done) throw new Error(`the stream ended before act ${seq}: ${text}`);
      text += new TextDecoder().decode(value);
      if (text.includes(`data: {"seq":${seq}}`)) return;
    }
  } finally {
    clearTimeout(bound);
  }
}

async function table(url: string) {
  const grace = await new ApiClient(url).signup("grace", "Grace Hopper");
  const ada = await new ApiClient(url).signup("ada", "Ada Lovelace");
  const created = await grace.post("/api/games", { name: "Friday Nomic", preset: "suber" });
  assert.equal(created.status, 201);
  assert.equal((await ada.post(`/api/invites/${created.body.invite}/join`)).status, 200);
  assert.equal((await grace.act(created.body.id, "start")).status, 200);
  return { grace, ada, id: created.body.id as string };
}

test("two servers on one file both serve the game as it stands and both can act", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-two-"));
  const file = join(dir, "games.db");
  const servers: ServeChild[] = [];
  const streams = new AbortController();
  try {
    servers.push(await startServeChild(file), await startServeChild(file));
    const [a, b] = servers as [ServeChild, ServeChild];
    const { grace, ada, id } = await table(a.url);
    const adaB = at(b.url, ada);
    // B loads the game now, so that it holds it in memory when A writes.
    assert.equal((await adaB.get(`/api/games/${id}`)).status, 200);
    const live = await fetch(`${b.url}/api/games/${id}/live`, { headers: { cookie: ada.cookie! }, signal: streams.signal });
    const stream = live.body!.getReader();

    const proposed = await grace.act(id, "propose", { change: { kind: "enact", text: "Proposed on the first server." } });
    assert.equal(proposed.status, 200, proposed.text);
    await hear(stream, proposed.body.seq);
    const seen = await adaB.get(`/api/games/${id}`);
    assert.equal(seen.body.view.seq, proposed.body.seq, "the second server shows the act the first recorded");
    const voted = await adaB.act(id, "vote", { proposal: 301, vote: "for" });
    assert.equal(voted.status, 200, `the second server can act on it: ${voted.text}`);
    const last = await grace.act(id, "vote", { proposal: 301, vote: "for" });
    assert.equal(last.status, 200, `and the first server after it: ${last.text}`);
    const log = await adaB.get(`/api/games/${id}/log`);
    assert.equal(log.body.last, last.body.seq, "both agree on the log");
    assert.equal(
      (await adaB.get(`/api/games/${id}/rules`)).body.rules.some((r: { number: number }) => r.number === 301),
      true,
      "the adopted rule is in effect on both",
    );
  } finally {
    streams.abort();
    for (const server of servers) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the command line on a served file acts, and the server plays on from its act", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-two-"));
  const file = join(dir, "games.db");
  let server: ServeChild | undefined;
  try {
    server = await startServeChild(file);
    const { grace, ada, id } = await table(server.url);
    assert.equal((await grace.act(id, "propose", { change: { kind: "enact", text: "Voted on from the shell." } })).status, 200);
    const cli = await runCli(["--db", file, "--game", id, "vote", "301", "for", "--as", "ada-lovelace"], true);
    assert.equal(cli.code, 0, `the CLI votes on the served file: ${cli.stderr}`);
    const page = await ada.get(`/api/games/${id}`);
    assert.equal(page.body.view.seq, cli.out.seq, "the server shows the CLI's act");
    const last = await grace.act(id, "vote", { proposal: 301, vote: "for" });
    assert.equal(last.status, 200, `the server acts after it, unjammed: ${last.text}`);
    assert.equal(last.body.seq, cli.out.seq + 1);
  } finally {
    if (server) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
});
