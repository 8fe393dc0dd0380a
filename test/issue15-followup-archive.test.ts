/**
 * A game's channels travel with it: an export carries every message's text that stands (never
 * a deleted or redacted one's), covered by the file's checksum, and an import restores them
 * with their numbers, authors, times and marks, in the same transaction as the game; through
 * the HTTP API and the command line (`nomos export --db`, `nomos import-game`). `nomos verify`
 * replays each message act with the text the file has, and says in words which acts cannot be
 * re-run exactly because their text is gone, rather than calling the log different.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { MessageTable } from "../src/server/messages.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { runCli } from "./cli-run.js";
import { adaAndGrace } from "./decision-helpers.js";
import { messageRules } from "./message-helpers.js";
import { ApiClient, startServer, type TestServer } from "./server-helpers.js";

const dir = mkdtempSync(join(tmpdir(), "nomos-archive-messages-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** What a message is, as an import must keep it (`mayRedact` is the reader's, not the message's). */
const kept = (m: Record<string, unknown>) => {
  const {
    mayRedact: _,
    authorName: _name,
    redacted,
    ...rest
  } = m as { mayRedact: boolean; authorName: string; redacted: { by: string; reason: string } | null };
  return { ...rest, redacted: redacted && { by: redacted.by, reason: redacted.reason } };
};

/** Ada (the host) and Grace talk: Ada's vote, her post edited, Grace's password redacted, Grace's post deleted. */
async function talked(server: TestServer) {
  const { id, ada, grace } = await adaAndGrace(server, "Talk", messageRules());
  const say = async (who: ApiClient, channel: string, text: string) => (await who.post(`/api/games/${id}/messages`, { channel, text })).body.id as number;
  assert.equal(await say(ada, "vote", "yes"), 1);
  const hello = await say(ada, "general", "hello");
  assert.equal((await ada.request("PATCH", `/api/games/${id}/messages/${hello}`, { text: "hello, all" })).status, 200);
  const password = await say(grace, "general", "my password is hunter2");
  assert.equal((await ada.post(`/api/games/${id}/messages/${password}/redact`, { reason: "A password" })).status, 200);
  const bye = await say(grace, "general", "bye for now");
  assert.equal((await grace.request("DELETE", `/api/games/${id}/messages/${bye}`)).status, 200);
  return { id, ada, grace };
}

test("a game moved between servers keeps its channels: the texts that stand, their numbers, authors, times and marks; gone texts stay gone", async () => {
  const server = await startServer();
  const elsewhere = await startServer();
  try {
    const { id, ada } = await talked(server);
    const exported = await ada.get(`/api/games/${id}/export`);
    assert.equal(exported.status, 200, exported.text);
    for (const gone of ["hunter2", "bye for now"]) assert.ok(!exported.text.includes(gone), `the file holds no trace of "${gone}"`);
    const archive = JSON.parse(exported.text);
    const here = (await ada.get(`/api/games/${id}/messages`)).body as Record<string, unknown>[];

    const newcomer = await new ApiClient(elsewhere.url).signup("ada-again", "Ada Lovelace");
    const tampered = structuredClone(archive);
    tampered.messages[0].text = "no";
    const damaged = await newcomer.post("/api/games/import", { archive: tampered, as: "ada-lovelace" });
    assert.equal(damaged.status, 400);
    assert.match(damaged.body.error.message, /damaged: its acts and messages do not match its checksum/);
    const { checksum: _, ...unchecked } = structuredClone(archive);
    unchecked.messages[2].text = "my password is hunter2";
    const unredacted = await newcomer.post("/api/games/import", { archive: unchecked, as: "ada-lovelace" });
    assert.equal(unredacted.status, 400);
    assert.match(unredacted.body.error.message, /message 3 was redacted, yet the file holds a text for it/);
    assert.deepEqual((await newcomer.get("/api/games")).body, [], "nothing was imported");

    const imported = await newcomer.post("/api/games/import", { archive, as: "ada-lovelace" });
    assert.equal(imported.status, 201, JSON.stringify(imported.body));
    const there = (await newcomer.get(`/api/games/${imported.body.id}/messages`)).body as Record<string, unknown>[];
    assert.deepEqual(there.map(kept), here.map(kept), "every message as it was");
    assert.deepEqual(
      there.map((m) => m.text),
      ["yes", "hello, all", null, null],
    );
    const next = await newcomer.post(`/api/games/${imported.body.id}/messages`, { channel: "general", text: "Back again" });
    assert.equal(next.body.id, 5, "numbering goes on");
  } finally {
    await elsewhere.close();
    await server.close();
  }
});

