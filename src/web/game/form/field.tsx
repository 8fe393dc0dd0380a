/** One field of a form, drawn from its schema, and the fields of an object (with a "kind" choosing its shape). */
import { useContext } from "preact/hooks";
import type { Json } from "../../types.js";
import { CodeField } from "../code-field.js";
import { ArrayField } from "./array-field.js";
import { Form } from "./context.js";
import { BooleanField, EnumField, NumberField, PlayerField, RuleField, type ScalarProps, TextField } from "./scalar-fields.js";
import { initial, isRuleField, label, type Obj, type Schema, typeOf, variantOf } from "./values.js";

export interface FieldProps {
  name: string;
  path: string;
  schema: Schema;
  value: Json | undefined;
  required: boolean;
  onChange(value: Json | undefined): void;
}

export function Field(props: FieldProps) {
  const { name, path, schema, value, required, onChange } = props;
  const type = typeOf(schema);
  const scalar: ScalarProps = { ...props, title: `${label(name)}${required ? "" : " (optional)"}` };
  if ((schema.oneOf && schema.discriminator) || type === "object")
    return <ObjectFields schema={schema} path={path} value={(value as Obj) ?? {}} onChange={onChange} legend={label(name)} />;
  if (type === "array") return <ArrayField {...props} />;
  if (schema.format === "rule-code") {
    return (
      <div class="field">
        <span class="field-label">{scalar.title}</span>
        <CodeField path={path} value={typeof value === "string" ? value : ""} onChange={(v) => onChange(v.trim() ? v : undefined)} />
      </div>
    );
  }
  if (schema.format === "player") return <PlayerField {...scalar} />;
  if (isRuleField(name, schema)) return <RuleField {...scalar} />;
  if (schema.enum) return <EnumField {...scalar} />;
  if (type === "boolean") return <BooleanField {...scalar} />;
  if (type === "integer" || type === "number") return <NumberField {...scalar} />;
  if (type === "string") return <TextField {...scalar} />;
  // A schema `t` cannot build: said so, never a JSON box.
  return (
    <p class="field-error">
      {scalar.title}: this form cannot draw a field of this kind ({String(type ?? "no type")}); the rule that declared it may say how to use it.
    </p>
  );
}

/** An amendment's fields the form fills with the amended rule's current ones, to edit rather than retype. */
const prefilled = ["text", "title", "code"] as const;

export function ObjectFields({
  schema,
  path,
  value,
  onChange,
  legend,
}: {
  schema: Schema;
  path: string;
  value: Obj;
  onChange(value: Obj): void;
  legend?: string;
}) {
  const { rules } = useContext(Form);
  const variant = variantOf(schema, value);
  const shape = variant ?? schema;
  const key = schema.discriminator?.propertyName;
  const set = (k: string, v: Json | undefined) => {
    const next = { ...value };
    if (v === undefined) delete next[k];
    else next[k] = v;
    // Amending a rule starts from what it says now.
    const rule = k === "rule" && key && value[key] === "amend" ? rules.find((r) => r.number === v) : undefined;
    if (rule) {
      const current = { text: rule.text, title: rule.title ?? undefined, code: rule.code?.source };
      for (const f of prefilled) if (shape.properties?.[f] && current[f]) next[f] = current[f]!;
    }
    onChange(next);
  };
  const fields = Object.entries(shape.properties ?? {}).filter(([k]) => k !== key);
  const at = (k: string) => (path ? `${path} › ${label(k)}` : label(k));
  return (
    <fieldset>
      {legend && <legend>{legend}</legend>}
      {variant && key && (
        <label>
          {label(key)}
          <select
            name={key}
            aria-label={label(key)}
            value={String(value[key] ?? "")}
            onChange={(e) => {
              const chosen = schema.oneOf!.find((v) => String(v.properties?.[key]?.enum?.[0]) === (e.target as HTMLSelectElement).value)!;
              onChange({ ...(initial(chosen) as Obj), [key]: chosen.properties![key]!.enum![0]! });
            }}
          >
            {schema.oneOf!.map((v) => {
              const k = String(v.properties?.[key]?.enum?.[0]);
              return (
                <option key={k} value={k}>
                  {k}
                  {v.description ? ` — ${v.description}` : ""}
                </option>
              );
            })}
          </select>
        </label>
      )}
      {fields.map(([k, s]) => (
        <Field
          // A new kind, or a new rule to amend, draws fresh fields (the code editor takes its text when drawn).
          key={`${String(value[key ?? ""] ?? "")}.${prefilled.includes(k as never) ? String(value.rule ?? "") : ""}.${k}`}
          name={k}
          path={at(k)}
          schema={s}
          value={value[k]}
          required={(shape.required ?? []).includes(k)}
          onChange={(v) => set(k, v)}
        />
      ))}
    </fieldset>
  );
}
