/**
 * Record a correction, as an officer: the rule and/or ruling it rests on, why, and the
 * values to set (a declared state, the player for a per-player one, and the value). Whether
 * you may is the rules' question, answered by the server; the game's creator may record it
 * as the game's host instead.
 */
import { useState } from "preact/hooks";
import { post } from "../../api.js";
import type { GamePage, Json } from "../../types.js";

interface Draft {
  name: string;
  player: string;
  key: string;
  value: string;
}

/** A value as typed: JSON (15, true, "for", {"a": 1}); anything else is taken as text. */
export function readValue(raw: string): Json {
  const text = raw.trim();
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}

function ChangeFields({
  page,
  index,
  draft,
  onChange,
  onRemove,
}: {
  page: GamePage;
  index: number;
  draft: Draft;
  onChange(d: Draft): void;
  onRemove: (() => void) | null;
}) {
  const decl = page.view.state.find((s) => s.name === draft.name);
  const id = `correction-change-${index}`;
  const set = (field: keyof Draft) => (event: Event) => onChange({ ...draft, [field]: (event.target as HTMLInputElement).value });
  return (
    <fieldset class="change">
      <legend>Change {index + 1}</legend>
      <div class="field">
        <label for={`${id}-state`}>State</label>
        <select id={`${id}-state`} value={draft.name} onChange={set("name")} required>
          {page.view.state.map((s) => (
            <option key={s.name} value={s.name}>
              {s.name} ({s.scope === "player" ? "each player's" : "the game's"}, Rule {s.rule})
            </option>
          ))}
        </select>
      </div>
      {decl?.scope === "player" && (
        <div class="field">
          <label for={`${id}-player`}>Player</label>
          <select id={`${id}-player`} value={draft.player} onChange={set("player")} required>
            <option value="">Choose…</option>
            {page.view.players.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {decl?.scope === "game" && (
        <label>
          Key within it (optional)
          <input value={draft.key} onInput={set("key")} maxLength={120} placeholder="e.g. 301" />
        </label>
      )}
      <label>
        New value
        <input value={draft.value} onInput={set("value")} required placeholder='a number, or JSON such as "for" or {"status": "adopted"}' />
      </label>
      {onRemove && (
        <button type="button" class="secondary" onClick={onRemove}>
          Remove change {index + 1}
        </button>
      )}
    </fieldset>
  );
}

export function CorrectionForm({ page, isOwner, onRecorded }: { page: GamePage; isOwner: boolean; onRecorded(): Promise<void> }) {
  const blank = (): Draft => ({
    name: page.view.state.find((s) => s.scope === "player")?.name ?? page.view.state[0]?.name ?? "",
    player: "",
    key: "",
    value: "",
  });
  const [changes, setChanges] = useState<Draft[]>(() => [blank()]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const rule = String(data.get("rule") ?? "").trim();
    const ruling = String(data.get("ruling") ?? "").trim();
    if (!rule && !ruling) return setMessage({ ok: false, text: "Cite the rule or the ruling the correction rests on." });
    const body = {
      cites: { ...(rule ? { rule: Number(rule) } : {}), ...(ruling ? { ruling } : {}) },
      reason: String(data.get("reason") ?? ""),
      changes: changes.map((c) => {
        const scope = page.view.state.find((s) => s.name === c.name)?.scope;
        return {
          name: c.name,
          ...(scope === "player" && c.player ? { player: c.player } : {}),
          ...(scope === "game" && c.key.trim() ? { key: c.key.trim() } : {}),
          value: readValue(c.value),
        };
      }),
      ...(isOwner && data.get("asHost") ? { asHost: true } : {}),
    };
    setBusy(true);
    try {
      const reply = await post<{ seq: number }>(`/api/games/${page.id}/corrections`, body);
      setMessage({ ok: true, text: `Correction recorded (act ${reply.seq}).` });
      form.reset();
      setChanges([blank()]);
      await onRecorded();
    } catch (err) {
      setMessage({ ok: false, text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card correction" aria-labelledby="correction-heading">
      <h2 id="correction-heading">Record a correction</h2>
      <p class="muted">
        An officer sets a value right, citing the rule or ruling that says so. It is an act of its own: history is not rewritten, and the reports show it with
        its reason.
      </p>
      <form onSubmit={submit}>
        <div class="cites">
          <label>
            Cite rule
            <input name="rule" type="number" min={1} inputMode="numeric" placeholder="e.g. 202" />
          </label>
          <label>
            Cite ruling
            <input name="ruling" maxLength={200} placeholder="e.g. case 2" />
          </label>
        </div>
        <label>
          Reason
          <textarea name="reason" rows={2} required maxLength={5000} />
        </label>
        {changes.map((c, i) => (
          <ChangeFields
            key={i}
            page={page}
            index={i}
            draft={c}
            onChange={(d) => setChanges(changes.map((old, j) => (j === i ? d : old)))}
            onRemove={changes.length > 1 ? () => setChanges(changes.filter((_, j) => j !== i)) : null}
          />
        ))}
        <p>
          <button type="button" class="secondary" onClick={() => setChanges([...changes, blank()])} disabled={changes.length >= 100}>
            Add a change
          </button>
        </p>
        {isOwner && (
          <label class="check">
            <input type="checkbox" name="asHost" value="yes" /> as the game's host
          </label>
        )}
        <button type="submit" disabled={busy}>
          Record the correction
        </button>
        {message && (
          <p class={message.ok ? "ok" : "error"} role={message.ok ? "status" : "alert"}>
            {message.text}
          </p>
        )}
      </form>
    </section>
  );
}
