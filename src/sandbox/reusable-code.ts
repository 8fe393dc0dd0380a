/**
 * Whether a rule's closures may serve every act, read from its code (JavaScript, types
 * stripped), never from running it. The guest runs a rule's top level again in each act that
 * calls the rule (src/guest/loaded.ts), so that nothing the rule keeps in its own variables
 * outlives an act: a replay, or a sandbox booted again, would not have it. That run is a
 * quarter of the guest's work in Suber's set, and for most rules it makes the same closures
 * over the same values. They may be kept when nothing they can reach between calls can change:
 *
 * - the top level only declares: `const` bindings, function declarations, and calls of the
 *   rule API (`action(...)`, `on(...)`, `gameState(...)`...) and of `t`'s builders, whose
 *   arguments run no rule code (functions only as an argument or an option, data below them:
 *   no object of the rule's own for the API to turn into text); it reads nothing of the game
 *   (a value read there would be as old as the run);
 * - a top-level binding holding a function is only called (`f()`) or handed to the API, one
 *   holding a state's handle only has its methods called (`n.get()`): never written, read as
 *   a value or passed elsewhere, so no property can be set on either; nor is a named function
 *   or class expression, which can reach itself by its name;
 * - no `this`, `super`, `arguments`, `eval` or `__proto__` anywhere, nor a declaration that
 *   hides a name of the rule API.
 *
 * A binding holding a primitive or a schema (`t.string()`, frozen) may be used freely. One
 * holding an array or object of primitives written out (`const kinds = ["a", "b"]`) is only
 * read: indexed or its properties read (never written, deleted or destructured into), iterated
 * with `for...of`, spread, handed to `t`'s builders (which copy it), or called on with a method
 * that neither changes it nor hands it to code (`includes`, `join`...), or hands it to a callback
 * written there that takes too few parameters to receive it (`kinds.map((k) => ...)`). Names
 * are matched without regard to scope, so a local variable named like a top-level one counts
 * as it: the check refuses more than it must, never less. Code that does not parse, or is too
 * deep to walk, is run afresh as before.
 */
import { parse } from "acorn";
import { children, eachNode, isNameNotReference, rememberedVerdicts, type N } from "./js-syntax.js";
import { ruleApiNames } from "../kernel/guest-protocol.js";

/** The rule API's functions whose calls declare (action, on...). */
const declaring = new Set(["action", "forbid", "on", "answer", "channel", "ruleProperty"]);
/** Those that make a state's handle, and the handle's methods. */
const handleMakers = new Set(["gameState", "playerState", "recordState"]);
const handleMethods = new Set(["get", "set", "update", "delete", "keys", "all"]);
/** `t`'s builders (src/guest/schemas.ts), whose schemas are frozen. */
export const schemaBuilders = new Set(["string", "integer", "number", "boolean", "enum", "player", "rule", "code", "array", "object", "oneOf"]);
/** Methods that neither change the array or object they are called on nor hand it to any code. */
const readingMethods = new Set(["includes", "indexOf", "lastIndexOf", "join", "slice", "at", "concat"]);
/** Methods that call back with (item, index, the array itself), and how many parameters a callback may take without receiving it. */
const callingBack = new Map([
  ...["map", "filter", "some", "every", "find", "findIndex", "findLast", "findLastIndex", "forEach", "flatMap"].map((m) => [m, 2] as const),
  ["reduce", 3],
  ["reduceRight", 3],
]);
/** Names through which code could reach what a binding holds by another way. */
const barred = new Set(["arguments", "eval"]);
const apiNames = new Set<string>(ruleApiNames);

export const reusableCode = rememberedVerdicts((js) => judge(js));

/** What the top level binds: names only called, names of handles, names of data only read, and the identifiers free to use as they are. */
interface Bound {
  called: Set<string>;
  handles: Set<string>;
  data: Set<string>;
  free: Set<N>;
}

function judge(js: string): boolean {
  try {
    const program = parse(`"use strict";\n${js}`, { ecmaVersion: "latest", sourceType: "script", allowReturnOutsideFunction: true }) as N;
    const bound: Bound = { called: new Set(), handles: new Set(), data: new Set(), free: new Set() };
    for (const statement of program.body as N[]) if (!declares(statement, bound)) return false;
    let barredSyntax = false;
    eachNode(program, (n) => {
      // A named function or class expression can reach itself by its name (a class declaration is a binding).
      if ((n.type === "FunctionExpression" || n.type === "ClassExpression" || n.type === "ClassDeclaration") && n.id) bound.called.add(n.id.name);
      if (n.type === "ThisExpression" || n.type === "Super" || (n.type === "Property" && !n.computed && keyName(n.key) === "__proto__")) barredSyntax = true;
    });
    return !barredSyntax && walk(program, null, null, [], bound);
  } catch {
    return false; // a syntax error, or code nested past the stack: run afresh
  }
}

