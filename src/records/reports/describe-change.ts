/**
 * A proposed rule-change in words, whatever ruleset proposed it: the fields the rule API's
 * RuleChange uses (`kind`, `number`, `text`, `title`, `code`, `mutable`, `to`, `key`,
 * `value`) and those of Suber's proposals (`rule`, `revision`, `removeCode`). A kind no
 * one here knows is still shown, with its fields.
 */
import type { Json } from "../../kernel/types.js";
import { isEntry as isObject } from "../../present/records.js";

export interface ChangeInWords {
  kind: string;
  /** The rule it changes, if it names one. */
  rule: number | null;
  /** "Amend Rule 202: its text and code". */
  summary: string;
  /** The text it would enact or put in, if any. */
  text: string | null;
  hasCode: boolean;
}

function brief(value: Json | undefined): string {
  const s = JSON.stringify(value) ?? "nothing";
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}

export function describeChange(change: Json): ChangeInWords {
  if (!isObject(change)) return { kind: "unknown", rule: null, summary: `a rule-change the records state as ${brief(change)}`, text: null, hasCode: false };
  const kind = typeof change.kind === "string" ? change.kind : "unknown";
  const target = typeof change.rule === "number" ? change.rule : typeof change.number === "number" ? change.number : null;
  const rule = target === null ? "a rule" : `Rule ${target}`;
  const title = typeof change.title === "string" && change.title ? ` "${change.title}"` : "";
  // Recorded, code is compiled (an object); as a player typed it, source text.
  const hasCode = isObject(change.code) || (typeof change.code === "string" && change.code !== "");
  const text = typeof change.text === "string" ? change.text : null;
  let summary: string;
  switch (kind) {
    case "enact": {
      const mutability = change.mutable === false ? " immutable" : "";
      const number = typeof change.number === "number" ? ` ${change.number}` : "";
      summary = `Enact a new${mutability} rule${number}${title}${hasCode ? ", with code" : ""}`;
      break;
    }
    case "repeal":
      summary = `Repeal ${rule}`;
      break;
    case "amend": {
      const parts = [text !== null ? "text" : null, change.title !== undefined ? "title" : null, hasCode ? "code" : null].filter(Boolean);
      const removes = change.removeCode === true || change.code === null ? "; remove its code" : "";
      summary = `Amend ${rule}${parts.length ? `: its ${parts.join(" and ")}` : ""}${removes}`;
      break;
    }
    case "transmute":
      summary = `Transmute ${rule}${typeof change.mutable === "boolean" ? ` to ${change.mutable ? "mutable" : "immutable"}` : ""}`;
      break;
    case "renumber":
      summary = `Renumber ${rule} to ${String(change.to)}`;
      break;
    case "set-property":
      summary = `Set ${rule}'s ${String(change.key)} to ${brief(change.value)}`;
      break;
    case "amend-amendment":
      summary = `Amend the amendment that made revision ${String(change.revision)} of ${rule}${hasCode ? ", with code" : ""}`;
      break;
    case "repeal-amendment":
      summary = `Repeal the amendment that made revision ${String(change.revision)} of ${rule}`;
      break;
    default: {
      const { kind: _kind, text: _text, code: _code, ...rest } = change;
      summary = `${kind} ${brief(rest)}`;
    }
  }
  return { kind, rule: target, summary, text, hasCode };
}

/** A rule-change on one line: its summary, and the text it puts in, clipped: `Enact a new rule "Rhyme" — "Players shall…"`. */
export function changeLine(change: Json | undefined, textLimit = 100): string {
  const words = describeChange(change ?? null);
  if (words.text === null) return words.summary;
  const flat = words.text.replace(/\s+/g, " ").trim();
  return `${words.summary} — "${flat.length > textLimit ? `${flat.slice(0, textLimit - 1).trimEnd()}…` : flat}"`;
}

/** A proposal's rule-changes: `changes` (a list) or `change` (one), as the ProposalRecord convention allows. */
export function proposedChanges(entry: { [key: string]: Json }): ChangeInWords[] {
  if (Array.isArray(entry.changes)) return entry.changes.map(describeChange);
  if (entry.change !== undefined) return [describeChange(entry.change)];
  return [];
}
