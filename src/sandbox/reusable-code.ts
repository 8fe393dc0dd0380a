/**
 * Whether a rule's closures may serve every act, read from its code (JavaScript, types
 * stripped), never from running it. The guest runs a rule's top level again in each act that
 * calls the rule (src/guest/loaded.ts), so that nothing the rule keeps in its own variables
 * outlives an act: a replay, or a sandbox booted again, would not have it. That run is a
 * quarter of the guest's work in Suber's set, and for most rules it makes the same closures
 * over the same values. They may be kept when nothing they can reach between calls can change:
 *
 * - the top level only declares: `const` bindings, function declarations, and calls of the
 *   rule API (`action(...)`, `on(...)`, `gameState(...)`...), whose arguments run no rule code
 *   (literals, functions, `t` and `game` calls, object and array literals of those, operators);
 * - a top-level binding that holds an object or a function (a state's handle, a helper) is
 *   only called (`f()`, `n.get()`) or handed to the API: never written, read as a value or
 *   passed elsewhere, so no property can be set on it; nor is a named function expression;
 * - no `this`, `arguments` or `eval` anywhere, which could reach the runtime's own objects.
 *
 * A binding holding a primitive, a schema (`t.string()`) or a value the game gave (`game.*`,
 * frozen) may be used freely. Names are matched without regard to scope, so a local variable
 * named like a top-level one counts as it: the check refuses more than it must, never less.
 * Code that does not parse, or is too deep to walk, is run afresh as before.
 */
import { type Node, parse } from "acorn";

/** The rule API's functions whose calls declare (action, on...) or make a state's handle. */
const declaring = new Set(["action", "forbid", "on", "answer", "channel", "ruleProperty", "gameState", "playerState", "recordState"]);
/** Roots of calls whose results are frozen values: schemas, and the game as the top level may read it. */
const frozenRoots = new Set(["t", "game"]);
/** Names through which code could reach what a top-level binding holds by another way. */
const barred = new Set(["arguments", "eval"]);

type N = Node & Record<string, any>;

const verdicts = new Map<string, boolean>();

export function reusableCode(js: string): boolean {
  let known = verdicts.get(js);
  if (known === undefined) {
    known = judge(js);
    if (verdicts.size >= 1000) verdicts.clear();
    verdicts.set(js, known);
  }
  return known;
}

function judge(js: string): boolean {
  try {
    const program = parse(`"use strict";\n${js}`, { ecmaVersion: "latest", sourceType: "script", allowReturnOutsideFunction: true }) as N;
    const guarded = new Set<string>();
    const free = new Set<N>();
    for (const statement of program.body as N[]) if (!declares(statement, guarded, free)) return false;
    eachNode(program, (n) => {
      // A named function or class expression can reach itself by its name (a class declaration is a binding).
      if ((n.type === "FunctionExpression" || n.type === "ClassExpression" || n.type === "ClassDeclaration") && n.id) guarded.add(n.id.name);
    });
    return walk(program, null, null, [], guarded, free);
  } catch {
    return false; // a syntax error, or code nested past the stack: run afresh
  }
}

/** A top-level statement that only declares; notes the bindings to guard and the identifiers handed to the API. */
function declares(s: N, guarded: Set<string>, free: Set<N>): boolean {
  switch (s.type) {
    case "EmptyStatement":
      return true;
    case "ExpressionStatement":
      if (s.directive !== undefined) return true;
      return isDeclaringCall(s.expression) && args(s.expression, free);
    case "FunctionDeclaration":
      if (s.generator || s.async) return false;
      guarded.add(s.id.name);
      free.add(s.id);
      return true;
    case "VariableDeclaration":
      if (s.kind !== "const") return false;
      for (const d of s.declarations as N[]) {
        if (d.id.type !== "Identifier" || !d.init || !evaluatesNoCode(d.init, false)) return false;
        if (isDeclaringCall(d.init) && !args(d.init, free)) return false;
        if (!frozenValue(d.init)) guarded.add(d.id.name);
        free.add(d.id);
      }
      return true;
    default:
      return false;
  }
}

function isDeclaringCall(e: N): boolean {
  return e.type === "CallExpression" && e.callee.type === "Identifier" && declaring.has(e.callee.name);
}

/** The API call's arguments, and the values of object literals among them: identifiers handed to the API. */
function args(call: N, free: Set<N>): boolean {
  for (const a of call.arguments as N[]) {
    if (!evaluatesNoCode(a, true)) return false;
    if (a.type === "Identifier") free.add(a);
    if (a.type === "ObjectExpression") for (const p of a.properties as N[]) if (p.value?.type === "Identifier") free.add(p.value);
  }
  return true;
}

