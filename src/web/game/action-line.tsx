/**
 * An action taken, as the Log tab reads it: "Carol Zuse — Vote: proposal 302, vote for", the
 * action's title and each field of its form in words; a rule-change in the words proposals use
 * ("Amend Rule 202: its text and code"), with its text and code, and any long text, folded behind
 * "show" rather than left out or shown as the engine's shapes.
 */
import { isHiddenMark } from "../../kernel/data-visibility.js";
import { humanise } from "../../present/display.js";
import { describeChange } from "../../records/reports/describe-change.js";
import { brief, internal } from "../format.js";
import type { Json } from "../types.js";
import { codeOf } from "./proposal-card.js";

/** A text longer than this is folded behind "show". */
const longText = 120;

interface Folded {
  label: string;
  text: string;
  code?: true;
}

/** A form's fields (an object the rules do not hide from this reader). */
const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === "object" && v !== null && !Array.isArray(v) && !isHiddenMark(v);
const isChange = (v: Json | undefined) => isObject(v) && typeof v.kind === "string";

/** The words of one field, and what of it is folded away. */
function field(key: string, value: Json, name: (id: string) => string, isPlayer: (id: string) => boolean, folded: Folded[]): string {
  const label = humanise(key).toLowerCase();
  if (isChange(value)) {
    const words = describeChange(value);
    const n = folded.length;
    const short = words.text !== null && words.text.length <= longText ? ` — "${words.text}"` : "";
    if (words.text !== null && !short) folded.push({ label: "the text", text: words.text });
    const code = codeOf(value);
    if (code) folded.push({ label: "the code", text: code, code: true });
    const below = folded.slice(n).map((f) => f.label.replace(/^the /, ""));
    return `${words.summary}${short}${below.length ? ` (${below.join(" and ")} below)` : ""}`;
  }
  if (Array.isArray(value) && value.length && value.every(isChange)) return value.map((v, i) => field(`${key} ${i + 1}`, v, name, isPlayer, folded)).join("; ");
  if (typeof value === "string" && !internal(value) && value.length > longText) {
    folded.push({ label: `the ${label}`, text: value });
    return `${label} (below)`;
  }
  return `${label} ${brief(value, name, isPlayer)}`;
}

export function ActionLine({
  actor,
  action,
  input,
  name,
  isPlayer,
}: {
  actor: string;
  action: string;
  input: Json;
  name: (id: string) => string;
  isPlayer: (id: string) => boolean;
}) {
  const folded: Folded[] = [];
  // An input that is itself a rule-change (a form of one change) reads as one; else field by field.
  const fields = isChange(input)
    ? [field("change", input, name, isPlayer, folded)]
    : isObject(input)
      ? Object.entries(input).map(([k, v]) => field(k, v, name, isPlayer, folded))
      : input == null
        ? []
        : [brief(input, name, isPlayer)];
  return (
    <>
      {name(actor)} — {humanise(action)}
      {fields.length ? `: ${fields.join(", ")}` : ""}
      {folded.map((f, i) => (
        <details class="log-folded" key={i}>
          <summary>Show {f.label}</summary>
          {f.code ? (
            <pre class="code">
              <code>{f.text}</code>
            </pre>
          ) : (
            <blockquote class="rule-text">{f.text}</blockquote>
          )}
        </details>
      ))}
    </>
  );
}
