/**
 * Officers' decisions on the play page: the decisions a rule opened for you, each a card
 * "Decide: <question>" with a form drawn from its schema, first among your moves; the ones
 * other players hold, listed with who is to make them.
 */
import { useState } from "preact/hooks";
import type { Decision, GamePage, Json, Rule } from "../types.js";
import { listNames } from "./banner.js";
import { namer } from "./names.js";
import { SchemaForm } from "./schema-form.js";
import { ActMessage, type Message, useAct } from "./use-act.js";

interface Props {
  page: GamePage;
  rules: Rule[];
  onActed(): Promise<void>;
  announce(message: Message | null): void;
}

function DecisionCard({ page, rules, decision, onActed, announce }: Props & { decision: Decision }) {
  const { message, decide } = useAct(page.id, onActed, announce);
  const [formKey, setFormKey] = useState(0);
  const submit = async (input: Json) => {
    if (await decide(decision.id, input, `Decided: ${decision.question}`)) setFormKey((k) => k + 1);
  };
  return (
    <section class="decision card prompted" data-decision={decision.id} aria-label={`Decide: ${decision.question}`}>
      <h3>
        Decide: {decision.question} <span class="muted">(Rule {decision.rule})</span>
      </h3>
      <SchemaForm key={formKey} schema={decision.input} players={page.view.players} rules={rules} submitLabel="Decide" onSubmit={submit} />
      <ActMessage message={message} />
    </section>
  );
}

/** Your decisions as cards; the others' as a list of who is to decide what. */
export function DecisionCards(props: Props) {
  const { page } = props;
  const name = namer(page.view);
  const mine = page.decisions.filter((d) => d.by.includes(page.me));
  // Those play waits on are in the banner already ("Waiting for Ada to decide: ...").
  const others = page.decisions.filter((d) => !d.by.includes(page.me) && !d.awaits);
  if (page.view.status === "over" || page.decisions.length === 0) return null;
  return (
    <section class="decisions">
      {mine.map((d) => (
        <DecisionCard key={d.id} {...props} decision={d} />
      ))}
      {others.length > 0 && (
        <ul class="decisions-awaited muted">
          {others.map((d) => (
            <li key={d.id} data-decision={d.id}>
              Waiting for {listNames(d.by.map(name))} to decide: {d.question} (Rule {d.rule})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
