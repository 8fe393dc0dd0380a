/**
 * A list in a form: one sub-form per item, each drawn from the item's schema, that the player
 * adds, removes and moves; a list of plain texts (a poem's lines) is typed one item per line.
 */
import { useContext, useRef, useState } from "preact/hooks";
import type { Json } from "../../types.js";
import { Form, noteId } from "./context.js";
import { Field, type FieldProps } from "./field.js";
import { FieldNote } from "./scalar-fields.js";
import { initial, isLines, label, limitsInWords, typeOf } from "./values.js";

export function ArrayField(props: FieldProps) {
  return isLines(props.schema) ? <LinesField {...props} /> : <ItemsField {...props} />;
}

function LinesField({ name, path, schema, value, required, onChange }: FieldProps) {
  const lines = Array.isArray(value) ? (value as string[]) : [];
  const [text, setText] = useState(lines.join("\n"));
  const id = noteId(useContext(Form), path);
  return (
    <>
      <label>
        {label(name)}
        {required ? "" : " (optional)"}
        <textarea
          name={name}
          rows={Math.max(3, Math.min(lines.length + 1, 10))}
          value={text}
          aria-describedby={id}
          onInput={(e) => {
            const raw = (e.target as HTMLTextAreaElement).value;
            setText(raw);
            const items = raw.split("\n").filter((l) => l.trim() !== "");
            onChange(items.length ? items : undefined);
          }}
        />
      </label>
      <FieldNote id={id} schema={schema} value={value} problem={null} hint="one per line; blank lines are left out" />
    </>
  );
}

function ItemsField({ name, path, schema, value, required, onChange }: FieldProps) {
  const items = Array.isArray(value) ? value : [];
  const itemSchema = schema.items ?? {};
  // Each item keeps its own key while items move, so a half-typed field moves with its item.
  const next = useRef(0);
  const [keys, setKeys] = useState<number[]>(() => items.map(() => next.current++));
  while (keys.length < items.length) keys.push(next.current++);
  const set = (list: Json[], order: number[]) => {
    setKeys(order);
    onChange(list.length ? list : undefined);
  };
  const add = () => {
    const start = initial(itemSchema) ?? (typeOf(itemSchema) === "object" ? {} : null);
    set([...items, start as Json], [...keys, next.current++]);
  };
  const move = (i: number, by: number) => {
    const list = [...items];
    const order = [...keys];
    [list[i], list[i + by]] = [list[i + by]!, list[i]!];
    [order[i], order[i + by]] = [order[i + by]!, order[i]!];
    set(list, order);
  };
  const remove = (i: number) =>
    set(
      items.filter((_, j) => j !== i),
      keys.filter((_, j) => j !== i),
    );
  const full = schema.maxItems !== undefined && items.length >= schema.maxItems;
  const one = label(name).replace(/s$/, "");
  const limits = limitsInWords(schema);
  return (
    <fieldset class="list-field">
      <legend>
        {label(name)}
        {required ? "" : " (optional)"}
        {schema.description ? <span class="muted"> — {schema.description}</span> : null}
      </legend>
      {items.length === 0 && <p class="muted">None yet.</p>}
      <ol class="list-items">
        {items.map((item, i) => (
          <li key={keys[i]} class="list-item">
            <Field
              name={`${one} ${i + 1}`}
              path={`${path} › ${i + 1}`}
              schema={itemSchema}
              value={item === null ? undefined : item}
              required
              onChange={(v) => set(Object.assign([...items], { [i]: v ?? null }), keys)}
            />
            <div class="item-tools">
              <button type="button" class="secondary" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${one} ${i + 1} up`}>
                ↑
              </button>
              <button type="button" class="secondary" disabled={i === items.length - 1} onClick={() => move(i, 1)} aria-label={`Move ${one} ${i + 1} down`}>
                ↓
              </button>
              <button type="button" class="secondary" onClick={() => remove(i)}>
                Remove {one.toLowerCase()} {i + 1}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" class="secondary" disabled={full} onClick={add}>
        Add {one.toLowerCase()}
      </button>
      {limits && <span class="muted"> {limits}</span>}
    </fieldset>
  );
}
