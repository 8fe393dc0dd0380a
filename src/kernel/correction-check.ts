/**
 * The shape of an officer's correction, checked before the rules are asked whether the
 * recorder may make it (src/guest/dispatch.ts): a bad correction is refused in words.
 */
import { ActionError } from "./action-error.js";
import { peopleProblem } from "./correction-people.js";
import type { Correction, GameState, Recorder, RuleStatusCorrection } from "./types.js";

export function checkedCorrection(state: GameState, by: Recorder, correction: Correction): Correction {
  const { cites, reason, changes } = correction;
  const bad = (message: string) => new ActionError("invalid-input", `correction: ${message}`);
  if ("player" in by && !state.players.some((p) => p.id === by.player)) throw new ActionError("not-a-player", `"${by.player}" is not a player in this game`);
  if (typeof reason !== "string" || !reason.trim() || reason.length > 5000) throw bad("say why, in 1 to 5000 characters (the reason is shown in the reports)");
  const rule = cites?.rule,
    ruling = cites?.ruling;
  if (rule === undefined && (typeof ruling !== "string" || !ruling.trim()))
    throw bad('cite the rule or the ruling it rests on (a rule number, or a ruling such as "case 2")');
  if (rule !== undefined && !(Number.isInteger(rule) && state.rules[rule])) throw bad(`there is no rule ${String(rule)} in effect to cite`);
  if (ruling !== undefined && (typeof ruling !== "string" || ruling.length > 200))
    throw bad('a cited ruling is a short text such as "case 2" (at most 200 characters)');
  if (!Array.isArray(changes) || changes.length === 0 || changes.length > 100) throw bad("list 1 to 100 values to set");
  for (const c of changes) {
    if (c && typeof c === "object" && "inEffect" in c) {
      checkStatusChange(state, c, bad);
      continue;
    }
    const people = c && typeof c === "object" ? peopleProblem(state, c, rule !== undefined) : undefined;
    if (people) throw bad(people);
    if (people === null) continue;
    if (!c || !("name" in c) || typeof c.name !== "string" || !c.name)
      throw bad('each change names the state it sets, such as { name: "<state>", player: "<player id>", value: <value> }');
    if (c.player !== undefined && !state.players.some((p) => p.id === c.player)) throw bad(`"${String(c.player)}" is not a player in this game`);
    if (c.value === undefined) throw bad(`the change to "${c.name}" needs a value`);
  }
  const clean: Correction = {
    cites: { ...(rule !== undefined ? { rule } : {}), ...(ruling !== undefined ? { ruling: ruling.trim() } : {}) },
    reason: reason.trim(),
    changes,
  };
  return clean;
}

/** A rule ruled void or restored: { rule: <number>, inEffect: <true|false>, reason?: <words> }. */
function checkStatusChange(state: GameState, c: RuleStatusCorrection, bad: (message: string) => ActionError): void {
  if (!Number.isInteger(c.rule) || !state.rules[c.rule]) throw bad(`there is no rule ${String(c.rule)} in the ruleset whose status to set`);
  if (typeof c.inEffect !== "boolean") throw bad(`say whether rule ${c.rule} is in effect (inEffect: true or false)`);
  if (c.reason !== undefined && (typeof c.reason !== "string" || c.reason.length > 2000))
    throw bad("a rule's status needs a reason of at most 2000 characters");
}
