/**
 * The ruleset as players read it: each rule's number, title, mutability, revision and text,
 * its code beside the text, its history, and a diff between any two revisions; or the
 * whole ruleset as it stood at any past moment. Where the rules declare comment markers
 * (the CommentMarkers convention), comments in the texts are shown as such. Rules enacted or
 * changed since the player last looked say so.
 */
import { useEffect, useState } from "preact/hooks";
import { isCommentMarkers, ruleTextParts, type CommentMarkers } from "../../present/comments.js";
import { ruleLabel } from "../../records/publish/grouping.js";
import { get } from "../api.js";
import { when } from "../format.js";
import type { GamePage, GameView, Json, Rule, StateView } from "../types.js";
import { notInEffectLine } from "../../present/rule-status.js";
import { madeBy } from "../../present/format.js";
import { ruleNews, ruleNewsWords } from "../../present/since.js";
import { PermissionList } from "./permissions.js";
import { TextDiff } from "./text-diff.js";

/** The text of each revision, rebuilt from the rule's history (enactment, then amendments). */
function revisions(rule: Rule): { revision: number; text: string; at: number; cause: string }[] {
  const out: { revision: number; text: string; at: number; cause: string }[] = [];
  let text = "";
  for (const h of rule.history) {
    const d = (h.detail ?? {}) as Record<string, Json>;
    // History from before the game (an import) states changes but not the texts they made.
    if ((h.change !== "enacted" && h.change !== "amended") || h.at === null || h.seq === 0) continue;
    if (typeof d.text === "string") text = d.text;
    out.push({ revision: h.revision, text, at: h.at, cause: h.cause });
  }
  return out;
}

function History({ rule }: { rule: Rule }) {
  const revs = revisions(rule);
  // Until the reader picks, the last two revisions: a rule amended while the page is open
  // (a live update) compares its newest text, not the revisions it had when first drawn.
  const [picked, setPicked] = useState<{ from?: number; to?: number }>({});
  const from = picked.from ?? (revs.length > 1 ? revs.at(-2)!.revision : 0);
  const to = picked.to ?? revs.at(-1)?.revision ?? 0;
  const setFrom = (revision: number) => setPicked((p) => ({ ...p, from: revision }));
  const setTo = (revision: number) => setPicked((p) => ({ ...p, to: revision }));
  const a = revs.find((r) => r.revision === from);
  const b = revs.find((r) => r.revision === to);
  return (
    <details class="history">
      <summary>History ({rule.history.length})</summary>
      <ol>
        {rule.history.map((h, i) => (
          <li key={i}>{h.published ?? `${h.change} (revision ${h.revision}) by ${h.cause}${madeBy(h.by)}${h.at === null ? "" : `, ${when(h.at)}`}`}</li>
        ))}
      </ol>
      {revs.length > 1 && (
        <div class="compare">
          <label>
            Compare revision{" "}
            <select aria-label="From revision" value={from} onChange={(e) => setFrom(Number((e.target as HTMLSelectElement).value))}>
              {revs.map((r) => (
                <option key={r.revision} value={r.revision}>
                  {r.revision}
                </option>
              ))}
            </select>
          </label>
          <label>
            {" "}
            with{" "}
            <select aria-label="To revision" value={to} onChange={(e) => setTo(Number((e.target as HTMLSelectElement).value))}>
              {revs.map((r) => (
                <option key={r.revision} value={r.revision}>
                  {r.revision}
                </option>
              ))}
            </select>
          </label>
          {a && b && <TextDiff before={a.text} after={b.text} />}
        </div>
      )}
    </details>
  );
}

/** The comment markers the rules declare, if any (the first game state of that shape). */
function commentMarkers(state: StateView[]): CommentMarkers | null {
  const found = state.find((s) => s.scope === "game" && isCommentMarkers(s.value));
  return found && isCommentMarkers(found.value) ? found.value : null;
}

