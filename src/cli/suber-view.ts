/**
 * Suber conveniences on top of the generic view: the shapes of the turn, proposal and
 * Judgment state that Suber's rules (and the games grown from them) declare. Each reader
 * checks the shape and returns nothing when a ruleset declares something else, so the
 * generic display takes over.
 */
import type { Json } from "../kernel/types.js";
import type { GameView } from "../kernel/visibility.js";

export interface TurnView {
  player: string | null;
  number: number;
  circuits?: number;
  proposed?: boolean;
  waiting?: string | null;
}
export interface ProposalView {
  number: number;
  proposer: string;
  change: Json;
  votes: Record<string, string>;
  status: string;
  reason?: string | null;
}
export interface JudgmentView {
  number: number;
  question: string;
  judge: string;
  status: string;
  verdict?: string | null;
  consents?: string[];
  overrulers?: string[];
}


function gameValue(view: GameView, name: string): Json | undefined {
  return view.state.find((s) => s.name === name && s.scope === "game")?.value;
}
function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function records<T>(value: Json | undefined, ok: (r: { [key: string]: Json }) => boolean): T[] {
  if (!isObject(value)) return [];
  return Object.values(value).filter((r) => isObject(r) && ok(r)).map((r) => r as unknown as T);
}

export function turnView(view: GameView): TurnView | undefined {
  const t = gameValue(view, "turn");
  return isObject(t) && "player" in t && typeof t.number === "number" ? (t as unknown as TurnView) : undefined;
}

export function proposalViews(view: GameView): ProposalView[] {
  return records<ProposalView>(gameValue(view, "proposals"), (r) => typeof r.number === "number" && typeof r.status === "string" && isObject(r.votes))
    .sort((a, b) => a.number - b.number);
}

export function judgmentViews(view: GameView): JudgmentView[] {
  return records<JudgmentView>(gameValue(view, "judgments"), (r) => typeof r.number === "number" && typeof r.status === "string")
    .sort((a, b) => a.number - b.number);
}

/** The names of the state these readers understand here, so the generic display skips them. */
export function recognized(view: GameView): Set<string> {
  const names = new Set<string>();
  if (turnView(view)) names.add("turn");
  const all = (name: string, parsed: unknown[]) => {
    const v = gameValue(view, name);
    if (isObject(v) && Object.keys(v).length === parsed.length) names.add(name);
  };
  all("proposals", proposalViews(view));
  all("judgments", judgmentViews(view));
  return names;
}

/** A rule-change in words: "enact a rule: "text"", "repeal rule 305". */
export function describeChange(change: Json, textLimit = 100): string {
  if (!isObject(change) || typeof change.kind !== "string") return JSON.stringify(change);
  const c = change;
  const text = typeof c.text === "string" ? `: "${clip(c.text, textLimit)}"` : "";
  const code = c.code ? " (with code)" : c.removeCode ? " (removing its code)" : "";
  const title = typeof c.title === "string" ? ` titled "${c.title}"` : "";
  switch (c.kind) {
    case "enact": return `enact a new rule${title}${code}${text}`;
    case "amend": return `amend rule ${String(c.rule)}${title}${code}${text}`;
    case "amend-amendment": return `amend the amendment that made revision ${String(c.revision)} of rule ${String(c.rule)}${code}${text}`;
    case "repeal-amendment": return `repeal the amendment that made revision ${String(c.revision)} of rule ${String(c.rule)}`;
    default: return `${c.kind} rule ${String(c.rule)}`;
  }
}

export function clip(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}
