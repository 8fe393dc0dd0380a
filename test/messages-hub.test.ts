/**
 * Messages through the hub (the entry point of the API and of chat or e-mail bridges): a
 * message act and its text commit together; a redaction leaves the act and the fact of it,
 * and the text is gone from the messages table, the log as people read it, and the export.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ActionError } from "../src/kernel/game.js";
import { visibleLog } from "../src/kernel/visibility.js";
import { exportGame } from "../src/records/archive/index.js";
import { formatAct } from "../src/present/format-log.js";
import { GameHub } from "../src/server/hub.js";
import { withMessages } from "../src/server/message-log.js";
import { MessageTable } from "../src/server/messages.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engine } from "./helpers.js";
import { messageRules } from "./message-helpers.js";

test("GameHub.message: posts, edits and a redaction by the host; the text is gone everywhere, the act and the fact stay", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nomos-messages-"));
  const store = SqliteStore.open(join(dir, "games.db"));
  const table = new MessageTable(store.sql);
  const hub = new GameHub(engine(store), Date.now, table);
  try {
    const game = await hub.create({ name: "Talk", preset: null, rules: messageRules(), seed: "hub" });
    for (const name of ["Ada Lovelace", "Grace Hopper", "Alan Turing"]) await hub.change(game, (g) => g.join(name));
    const heardNews: unknown[] = [];
    const stop = hub.watch(game.id, "grace-hopper", (news) => heardNews.push(news));

    const secret = "My password is hunter2";
    assert.deepEqual(await hub.message(game, "alan-turing", { op: "post", channel: "general", text: secret }), { id: 1 });
    assert.deepEqual(await hub.message(game, "ada-lovelace", { op: "post", channel: "vote", text: "yes" }), { id: 2 });
    await hub.message(game, "ada-lovelace", { op: "edit", message: 2, text: "yes, I said" });
    assert.deepEqual(
      table.list(game.id).map((m) => [m.id, m.channel, m.author, m.text, m.editedAt !== null]),
      [
        [1, "general", "alan-turing", secret, false],
        [2, "vote", "ada-lovelace", "yes, I said", true],
      ],
    );
    assert.ok(
      heardNews.some((n) => JSON.stringify(n) === JSON.stringify({ kind: "post", id: 1 })),
      "watchers hear of the message",
    );

    // Bad input changes nothing and says why.
    const seq = game.state.seq;
    await assert.rejects(
      hub.message(game, "alan-turing", { op: "post", channel: "general", text: " " }),
      (e: unknown) => e instanceof ActionError && /blank/.test(e.message),
    );
    await assert.rejects(hub.message(game, "alan-turing", { op: "redact", message: 1, reason: "mine" }), /only the game's host may redact/);
    assert.equal(game.state.seq, seq);
    assert.equal(table.list(game.id).length, 2);

    await hub.message(game, "ada-lovelace", { op: "redact", message: 1, reason: "A password, posted by mistake" });
    const row = store.sql.prepare("SELECT body, redacted_by, redacted_reason FROM messages WHERE game_id = ? AND number = 1").get(game.id);
    assert.deepEqual({ ...row }, { body: null, redacted_by: "ada-lovelace", redacted_reason: "A password, posted by mistake" }, "the table keeps no text");

    const acts = await store.readActs(game.id);
    const name = (id: string) => game.state.players.find((p) => p.id === id)?.name ?? id;
    const entries = withMessages(game, table, visibleLog(game.state, acts, "grace-hopper"));
    const posted = entries.find((e) => e.input.kind === "message" && e.input.op === "post" && e.input.message === 1);
    assert.deepEqual(posted?.message, { channel: "general", text: null, shown: "Redacted by Ada Lovelace: A password, posted by mistake" });
    const redaction = entries.find((e) => e.input.kind === "message" && e.input.op === "redact");
    assert.ok(redaction, "the redaction is an act of its own");
    assert.match(formatAct(acts.at(-1)!, acts.at(-1)!.effects, name), /Ada Lovelace redacts message 1: A password, posted by mistake/);
    const archive = await exportGame(store, game.id, undefined, () => table.archived(game.id));
    for (const [where, text] of [
      ["the log", JSON.stringify(acts)],
      ["the log as read", JSON.stringify(entries)],
      ["the export", JSON.stringify(archive)],
    ] as const) {
      assert.ok(!text.includes("hunter2"), `no trace of the text in ${where}`);
    }
    assert.ok(JSON.stringify(archive).includes("yes, I said"), "the export holds the texts that stand");
    stop();
  } finally {
    await hub.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