function keyName(key: N): unknown {
  return key.type === "Identifier" ? key.name : key.value;
}

/** A top-level statement that only declares; notes what it binds, and the identifiers handed to the API. */
function declares(s: N, bound: Bound): boolean {
  switch (s.type) {
    case "EmptyStatement":
      return true;
    case "ExpressionStatement":
      if (s.directive !== undefined) return true;
      return (isApiCall(s.expression, declaring) || isApiCall(s.expression, handleMakers)) && handedToApi(s.expression, bound);
    case "FunctionDeclaration":
      if (s.generator || s.async || apiNames.has(s.id.name)) return false;
      bound.called.add(s.id.name);
      bound.free.add(s.id);
      return true;
    case "VariableDeclaration":
      if (s.kind !== "const") return false;
      for (const d of s.declarations as N[]) {
        if (d.id.type === "Identifier" && !apiNames.has(d.id.name) && d.init && flatData(d.init)) {
          bound.data.add(d.id.name);
          bound.free.add(d.id);
          continue;
        }
        if (d.id.type !== "Identifier" || apiNames.has(d.id.name) || !d.init || !evaluatesNoCode(d.init, "init")) return false;
        if (isApiCall(d.init, handleMakers)) {
          if (!handedToApi(d.init, bound)) return false;
          bound.handles.add(d.id.name);
        } else if (isApiCall(d.init, declaring)) {
          if (!handedToApi(d.init, bound)) return false;
        } else if (!frozenValue(d.init)) bound.called.add(d.id.name);
        bound.free.add(d.id);
      }
      return true;
    default:
      return false;
  }
}

function isApiCall(e: N, names: Set<string>): boolean {
  return e.type === "CallExpression" && e.callee.type === "Identifier" && names.has(e.callee.name);
}

/** The API call's arguments, and the values of object literals among them: identifiers handed to the API. */
function handedToApi(call: N, bound: Bound): boolean {
  for (const a of call.arguments as N[]) {
    if (!evaluatesNoCode(a, "argument")) return false;
    if (a.type === "Identifier") bound.free.add(a);
    if (a.type === "ObjectExpression") for (const p of a.properties as N[]) if (p.value?.type === "Identifier") bound.free.add(p.value);
  }
  return true;
}

/**
 * Where a value stands at the top level, which says what it may be. The API turns what it is
 * handed into text, numbers and copies while the rule loads: an object of the rule's own with a
 * `toString` would run rule code there. So functions (kept by the API as handlers, checks and
 * claims) go only as a call's argument or an option, and what lies deeper is data.
 */
type Where = "init" | "argument" | "option" | "data" | "operand";

/** Whether evaluating `e` at the top level runs no rule code and makes no object a closure could later change. */
function evaluatesNoCode(e: N, where: Where): boolean {
  switch (e.type) {
    case "Literal":
      return e.regex === undefined;
    case "Identifier":
      return true;
    case "ArrowFunctionExpression":
    case "FunctionExpression":
      return (where === "init" || where === "argument" || where === "option") && !e.generator && !e.async;
    case "TemplateLiteral":
      return (e.expressions as N[]).every((x) => evaluatesNoCode(x, "operand"));
    case "UnaryExpression":
      return e.operator !== "delete" && evaluatesNoCode(e.argument, "operand");
    case "BinaryExpression":
    case "LogicalExpression":
      return evaluatesNoCode(e.left, "operand") && evaluatesNoCode(e.right, "operand");
    case "ConditionalExpression":
      return evaluatesNoCode(e.test, "operand") && evaluatesNoCode(e.consequent, "operand") && evaluatesNoCode(e.alternate, "operand");
    case "CallExpression": {
      const api = where === "init" && (isApiCall(e, declaring) || isApiCall(e, handleMakers));
      if (api) return (e.arguments as N[]).every((a) => evaluatesNoCode(a, "argument"));
      return where !== "operand" && schemaCall(e) && (e.arguments as N[]).every((a) => evaluatesNoCode(a, "data"));
    }
    case "ObjectExpression":
      // Handed to the API, which copies what it keeps: no closure can reach the literal itself.
      return (
        where !== "init" &&
        where !== "operand" &&
        (e.properties as N[]).every(
          (p) => p.type === "Property" && p.kind === "init" && !p.computed && evaluatesNoCode(p.value, where === "argument" ? "option" : "data"),
        )
      );
    case "ArrayExpression":
      return where !== "init" && where !== "operand" && (e.elements as (N | null)[]).every((x) => x !== null && evaluatesNoCode(x, "data"));
    default:
      return false;
  }
}

