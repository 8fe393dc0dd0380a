/**
 * "What would adoption change?": the proposal (one being written, or an open one a voter is
 * voting on) is tried on a copy of the game on the server, with every player voting for it,
 * and the rules and state that would change are shown, with what each new code may do.
 */
import { useState } from "preact/hooks";
import { post } from "../api.js";
import type { ActionInfo, GamePage, Json, LogEntry, Permissions } from "../types.js";
import { declaredRecords, entryMoves, type EntryMove } from "../../present/records.js";
import { namer } from "./names.js";
import { PermissionList } from "./permissions.js";
import { proposedChanges, type RuleChange, ruleOutcomes, valueChange } from "./preview-words.js";
import { TextDiff } from "./text-diff.js";

interface DryRun {
  steps: { ok: boolean; as: string; action: string; error?: { message: string }; entry?: LogEntry; failed?: { rule: number; error: string } | null }[];
  changes: {
    rules: (RuleChange & { permissions: Permissions | null })[];
    state: { name: string; player: string | null; before?: Json; after?: Json }[];
  };
}

/** The number a proposal got, from the events its act emitted. */
function proposalNumber(entry: LogEntry | undefined): number | undefined {
  for (const e of entry?.effects ?? []) {
    const data = e.e === "event" ? e.data : null;
    if (data && typeof data === "object") for (const key of ["number", "proposal"]) if (typeof data[key] === "number") return data[key];
  }
  return undefined;
}

/**
 * The vote on a proposal: the move with a choice on an entry of the record the rules
 * declare as proposals, by the input field the record is cited by.
 */
function votingMove(page: GamePage): (EntryMove & { choice: NonNullable<EntryMove["choice"]> }) | undefined {
  const record = declaredRecords(page.view.state, "proposal")[0];
  return entryMoves(page.actions, record?.convention.citedAs).find((m): m is EntryMove & { choice: NonNullable<EntryMove["choice"]> } => m.choice !== null);
}

/** The action that votes on a proposal, if the rules offer one. */
export function votingAction(page: GamePage): ActionInfo | undefined {
  const move = votingMove(page);
  return page.actions.find((a) => a.name === move?.action);
}

export function Preview({ page, action, input }: { page: GamePage; action: string; input: Json }) {
  const [result, setResult] = useState<DryRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const move = votingMove(page);
  const voting = votingAction(page);
  const everyoneFor = (proposal: number) => {
    const yes = move!.choice.values[0] ?? true;
    return page.view.players.map((p) => ({ as: p.id, action: move!.action, input: { [move!.field]: proposal, [move!.choice.name]: yes } }));
  };

  const run = async () => {
    setError(null);
    try {
      const open = action === voting?.name ? (input as { [field: string]: unknown })[move!.field] : undefined;
      if (typeof open === "number") return setResult(await post<DryRun>(`/api/games/${page.id}/dry-run`, { steps: everyoneFor(open) }));
      if (action === voting?.name) throw new Error("choose the proposal to preview first");
      const first = await post<DryRun>(`/api/games/${page.id}/dry-run`, { steps: [{ action, input }] });
      if (!first.steps[0]!.ok) throw new Error(first.steps[0]!.error!.message);
      const number = proposalNumber(first.steps[0]!.entry);
      if (!voting || number === undefined) return setResult(first);
      setResult(await post<DryRun>(`/api/games/${page.id}/dry-run`, { steps: [{ action, input }, ...everyoneFor(number)] }));
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const name = namer(page.view);
  return (
    <div class="preview">
      <button type="button" class="secondary" onClick={run}>
        Preview adoption
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <section class="card" aria-label="Preview">
          <h3>If everyone voted for it</h3>
          {result.steps
            .filter((s) => !s.ok)
            .map((s, i) => (
              <p key={i} class="muted">
                {name(s.as)} could not {s.action}: {s.error?.message}
              </p>
            ))}
          {result.steps
            .filter((s) => s.failed)
            .map((s, i) => (
              <p key={`f${i}`} class="preview-warning" role="alert">
                Warning: Rule {s.failed!.rule} failed when {name(s.as)} took "{s.action}": {s.failed!.error}
              </p>
            ))}
          {result.changes.rules.length === 0 && <p>No rule would change.</p>}
          {ruleOutcomes(result.changes.rules, proposedChanges(input)).map((r) => {
            const permissions = result.changes.rules.find((c) => c.number === r.number)?.permissions;
            return (
              <div key={r.heading} class="rule-change">
                <h4>{r.heading}</h4>
                {r.failed && (
                  <p class="preview-warning" role="alert">
                    Warning: the new code of Rule {r.number} fails, so adopted it would not work ({r.failed}).
                  </p>
                )}
                {r.before && r.after ? <TextDiff before={r.before.text} after={r.after.text} /> : <p class="rule-text">{(r.after ?? r.before)!.text}</p>}
                {permissions && <PermissionList number={r.number} permissions={permissions} />}
                {r.after?.code && r.after.code !== r.before?.code && <pre class="code">{r.after.code}</pre>}
              </div>
            );
          })}
          {result.changes.state.length > 0 && (
            <ul class="state-changes">
              {result.changes.state.map((s) => (
                <li key={`${s.name}.${s.player}`}>
                  {s.name}
                  {s.player ? ` of ${name(s.player)}` : ""}: {valueChange(s.before, s.after, name)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
