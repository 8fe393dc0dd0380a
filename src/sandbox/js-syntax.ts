/** Walking rule code's syntax tree (acorn's), for what the host reads of rule code without running it. */
import type { Node } from "acorn";

export type N = Node & Record<string, any>;

/** A verdict on code, read once per text: a sandbox asks again for each rule it loads, and a thousand texts are kept. */
export function rememberedVerdicts(judge: (js: string) => boolean): (js: string) => boolean {
  const verdicts = new Map<string, boolean>();
  return (js) => {
    let known = verdicts.get(js);
    if (known === undefined) {
      known = judge(js);
      if (verdicts.size >= 1000) verdicts.clear();
      verdicts.set(js, known);
    }
    return known;
  };
}

export function eachNode(node: N, visit: (n: N) => void): void {
  visit(node);
  for (const [, c] of children(node)) eachNode(c, visit);
}

/** A node's child nodes, each with the key it sits under. */
export function children(node: N): [string, N][] {
  const out: [string, N][] = [];
  for (const k of Object.keys(node)) {
    const v = node[k];
    for (const c of Array.isArray(v) ? v : [v]) if (isNode(c)) out.push([k, c]);
  }
  return out;
}

export function isNode(v: unknown): v is N {
  return typeof v === "object" && v !== null && typeof (v as N).type === "string";
}

/** A property's or label's name, a declaration's own name, `new.target`: no value is read there. */
export function isNameNotReference(parent: N, key: string): boolean {
  if (
    (parent.type === "MemberExpression" && key === "property") ||
    ((parent.type === "Property" || parent.type === "MethodDefinition" || parent.type === "PropertyDefinition") && key === "key")
  )
    return !parent.computed;
  if (parent.type === "LabeledStatement" || parent.type === "BreakStatement" || parent.type === "ContinueStatement" || parent.type === "MetaProperty")
    return true;
  return (parent.type === "FunctionExpression" || parent.type === "ClassExpression" || parent.type === "ClassDeclaration") && key === "id";
}
