/** A small court for the tests of officers' decisions: Rule 210 asks the judge (the first player to join) to rule. */
import assert from "node:assert/strict";
import { Game } from "../src/kernel/game.js";
import type { RuleSpec } from "../src/kernel/types.js";
import { exportGame } from "../src/records/archive/index.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { engine } from "./helpers.js";
import { ApiClient, type TestServer } from "./server-helpers.js";

/** Rule 210: a case asks the judge (the first player) whether a rule is void; the ruling is kept. */
const court = compileRuleCode(`
const rulings = recordState("rulings");
action("call", { describe: "Calls for judgment", input: t.object({ rule: t.rule() }) }, (input) => {
  const judge = game.players()[0]!.id;
  game.decide({
    kind: "ruling",
    by: judge,
    question: "Is Rule " + input.rule + " void?",
    input: t.object({ void: t.boolean(), reason: t.string({ minLength: 1, maxLength: 200 }) }),
    awaits: true,
    data: { rule: input.rule },
  });
});
on("decision:ruling", (e: GameEvent<DecisionMade<{ void: boolean; reason: string }>>) => {
  const d = e.data;
  rulings.set(String((d.data as { rule: number }).rule), { void: d.input.void, reason: d.input.reason, by: d.by });
  game.post("Ruled by " + d.by + ": " + d.input.reason);
});
`);
/** Rule 301: hears every event, to show a decision reaches only the rule that opened it. */
const eavesdropper = compileRuleCode(`
const heard = gameState<number>("heard", { initial: 0 });
on("decision:ruling", () => heard.set(heard.get() + 1));
`);

/** Rule 210 (the court) and Rule 301 (an eavesdropper on every decision). */
export function courtRules(): RuleSpec[] {
  return [
    { number: 210, text: "Judgment.", mutable: false, code: court },
    { number: 301, text: "Eavesdropping.", mutable: true, code: eavesdropper },
  ];
}

/**
 * A game of `rules` on a server: Ada imports it (she is its first player, so its host), Grace
 * joins by invitation. Returns the game's id, its invitation and both clients.
 */
export async function adaAndGrace(
  server: TestServer,
  name: string,
  rules: RuleSpec[],
): Promise<{ id: string; invite: string; ada: ApiClient; grace: ApiClient }> {
  const options = engine();
  const made = await Game.create(options, { name, preset: null, rules });
  await made.join("Ada Lovelace");
  const archive = await exportGame(options.store, made.id);
  made.close();
  const ada = await new ApiClient(server.url).signup("ada", "Ada Lovelace");
  const imported = await ada.post("/api/games/import", { archive, as: "ada-lovelace" });
  assert.equal(imported.status, 201, JSON.stringify(imported.body));
  const grace = await new ApiClient(server.url).signup("grace", "Grace Hopper");
  assert.equal((await grace.post(`/api/invites/${imported.body.invite}/join`)).status, 200);
  return { id: imported.body.id, invite: imported.body.invite, ada, grace };
}

/** The court on a server (Ada is the judge); Grace calls for judgment on Rule 301. */
export async function courtOnServer(server: TestServer): Promise<{ id: string; ada: ApiClient; grace: ApiClient }> {
  const { id, ada, grace } = await adaAndGrace(server, "Court", courtRules());
  assert.equal((await grace.act(id, "call", { rule: 301 })).status, 200);
  return { id, ada, grace };
}
