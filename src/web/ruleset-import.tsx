/**
 * A new game's ruleset from its published text: paste it or pick a file, optionally attach
 * a preset's code to the rules of the same number, name the offices of hand play (used where
 * no code offers play: the rules the import adds), and preview what Nomos reads in it (the
 * layout, the rules, the rules no longer in effect, the hand-play rules, notes) before the
 * game is created. Errors name their line. Rule texts are players' words: always shown as text.
 */
import { useState } from "preact/hooks";
import { post } from "./api.js";

export interface Preset {
  name: string;
  title: string;
  description: string;
}

interface PreviewRule {
  number: number;
  title: string | null;
  text: string;
  mutable: boolean;
  hasCode?: boolean;
}
interface RulesetPreview {
  layout: string;
  title: string | null;
  asOf: { text: string; at: number | null } | null;
  preamble: string;
  epilogue: string;
  rules: PreviewRule[];
  archived: PreviewRule[];
  handPlay?: number[];
  notes: string[];
}

/** The offices as typed: names separated by commas (none: the server's default). */
function officeList(typed: string): string[] {
  return typed
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
}

/** The `ruleset` of a new game's request, from the form's fields this component renders. */
export function rulesetRequest(data: FormData): { text: string; codeFrom?: string; offices?: string[] } {
  const codeFrom = String(data.get("codeFrom") ?? "");
  const offices = officeList(String(data.get("offices") ?? ""));
  return { text: String(data.get("rulesetText") ?? ""), ...(codeFrom ? { codeFrom } : {}), ...(offices.length ? { offices } : {}) };
}

/** "All players must always abide by…": a rule's title, or the start of its text. */
function headline(rule: PreviewRule): string {
  if (rule.title) return rule.title;
  const text = rule.text.replace(/\s+/g, " ").trim();
  return text.length > 70 ? `${text.slice(0, 69)}…` : text || "(no text)";
}

function PreviewView({ preview }: { preview: RulesetPreview }) {
  const withCode = preview.rules.filter((r) => r.hasCode).length;
  return (
    <section class="ruleset-preview card" aria-labelledby="ruleset-preview-heading">
      <h3 id="ruleset-preview-heading">Preview{preview.title ? `: ${preview.title}` : ""}</h3>
      <dl class="values">
        <div>
          <dt>Layout</dt>
          <dd data-field="layout">{preview.layout}</dd>
        </div>
        <div>
          <dt>Rules in effect</dt>
          <dd data-field="rules">
            {preview.rules.length}
            {withCode ? ` (${withCode} with code)` : ""}
          </dd>
        </div>
        {preview.handPlay?.length ? (
          <div>
            <dt>Hand play</dt>
            <dd data-field="hand-play">rules {preview.handPlay.join(", ")}, added so the game can be played by hand</dd>
          </div>
        ) : null}
        <div>
          <dt>No longer in effect</dt>
          <dd data-field="archived">{preview.archived.length ? preview.archived.map((r) => r.number).join(", ") : "none"}</dd>
        </div>
        {preview.asOf && (
          <div>
            <dt>As of</dt>
            <dd>{preview.asOf.text}</dd>
          </div>
        )}
      </dl>
      {preview.notes.length > 0 && (
        <>
          <h4>Notes</h4>
          <ul class="notes">
            {preview.notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </>
      )}
      <details>
        <summary>The rules ({preview.rules.length})</summary>
        <ol class="plain rule-list">
          {preview.rules.map((r) => (
            <li key={r.number}>
              <strong>{r.number}</strong> {headline(r)}
              {r.mutable ? "" : <span class="muted"> (immutable)</span>}
            </li>
          ))}
        </ol>
      </details>
      {preview.preamble && (
        <details>
          <summary>Preamble</summary>
          <p class="prose">{preview.preamble}</p>
        </details>
      )}
    </section>
  );
}

/** The fields of the new-game form for a ruleset's text: named rulesetText, codeFrom and offices (read by rulesetRequest). */
export function RulesetImport({ presets }: { presets: Preset[] }) {
  const [text, setText] = useState("");
  const [codeFrom, setCodeFrom] = useState("");
  const [offices, setOffices] = useState("Assessor");
  const [preview, setPreview] = useState<RulesetPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const edited = (next: string) => {
    setText(next);
    setPreview(null);
  };
  const readFile = async (event: Event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (!file) return;
    try {
      edited(await file.text());
      setError(null);
    } catch (err) {
      setError(`could not read ${file.name}: ${(err as Error).message}`);
    }
  };
  const showPreview = async () => {
    if (!text.trim()) return setError("Paste the ruleset's text, or pick a file, first.");
    setBusy(true);
    try {
      const named = officeList(offices);
      setPreview(await post<RulesetPreview>("/api/rulesets/preview", { text, ...(codeFrom ? { codeFrom } : {}), ...(named.length ? { offices: named } : {}) }));
      setError(null);
    } catch (err) {
      setPreview(null);
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="ruleset-import">
      <label>
        The ruleset's text
        <textarea
          name="rulesetText"
          rows={8}
          required
          value={text}
          onInput={(e) => edited((e.target as HTMLTextAreaElement).value)}
          placeholder="101 - Immutable - Initial Rule…"
        />
      </label>
      <label>
        Or read it from a file
        <input type="file" accept=".txt,.md,text/plain,text/markdown" onChange={readFile} />
      </label>
      <label>
        Attach code from preset
        <select
          name="codeFrom"
          value={codeFrom}
          onChange={(e) => {
            setCodeFrom((e.target as HTMLSelectElement).value);
            setPreview(null);
          }}
        >
          <option value="">No code: the text only</option>
          {presets.map((p) => (
            <option key={p.name} value={p.name}>
              {p.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        Offices for hand play
        <input
          name="offices"
          value={offices}
          maxLength={500}
          aria-describedby="offices-hint"
          onInput={(e) => {
            setOffices((e.target as HTMLInputElement).value);
            setPreview(null);
          }}
        />
      </label>
      <p id="offices-hint" class="muted">
        Names separated by commas, such as “Assessor, Treasurer”. Where no code plays the rules, the game gets rules for playing by hand: the first office
        assesses each proposal, and every officer keeps the points and other quantities the rules define. You hold each office at first and can hand it on.
      </p>
      <button type="button" class="secondary" onClick={showPreview} disabled={busy}>
        Preview
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {preview && <PreviewView preview={preview} />}
    </div>
  );
}