/** The talk, on a server of its own, written to `name` by `nomos export --db` (as whoever keeps the server's file would). */
async function talkFile(name: string): Promise<{ file: string; text: string }> {
  const server = await startServer();
  try {
    const { id } = await talked(server);
    const file = join(dir, name);
    const exported = await runCli(["--db", server.db, "--game", id, "export", file], true);
    assert.equal(exported.code, 0, exported.stderr);
    return { file, text: readFileSync(file, "utf8") };
  } finally {
    await server.close();
  }
}

test("nomos export --db writes a game's messages and nomos import-game restores them; a redacted text never travels", async () => {
  const { file, text } = await talkFile("talk.nomos.json");
  assert.ok(!text.includes("hunter2") && !text.includes("bye for now"), "no gone text in the file");
  assert.deepEqual(
    JSON.parse(text).messages.map((m: { id: number; text: string | null }) => [m.id, m.text]),
    [
      [1, "yes"],
      [2, "hello, all"],
      [3, null],
      [4, null],
    ],
  );
  const target = join(dir, "imported.db");
  const imported = await runCli(["--db", target, "import-game", file, "--id", "talk"], true);
  assert.equal(imported.code, 0, imported.stderr);
  const store = SqliteStore.open(target);
  try {
    const rows = new MessageTable(store.sql).list("talk");
    assert.deepEqual(
      rows.map((m) => [m.id, m.channel, m.author, m.text, m.editedAt !== null, m.deleted, m.redacted]),
      [
        [1, "vote", "ada-lovelace", "yes", false, false, null],
        [2, "general", "ada-lovelace", "hello, all", true, false, null],
        [3, "general", "grace-hopper", null, false, false, { by: "ada-lovelace", reason: "A password" }],
        [4, "general", "grace-hopper", null, false, true, null],
      ],
    );
  } finally {
    store.close();
  }
});

test("nomos verify replays messages with the file's texts, and names the acts whose text is gone instead of calling the log different", async () => {
  const { file, text } = await talkFile("verify.nomos.json");
  const acts = JSON.parse(text).acts as { seq: number; input: { kind: string; op?: string; message?: number } }[];
  const postOf = (n: number) => acts.find((a) => a.input.kind === "message" && a.input.op === "post" && a.input.message === n)!.seq;
  const verified = await runCli(["verify", file], true);
  assert.deepEqual(verified.out.differences, [], "no false alarm");
  assert.equal(verified.out.identical, true);
  assert.equal(verified.code, 0, verified.stderr);
  assert.deepEqual(
    verified.out.inexact.map((a: { seq: number }) => a.seq),
    [postOf(2), postOf(3), postOf(4)],
    "the posts whose text is gone: replaced by an edit, redacted, deleted",
  );
  const words = await runCli(["verify", file], false);
  assert.equal(words.code, 0, words.stderr);
  assert.match(words.stdout, /could not be re-run exactly/);
  assert.match(words.stdout, new RegExp(`act ${postOf(3)}: message 3 was redacted`));
  assert.match(words.stdout, new RegExp(`act ${postOf(4)}: message 4 was deleted`));
  assert.match(words.stdout, new RegExp(`act ${postOf(2)}: message 2's text then was replaced by an edit`));
});

test("a season of Nomic VIII, whose votes are messages, verifies from its file: no false alarm, the acts whose text is gone named", async () => {
  const db = join(dir, "season.db");
  const file = join(dir, "season.nomos.json");
  const played = await runCli(["--db", db, "play", "--preset", "nomic-viii"], true);
  assert.equal(played.code, 0, played.stderr);
  assert.equal((await runCli(["--db", db, "export", file], true)).code, 0);
  const verified = await runCli(["verify", file], true);
  assert.equal(verified.code, 0, verified.stdout);
  assert.deepEqual([verified.out.differences, verified.out.stopped, verified.out.compared], [[], null, played.out.acts]);
  assert.ok(verified.out.inexact.length > 0 && verified.out.inexact.length < 10, "only the few acts whose text was redacted, deleted or edited since");
});