/** Whether evaluating `e` at the top level runs no rule code and makes no object a closure could later change. */
function evaluatesNoCode(e: N, literalsAllowed: boolean): boolean {
  switch (e.type) {
    case "Literal":
      return e.regex === undefined;
    case "Identifier":
    case "ArrowFunctionExpression":
    case "FunctionExpression":
      return !e.generator && !e.async;
    case "TemplateLiteral":
      return (e.expressions as N[]).every((x) => evaluatesNoCode(x, false));
    case "UnaryExpression":
      return e.operator !== "delete" && evaluatesNoCode(e.argument, false);
    case "BinaryExpression":
    case "LogicalExpression":
      return evaluatesNoCode(e.left, false) && evaluatesNoCode(e.right, false);
    case "ConditionalExpression":
      return evaluatesNoCode(e.test, false) && evaluatesNoCode(e.consequent, false) && evaluatesNoCode(e.alternate, false);
    case "CallExpression":
      return (isDeclaringCall(e) || frozenCall(e)) && (e.arguments as N[]).every((a) => evaluatesNoCode(a, true));
    case "ObjectExpression":
      // Handed to the API, which copies what it keeps: no closure can reach the literal itself.
      return literalsAllowed && (e.properties as N[]).every((p) => p.type === "Property" && p.kind === "init" && !p.computed && evaluatesNoCode(p.value, true));
    case "ArrayExpression":
      return literalsAllowed && (e.elements as (N | null)[]).every((x) => x !== null && evaluatesNoCode(x, true));
    default:
      return false;
  }
}

/** `t.object(...)`, `game.rules.self()`: a call on a chain of plain names from `t` or `game`. */
function frozenCall(e: N): boolean {
  let callee = e.callee as N;
  if (callee.type !== "MemberExpression") return false;
  while (callee.type === "MemberExpression" && !callee.computed && !callee.optional) callee = callee.object;
  return callee.type === "Identifier" && frozenRoots.has(callee.name);
}

/** A value no one can change: a primitive from operators and literals, a schema, or a value the game gave. */
function frozenValue(e: N): boolean {
  switch (e.type) {
    case "Literal":
    case "TemplateLiteral":
    case "UnaryExpression":
    case "BinaryExpression":
      return true;
    case "LogicalExpression":
      return frozenValue(e.left) && frozenValue(e.right);
    case "ConditionalExpression":
      return frozenValue(e.consequent) && frozenValue(e.alternate);
    case "CallExpression":
      return frozenCall(e);
    default:
      return false;
  }
}

/** Every node: no `this`, no barred name, and each guarded name used only as allowed. */
function walk(node: N, parent: N | null, key: string | null, above: N[], guarded: Set<string>, free: Set<N>): boolean {
  if (node.type === "ThisExpression") return false;
  if (node.type === "Identifier") {
    if (!parent || !key || isNameNotReference(parent, key)) return true;
    if (barred.has(node.name)) return false;
    if (!guarded.has(node.name) || free.has(node)) return true;
    return usedAsCallee(parent, key, above.at(-2));
  }
  above.push(node);
  try {
    for (const k of Object.keys(node)) {
      const v = node[k];
      if (Array.isArray(v)) {
        for (const c of v) if (isNode(c) && !walk(c, node, k, above, guarded, free)) return false;
      } else if (isNode(v) && !walk(v, node, k, above, guarded, free)) return false;
    }
    return true;
  } finally {
    above.pop();
  }
}

function eachNode(node: N, visit: (n: N) => void): void {
  visit(node);
  for (const k of Object.keys(node)) {
    const v = node[k];
    if (Array.isArray(v)) {
      for (const c of v) if (isNode(c)) eachNode(c, visit);
    } else if (isNode(v)) eachNode(v, visit);
  }
}

function isNode(v: unknown): v is N {
  return typeof v === "object" && v !== null && typeof (v as N).type === "string";
}

/** A property's or label's name, a declaration's own name: no value is read there. */
function isNameNotReference(parent: N, key: string): boolean {
  if (
    (parent.type === "MemberExpression" && key === "property") ||
    ((parent.type === "Property" || parent.type === "MethodDefinition" || parent.type === "PropertyDefinition") && key === "key")
  )
    return !parent.computed;
  if (parent.type === "LabeledStatement" || parent.type === "BreakStatement" || parent.type === "ContinueStatement") return true;
  return (parent.type === "FunctionExpression" || parent.type === "ClassExpression" || parent.type === "ClassDeclaration") && key === "id";
}

/** `f(...)`, or `n.get(...)`: called, never written, read as a value or handed on. */
function usedAsCallee(parent: N, key: string, grandparent: N | undefined): boolean {
  if (parent.type === "CallExpression" && key === "callee") return true;
  return parent.type === "MemberExpression" && key === "object" && !parent.computed && grandparent?.type === "CallExpression" && grandparent.callee === parent;
}