/** The text exactly as written, its comments marked out. */
function RuleText({ rule, markers }: { rule: Rule; markers: CommentMarkers | null }) {
  return (
    <p class="rule-text">
      {ruleTextParts(rule.text, rule.number, markers).map((part, i) =>
        part.comment ? (
          <span key={i} class="rule-comment" title="a comment: no effect on the rule">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

const newsTitles = { new: "Enacted since you last looked", changed: "Changed since you last looked" };

/** `news`: whether the rule is new or changed since the player last looked (null: neither). */
function RuleCard({
  rule,
  markers,
  news,
  newsWords,
}: {
  rule: Rule;
  markers: CommentMarkers | null;
  news: "new" | "changed" | null;
  newsWords: string | null;
}) {
  return (
    <article class={rule.suspended ? "rule suspended" : "rule"} id={`rule-${rule.number}`} data-rule={rule.number}>
      <header>
        <h3>
          Rule {ruleLabel(rule)}
          {rule.title ? `: ${rule.title}` : ""}
        </h3>
        <span class={`badge ${rule.mutable ? "mutable" : "immutable"}`}>{rule.mutable ? "mutable" : "immutable"}</span>
        <span class="muted">revision {rule.revision}</span>
        {news && (
          <span class="badge news" title={newsTitles[news]}>
            {news}
          </span>
        )}
      </header>
      {news && newsWords && <p class="rule-news">{newsWords}</p>}
      {rule.suspended && <p class="not-in-effect">{notInEffectLine(rule.suspended)}</p>}
      <div class={rule.code ? "rule-body with-code" : "rule-body"}>
        <RuleText rule={rule} markers={markers} />
        {rule.code && (
          <details class="rule-code" open={false}>
            <summary>Code</summary>
            {rule.permissions && <PermissionList number={rule.number} permissions={rule.permissions} />}
            <pre class="code">{rule.code.source}</pre>
          </details>
        )}
      </div>
      <History rule={rule} />
    </article>
  );
}

/** `lastSeen`: the last act the player had seen when the page loaded (null: this is their first look). */
export function RulesTab({ page, rules, lastSeen }: { page: GamePage; rules: Rule[]; lastSeen: number | null }) {
  const [past, setPast] = useState<GameView | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A link to one rule ("Rule 303 is now in effect", .../rules#rule-303) lands on it once the rules are drawn.
  const hasRules = rules.length > 0;
  useEffect(() => {
    if (hasRules && location.hash.startsWith("#rule-")) document.getElementById(location.hash.slice(1))?.scrollIntoView({ block: "start" });
  }, [hasRules]);
  const showAt = async (event: Event) => {
    event.preventDefault();
    const raw = String(new FormData(event.target as HTMLFormElement).get("at") ?? "");
    if (!raw) return setPast(null);
    try {
      setError(null);
      setPast(await get<GameView>(`/api/games/${page.id}/at?time=${encodeURIComponent(new Date(raw).toISOString())}`));
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const shown = past?.rules ?? rules;
  const markers = commentMarkers((past ?? page.view).state);
  // The rules as they stood in the past are not news.
  const newsOf = (rule: Rule) => (past ? null : ruleNews(rule, lastSeen));
  const immutable = shown.filter((r) => !r.mutable);
  const mutable = shown.filter((r) => r.mutable);
  return (
    <div class="rules">
      <form class="inline at" onSubmit={showAt}>
        <label>
          The rules as they stood at <input type="datetime-local" name="at" />
        </label>
        <button type="submit">Show</button>
        {past && (
          <button type="button" class="secondary" onClick={() => setPast(null)}>
            Back to now
          </button>
        )}
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {past && (
        <p class="banner">
          As they stood after act {past.seq}, {when(past.time)}.
        </p>
      )}
      <h2>Immutable rules ({immutable.length})</h2>
      {immutable.map((r) => (
        <RuleCard key={r.number} rule={r} markers={markers} news={newsOf(r)} newsWords={past ? null : ruleNewsWords(r, lastSeen)} />
      ))}
      <h2>Mutable rules ({mutable.length})</h2>
      {mutable.map((r) => (
        <RuleCard key={r.number} rule={r} markers={markers} news={newsOf(r)} newsWords={past ? null : ruleNewsWords(r, lastSeen)} />
      ))}
    </div>
  );
}
