/** The play page: the state of the game, and a form for every action the rules offer now. */
import { useState } from "preact/hooks";
import { post } from "../api.js";
import type { ActionInfo, GamePage, Json, Rule } from "../types.js";
import { Preview, votingAction } from "./preview.js";
import { SchemaForm } from "./schema-form.js";
import { StateView } from "./state-view.js";

function ActionCard({ page, rules, action, onActed }: { page: GamePage; rules: Rule[]; action: ActionInfo; onActed(): Promise<void> }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const submit = async (input: Json) => {
    try {
      const reply = await post<{ seq: number; failed: { rule: number; error: string } | null }>(`/api/games/${page.id}/act`, { action: action.name, input });
      setMessage(
        reply.failed ? { ok: false, text: `Rule ${reply.failed.rule} failed: ${reply.failed.error}` } : { ok: true, text: `Done (act ${reply.seq}).` },
      );
      setFormKey((k) => k + 1);
      await onActed();
    } catch (err) {
      setMessage({ ok: false, text: (err as Error).message });
    }
  };
  return (
    <details class="action card" data-action={action.name} open={action.changesRules || action.name === "vote"}>
      <summary>
        <strong>{action.name}</strong>{" "}
        <span class="muted">
          — {action.describe} (Rule {action.rule})
        </span>
      </summary>
      <SchemaForm
        key={formKey}
        schema={action.input}
        players={page.view.players}
        rules={rules}
        submitLabel={action.name}
        onSubmit={submit}
        extra={action.changesRules || action === votingAction(page) ? (value) => <Preview page={page} action={action.name} input={value} /> : undefined}
      />
      {message && (
        <p class={message.ok ? "ok" : "error"} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      )}
    </details>
  );
}

export function PlayTab({ page, rules, onActed }: { page: GamePage; rules: Rule[]; onActed(): Promise<void> }) {
  const over = page.view.status === "over";
  return (
    <div class="play">
      <StateView page={page} onActed={onActed} />
      <section class="actions">
        <h2>Your moves</h2>
        {over ? <p>The game is over.</p> : page.actions.map((a) => <ActionCard key={a.name} page={page} rules={rules} action={a} onActed={onActed} />)}
      </section>
    </div>
  );
}
