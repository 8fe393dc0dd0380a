/**
 * Whether a rule's code may change the rules by itself, outside any vote (`game.rules.apply`,
 * `applyAll`, `annotate`), read from its code (JavaScript, types stripped) without running it,
 * so that voters see it among the rule's permissions before they adopt it ("changes the rules
 * with its own code"), and the engine holds the rule to it: code not found so may not call them.
 *
 * The reading can only err towards "it may": the rule API reaches rule code as the parameters
 * of one function (src/guest/loaded.ts), so code can reach `game.rules` only through the name
 * `game`, `arguments`, or a direct `eval`. Code may, when every use of `game` is a property read
 * by name (`game.post`, never `game[k]`, `const g = game` or `{ rules } = game`), every read of
 * `game.rules` is followed by the name of a method that changes nothing (`get`, `all`...), and
 * neither `arguments` nor `eval` appears. Names are matched without regard to scope, and code
 * that does not parse, or is too deep to walk, may: so a rule is never held to less than it does.
 */
import { parse } from "acorn";
import { children, isNameNotReference, rememberedVerdicts, type N } from "./js-syntax.js";

/** `game.rules`' methods that change no rule (src/guest/api.ts). */
const reading = new Set(["all", "get", "self", "provider", "check", "precedence"]);
/** Names through which the rule API can be reached other than as `game`. */
const barred = new Set(["arguments", "eval"]);

export const changesRulesByCode = rememberedVerdicts((js) => judge(js));

function judge(js: string): boolean {
  try {
    const program = parse(`"use strict";\n${js}`, { ecmaVersion: "latest", sourceType: "script", allowReturnOutsideFunction: true }) as N;
    return !fine(program, []);
  } catch {
    return true;
  }
}

/** Whether no identifier below `node` can reach `game.rules`' changing methods. `above`: the node's ancestors with the keys they hold them under. */
function fine(node: N, above: [N, string][]): boolean {
  if (node.type === "Identifier") {
    const [parent, key] = above[above.length - 1] ?? [];
    if (parent && key && isNameNotReference(parent, key)) return true;
    if (barred.has(node.name)) return false;
    if (node.name === "game") return readsGameSafely(above);
    return true;
  }
  for (const [k, c] of children(node)) {
    above.push([node, k]);
    const ok = fine(c, above);
    above.pop();
    if (!ok) return false;
  }
  return true;
}

/** `game.x` for any name x but rules, or `game.rules.m` for a reading method m. */
function readsGameSafely(above: [N, string][]): boolean {
  const [member, key] = above[above.length - 1] ?? [];
  if (member?.type !== "MemberExpression" || key !== "object" || member.computed) return false;
  if (member.property.name !== "rules") return true;
  const [outer, outerKey] = above[above.length - 2] ?? [];
  return outer?.type === "MemberExpression" && outerKey === "object" && !outer.computed && reading.has(outer.property.name);
}
