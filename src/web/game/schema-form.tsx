/**
 * A form for any action, drawn from the JSON Schema its rule declared: a rule enacted
 * mid-game brings its own actions, and they get forms without new UI code. Nothing is typed
 * as JSON, and nothing typed is dropped: what the form cannot read, or what is missing, is
 * said in words beside the field and the button, and the form is not sent until it reads.
 */
import { useId, useMemo, useState } from "preact/hooks";
import type { Json, Player, Rule } from "../types.js";
import { Form, type FormContext } from "./form/context.js";
import { ObjectFields } from "./form/field.js";
import { formProblems, initial, type Obj, type Schema } from "./form/values.js";

export function SchemaForm({
  schema,
  players,
  rules = [],
  submitLabel,
  onSubmit,
  extra,
}: {
  schema: Schema;
  players: Player[];
  /** The rules in effect: rule fields become pickers, and an amendment starts from the rule's text. */
  rules?: Rule[];
  submitLabel: string;
  onSubmit(value: Json): Promise<void>;
  extra?(value: Json): preact.ComponentChildren;
}) {
  const [value, setValue] = useState<Json>(() => initial(schema) ?? {});
  const [unread, setUnread] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const id = useId();
  const context = useMemo<FormContext>(
    () => ({
      id,
      players,
      rules,
      unread: (path, problem) =>
        setUnread((was) => {
          if ((was[path] ?? null) === problem) return was;
          const next = { ...was };
          if (problem === null) delete next[path];
          else next[path] = problem;
          return next;
        }),
    }),
    [id, players, rules],
  );
  const problems = formProblems(schema, value, unread);
  const submit = async (event: Event) => {
    event.preventDefault();
    setTried(true);
    if (problems.length) return;
    setBusy(true);
    try {
      await onSubmit(value);
    } finally {
      setBusy(false);
    }
  };
  const hasFields = Object.keys(schema.properties ?? {}).length > 0 || schema.oneOf;
  const needsId = `${id}-needs`;
  return (
    <Form.Provider value={context}>
      <form onSubmit={submit} noValidate>
        {hasFields && <ObjectFields schema={schema} path="" value={(value as Obj) ?? {}} onChange={setValue} />}
        {extra?.(value)}
        <button type="submit" disabled={busy} aria-describedby={problems.length ? needsId : undefined}>
          {submitLabel}
        </button>
        {problems.length > 0 && (
          <div id={needsId} class={tried ? "form-needs error" : "form-needs muted"} role={tried ? "alert" : undefined}>
            {tried ? "Not sent: " : "Before sending: "}
            {problems.join("; ")}.
          </div>
        )}
      </form>
    </Form.Provider>
  );
}
