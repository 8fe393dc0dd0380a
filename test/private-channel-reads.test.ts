/**
 * What is written in a private channel reaches rules only as declared (issue 34): a rule hears
 * a private message's text only if it keeps the channel or declared `readsPrivate`, which voters
 * see among its permissions; any other rule hears that a message was posted, with no text, so it
 * cannot copy the text where the channel's non-readers would read it.
 */
import assert from "node:assert/strict";
import test from "node:test";
import { Game } from "../src/kernel/game.js";
import { viewFor } from "../src/kernel/visibility.js";
import { permissionsOf } from "../src/present/permissions.js";
import { SqliteStore } from "../src/store/sqlite-store.js";
import { engine } from "./helpers.js";

const keeper = `action("confide", { describe: "Open a back room for Ada", input: t.object({}) }, () => {
  game.channels.open("back-room", { title: "Back room", describe: "Ada's", writers: "players", readers: ["ada-lovelace"] });
});
const heard = gameState<string[]>("keeper-heard", { initial: [], visibility: "hidden" });
on("message.posted", (e) => { if (e.data.channel === "back-room") heard.set([...heard.get(), String(e.data.text)]); });
`;
// Copies whatever it hears of any message into public state.
const copier = (declared: boolean) => `const copied = gameState<string[]>("copied-${declared ? "declared" : "plain"}", { initial: [] });
on("message.posted", (e) => copied.set([...copied.get(), String(e.data.text)])${declared ? ", { readsPrivate: true }" : ""});
`;

test("a private channel's text reaches the rule that keeps it and a rule that declared it reads private channels, not other rules", async () => {
  const store = SqliteStore.open(":memory:");
  const options = engine(store);
  const rules = await Promise.all(
    [keeper, copier(false), copier(true)].map(async (code, i) => ({ number: i + 1, text: `Rule ${i + 1}.`, mutable: true, code: await options.compile(code) })),
  );
  const game = await Game.create(options, { name: "Back room", preset: null, rules, seed: "back-room" });
  try {
    for (const name of ["Ada Lovelace", "Alan Turing"]) await game.join(name);
    await game.act("ada-lovelace", "confide", {});
    await game.message("ada-lovelace", { op: "post", channel: "general", text: "hello all" });
    await game.message("ada-lovelace", { op: "post", channel: "back-room", text: "qzprivateword" });

    assert.deepEqual(game.value("keeper-heard"), ["qzprivateword"], "the rule that keeps the channel reads it");
    assert.deepEqual(game.value("copied-plain"), ["hello all", "null"], "an undeclared rule hears the post without its text");
    assert.deepEqual(game.value("copied-declared"), ["hello all", "qzprivateword"], "a declared reader hears it");
    assert.ok(!JSON.stringify(viewFor(game.state, "alan-turing").state.find((s) => s.name === "copied-plain")).includes("qzprivateword"));

    assert.ok(permissionsOf(game.state, 3)!.lines.includes("Reads what is written in private channels other rules keep, which their readers alone see."));
    assert.ok(!permissionsOf(game.state, 2)!.lines.some((l) => l.includes("private channels")));
  } finally {
    game.close();
    store.close();
  }
});