/** `t.object(...)`: one of `t`'s builders, called on `t`. */
function schemaCall(e: N): boolean {
  const callee = e.callee as N;
  return (
    callee.type === "MemberExpression" &&
    !callee.computed &&
    !callee.optional &&
    callee.object.type === "Identifier" &&
    callee.object.name === "t" &&
    schemaBuilders.has(callee.property.name)
  );
}

/** A value no one can change: a primitive from operators and literals, or a schema. */
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
      return schemaCall(e);
    default:
      return false;
  }
}

/** `[...]` or `{...}` of primitives written out: no object inside, no getter, no code. */
function flatData(e: N): boolean {
  const primitive = (x: N | null): boolean =>
    x !== null &&
    ((x.type === "Literal" && x.regex === undefined) ||
      (x.type === "TemplateLiteral" && x.expressions.length === 0) ||
      (x.type === "UnaryExpression" && x.operator === "-" && x.argument.type === "Literal" && typeof x.argument.value === "number"));
  if (e.type === "ArrayExpression") return (e.elements as (N | null)[]).every(primitive);
  if (e.type === "ObjectExpression")
    return (e.properties as N[]).every((p) => p.type === "Property" && p.kind === "init" && !p.method && !p.computed && !p.shorthand && primitive(p.value));
  return false;
}

/**
 * A use of a data binding (flatData) that can change nothing in it, where `parent` holds it
 * under `key`: what it reads is a primitive, a fresh copy, or a frozen intrinsic.
 */
function onlyReads(parent: N, key: string, above: N[]): boolean {
  if ((parent.type === "SpreadElement" && key === "argument") || (parent.type === "ForOfStatement" && key === "right")) return true;
  if (parent.type === "CallExpression" && key === "arguments") return schemaCall(parent);
  if (parent.type !== "MemberExpression" || key !== "object") return false;
  const outer = above.at(-2);
  if (!outer) return false;
  switch (outer.type) {
    case "CallExpression":
      return outer.callee !== parent || readingCall(parent, outer);
    case "AssignmentExpression":
    case "AssignmentPattern":
    case "ForInStatement":
    case "ForOfStatement":
      return outer.left !== parent;
    case "UnaryExpression":
      return outer.operator !== "delete";
    case "Property":
      // A property of a pattern is written to (`({ a: kinds[0] } = x)`); of an object literal, read.
      return above.at(-3)?.type !== "ObjectPattern";
    case "ChainExpression":
    // `(kinds?.push)(1)` calls push on kinds, `delete kinds?.[0]` deletes from it: what holds the chain decides, so no chain.
    case "UpdateExpression":
    case "ArrayPattern":
    case "RestElement":
    case "NewExpression":
    case "TaggedTemplateExpression":
      return false;
    default:
      return true;
  }
}

/** `kinds.includes(x)`, or `kinds.map((k) => ...)` with a callback written there that cannot receive `kinds` itself. */
function readingCall(member: N, call: N): boolean {
  if (member.computed) return false;
  const name = member.property.name as string;
  if (readingMethods.has(name)) return true;
  const most = callingBack.get(name);
  const fn = (call.arguments as N[])[0];
  return (
    most !== undefined &&
    fn !== undefined &&
    (fn.type === "ArrowFunctionExpression" || fn.type === "FunctionExpression") &&
    fn.params.length <= most &&
    (fn.params as N[]).every((p) => p.type !== "RestElement")
  );
}

/** Every identifier: no barred name, and each bound name used only as allowed. */
function walk(node: N, parent: N | null, key: string | null, above: N[], bound: Bound): boolean {
  if (node.type === "Identifier") {
    if (!parent || !key || isNameNotReference(parent, key)) return true;
    if (barred.has(node.name)) return false;
    if (bound.free.has(node)) return true;
    if (bound.data.has(node.name)) return onlyReads(parent, key, above);
    if (bound.called.has(node.name)) return parent.type === "CallExpression" && key === "callee";
    if (bound.handles.has(node.name)) return isHandleMethodCall(parent, key, above.at(-2));
    return true;
  }
  above.push(node);
  try {
    return children(node).every(([k, c]) => walk(c, node, k, above, bound));
  } finally {
    above.pop();
  }
}

/** `n.get(...)`: one of a state handle's methods, called on it. */
function isHandleMethodCall(parent: N, key: string, grandparent: N | undefined): boolean {
  return (
    parent.type === "MemberExpression" &&
    key === "object" &&
    !parent.computed &&
    handleMethods.has(parent.property.name) &&
    grandparent?.type === "CallExpression" &&
    grandparent.callee === parent
  );
}
