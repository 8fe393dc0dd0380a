/** The fields of one value: a number, a text, a yes/no, a choice of words, a player, a rule. */
import { useContext, useEffect, useState } from "preact/hooks";
import type { Json } from "../../types.js";
import { Form, noteId } from "./context.js";
import { limitsInWords, ruleChoice, type Schema, typeOf, valueProblem } from "./values.js";

export interface ScalarProps {
  name: string;
  /** Where the field is in the form, in words ("Changes › 2 › Rule"): its label in messages. */
  path: string;
  title: string;
  schema: Schema;
  value: Json | undefined;
  required: boolean;
  onChange(value: Json | undefined): void;
}

/** A field's limits and what is wrong with it, under the field and tied to it for screen readers. */
export function FieldNote({
  id,
  schema,
  value,
  problem,
  hint,
}: {
  id: string;
  schema: Schema;
  value: Json | undefined;
  problem: string | null;
  hint?: string;
}) {
  const limits = [hint, limitsInWords(schema)].filter(Boolean).join("; ");
  const count = typeOf(schema) === "string" && schema.maxLength !== undefined ? `${typeof value === "string" ? value.length : 0} / ${schema.maxLength}` : null;
  const wrong = problem ?? (value === undefined ? null : valueProblem(schema, value));
  // What the rule says the field is for ("What the motion changed"): the label is only its name.
  const about = schema.description ?? null;
  if (!about && !limits && !count && !wrong) return null;
  return (
    <span class="field-note" id={id}>
      {about && <span class="field-about">{about}</span>}
      {count && <span class="counter">{count}</span>}
      {limits && !count && <span>{limits}</span>}
      {wrong && <span class="field-error">{wrong}</span>}
    </span>
  );
}

export function NumberField({ name, path, title, schema, value, required, onChange }: ScalarProps) {
  const form = useContext(Form);
  const [raw, setRaw] = useState(typeof value === "number" ? String(value) : "");
  const [problem, setProblem] = useState<string | null>(null);
  const integer = typeOf(schema) === "integer";
  // A field taken away (another kind chosen, an item removed) has nothing left unread.
  useEffect(() => () => form.unread(path, null), [path]);
  const read = (text: string) => {
    setRaw(text);
    const t = text.trim();
    const n = Number(t);
    const bad =
      t === "" ? null : !/^-?\d+(\.\d+)?$/.test(t) || (integer && !Number.isInteger(n)) ? `“${t}” is not ${integer ? "a whole number" : "a number"}` : null;
    setProblem(bad);
    form.unread(path, bad && `${path}: ${bad}`);
    onChange(t === "" || bad ? undefined : n);
  };
  return (
    <>
      <label>
        {title}
        <input
          name={name}
          inputMode={integer ? "numeric" : "decimal"}
          required={required}
          value={raw}
          aria-describedby={noteId(form, path)}
          aria-invalid={problem ? "true" : undefined}
          onInput={(e) => read((e.target as HTMLInputElement).value)}
        />
      </label>
      <FieldNote id={noteId(form, path)} schema={schema} value={value} problem={problem} />
    </>
  );
}

export function TextField({ name, path, title, schema, value, required, onChange }: ScalarProps) {
  const form = useContext(Form);
  const long = /text|reason|body|description|poem|line|question/i.test(name) || (schema.maxLength ?? 0) > 200;
  const props = {
    name,
    required,
    value: typeof value === "string" ? value : "",
    "aria-describedby": noteId(form, path),
    onInput: (e: Event) => onChange((e.target as HTMLInputElement).value || undefined),
  };
  return (
    <>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is one of the two in the conditional below. */}
      <label>
        {title}
        {long ? <textarea rows={4} {...props} /> : <input {...props} />}
      </label>
      <FieldNote id={noteId(form, path)} schema={schema} value={value} problem={null} />
    </>
  );
}

export function BooleanField({ name, title, value, onChange }: ScalarProps) {
  return (
    <label class="check">
      <input type="checkbox" name={name} checked={value === true} onChange={(e) => onChange((e.target as HTMLInputElement).checked ? true : undefined)} />{" "}
      {title}
    </label>
  );
}

/** A choice from a list: the one select every choosing field draws, with what the rule says the field is for under it. */
function Choice(props: {
  name: string;
  path: string;
  title: string;
  schema: Schema;
  current: string;
  blank: string | null;
  options: { value: string; text: string }[];
  onPick(value: string): void;
}) {
  const form = useContext(Form);
  const note = props.schema.description ? noteId(form, props.path) : undefined;
  return (
    <>
      <label>
        {props.title}
        <select
          name={props.name}
          aria-label={props.title}
          aria-describedby={note}
          value={props.current}
          onChange={(e) => props.onPick((e.target as HTMLSelectElement).value)}
        >
          {props.blank !== null && <option value="">{props.blank}</option>}
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
      </label>
      {note && (
        <span class="field-note" id={note}>
          <span class="field-about">{props.schema.description}</span>
        </span>
      )}
    </>
  );
}

export function EnumField({ name, path, title, schema, value, required, onChange }: ScalarProps) {
  return (
    <Choice
      name={name}
      path={path}
      schema={schema}
      title={title}
      current={value === undefined ? "" : JSON.stringify(value)}
      blank={!required ? "—" : value === undefined ? "choose…" : null}
      options={schema.enum!.map((option) => ({ value: JSON.stringify(option), text: String(option) }))}
      onPick={(v) => onChange(v ? (JSON.parse(v) as Json) : undefined)}
    />
  );
}

export function PlayerField({ name, path, title, schema, value, onChange }: ScalarProps) {
  const { players } = useContext(Form);
  return (
    <Choice
      name={name}
      path={path}
      schema={schema}
      title={title}
      current={typeof value === "string" ? value : ""}
      blank="—"
      options={players.map((p) => ({ value: p.id, text: p.name }))}
      onPick={(v) => onChange(v || undefined)}
    />
  );
}

/** A rule of the game, chosen from those in effect; a number typed where the page has no rules list. */
export function RuleField(props: ScalarProps) {
  const { rules } = useContext(Form);
  const { name, path, schema, title, value, onChange } = props;
  if (rules.length === 0) return <NumberField {...props} />;
  const known = typeof value === "number" && rules.some((r) => r.number === value);
  const unknown = !known && typeof value === "number" ? [{ value: String(value), text: `${value} — not a rule in effect` }] : [];
  return (
    <Choice
      name={name}
      path={path}
      schema={schema}
      title={title}
      current={typeof value === "number" ? String(value) : ""}
      blank="choose a rule…"
      options={[...unknown, ...rules.map((r) => ({ value: String(r.number), text: ruleChoice(r) }))]}
      onPick={(v) => onChange(Number(v) || undefined)}
    />
  );
}
