/**
 * A form for any action, drawn from the JSON Schema its rule declared: a rule enacted
 * mid-game brings its own actions, and they get forms without new UI code.
 */
import { useState } from "preact/hooks";
import type { Json, Player, Schema } from "../types.js";
import { CodeField } from "./code-field.js";

type Obj = { [key: string]: Json };

function variantOf(schema: Schema, value: Obj): Schema | undefined {
  const key = schema.discriminator?.propertyName;
  if (!schema.oneOf || !key) return undefined;
  return schema.oneOf.find((v) => v.properties?.[key]?.enum?.[0] === value[key]) ?? schema.oneOf[0];
}

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
}

/** The starting value of a field: its default, else blank (absent). */
function initial(schema: Schema): Json | undefined {
  if (schema.default !== undefined) return schema.default;
  if (schema.oneOf && schema.discriminator) {
    const first = schema.oneOf[0]!;
    const key = schema.discriminator.propertyName;
    return { [key]: first.properties?.[key]?.enum?.[0] ?? null };
  }
  if (typeOf(schema) === "object") {
    const out: Obj = {};
    for (const [k, s] of Object.entries(schema.properties ?? {})) {
      const v = initial(s);
      if (v !== undefined && (schema.required ?? []).includes(k)) out[k] = v;
    }
    return out;
  }
  if (schema.enum && schema.enum.length === 1) return schema.enum[0];
  return undefined;
}

const label = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());

interface FieldProps {
  name: string;
  schema: Schema;
  value: Json | undefined;
  required: boolean;
  players: Player[];
  onChange(value: Json | undefined): void;
}

function Field({ name, schema, value, required, players, onChange }: FieldProps) {
  const type = typeOf(schema);
  const title = `${label(name)}${required ? "" : " (optional)"}`;
  if (schema.oneOf && schema.discriminator)
    return <ObjectFields schema={schema} value={(value as Obj) ?? {}} players={players} onChange={onChange} legend={label(name)} />;
  if (type === "object") return <ObjectFields schema={schema} value={(value as Obj) ?? {}} players={players} onChange={onChange} legend={label(name)} />;
  if (schema.format === "rule-code") {
    return (
      <div class="field">
        <span class="field-label">{title}</span>
        <CodeField value={typeof value === "string" ? value : ""} onChange={(v) => onChange(v.trim() ? v : undefined)} />
      </div>
    );
  }
  if (schema.format === "player") {
    return (
      <label>
        {title}
        <select name={name} value={typeof value === "string" ? value : ""} onChange={(e) => onChange((e.target as HTMLSelectElement).value || undefined)}>
          <option value="">—</option>
          {players.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
    );
  }
  if (schema.enum) {
    return (
      <label>
        {title}
        <select
          name={name}
          value={value === undefined ? "" : JSON.stringify(value)}
          onChange={(e) => {
            const v = (e.target as HTMLSelectElement).value;
            onChange(v ? (JSON.parse(v) as Json) : undefined);
          }}
        >
          {!required && <option value="">—</option>}
          {required && value === undefined && <option value="">choose…</option>}
          {schema.enum.map((option) => (
            <option key={JSON.stringify(option)} value={JSON.stringify(option)}>
              {String(option)}
            </option>
          ))}
        </select>
      </label>
    );
  }
  if (type === "boolean") {
    return (
      <label class="check">
        <input type="checkbox" name={name} checked={value === true} onChange={(e) => onChange((e.target as HTMLInputElement).checked ? true : undefined)} />{" "}
        {title}
      </label>
    );
  }
  if (type === "integer" || type === "number") {
    return (
      <label>
        {title}
        <input
          name={name}
          type="number"
          step={type === "integer" ? 1 : "any"}
          min={schema.minimum}
          max={schema.maximum}
          required={required}
          value={typeof value === "number" ? value : ""}
          onInput={(e) => {
            const raw = (e.target as HTMLInputElement).value;
            onChange(raw === "" ? undefined : Number(raw));
          }}
        />
      </label>
    );
  }
  if (type === "string") {
    const long = /text|reason|body|description|poem|line/i.test(name);
    return (
      // biome-ignore lint/a11y/noLabelWithoutControl: the control is one of the two in the conditional below.
      <label>
        {title}
        {long ? (
          <textarea
            name={name}
            rows={4}
            required={required}
            value={typeof value === "string" ? value : ""}
            onInput={(e) => onChange((e.target as HTMLTextAreaElement).value || undefined)}
          />
        ) : (
          <input
            name={name}
            required={required}
            value={typeof value === "string" ? value : ""}
            onInput={(e) => onChange((e.target as HTMLInputElement).value || undefined)}
          />
        )}
      </label>
    );
  }
  // Anything else (arrays, free JSON): typed as JSON.
  return (
    <label>
      {title} (JSON)
      <textarea
        name={name}
        rows={3}
        defaultValue={value === undefined ? "" : JSON.stringify(value)}
        onInput={(e) => {
          try {
            const raw = (e.target as HTMLTextAreaElement).value;
            onChange(raw.trim() ? (JSON.parse(raw) as Json) : undefined);
          } catch {
            /* finish typing */
          }
        }}
      />
    </label>
  );
}

function ObjectFields({
  schema,
  value,
  players,
  onChange,
  legend,
}: {
  schema: Schema;
  value: Obj;
  players: Player[];
  onChange(value: Obj): void;
  legend?: string;
}) {
  const variant = variantOf(schema, value);
  const shape = variant ?? schema;
  const key = schema.discriminator?.propertyName;
  const set = (k: string, v: Json | undefined) => {
    const next = { ...value };
    if (v === undefined) delete next[k];
    else next[k] = v;
    onChange(next);
  };
  const fields = Object.entries(shape.properties ?? {}).filter(([k]) => k !== key);
  return (
    <fieldset>
      {legend && <legend>{legend}</legend>}
      {variant && key && (
        <label>
          {label(key)}
          <select
            name={key}
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
          key={`${String(value[key ?? ""] ?? "")}.${k}`}
          name={k}
          schema={s}
          value={value[k]}
          required={(shape.required ?? []).includes(k)}
          players={players}
          onChange={(v) => set(k, v)}
        />
      ))}
    </fieldset>
  );
}

export function SchemaForm({
  schema,
  players,
  submitLabel,
  onSubmit,
  extra,
}: {
  schema: Schema;
  players: Player[];
  submitLabel: string;
  onSubmit(value: Json): Promise<void>;
  extra?(value: Json): preact.ComponentChildren;
}) {
  const [value, setValue] = useState<Json>(() => initial(schema) ?? {});
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit(value);
    } finally {
      setBusy(false);
    }
  };
  const hasFields = Object.keys(schema.properties ?? {}).length > 0 || schema.oneOf;
  return (
    <form onSubmit={submit}>
      {hasFields && <ObjectFields schema={schema} value={(value as Obj) ?? {}} players={players} onChange={setValue} />}
      {extra?.(value)}
      <button type="submit" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
