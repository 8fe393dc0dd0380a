/**
 * The published ruleset, readable: its groups as headings, each rule's number, mutability,
 * title and text; the full ruleset adds each rule's history lines, its annotations and the
 * rules repealed. Rule texts are players' words: always shown as text.
 */
import { inEffectCount } from "../../../records/publish/in-effect-count.js";
import { when } from "../../format.js";
import type { PublishedRule, RulesetDocument } from "./types.js";

function PublishedRuleCard({ rule, full }: { rule: PublishedRule; full: boolean }) {
  return (
    <article class="rule published-rule" data-rule={rule.number}>
      <header>
        <h4>
          Rule {rule.label}
          {rule.title ? `: ${rule.title}` : ""}
        </h4>
        <span class={`badge ${rule.mutable ? "mutable" : "immutable"}`}>{rule.mutability}</span>
        {full && rule.revision !== undefined && <span class="muted">revision {rule.revision}</span>}
        {full && rule.hasCode && <span class="badge code">has code</span>}
      </header>
      {rule.notInEffect && <p class="not-in-effect">{rule.notInEffect}</p>}
      {rule.text ? <p class="rule-text">{rule.text}</p> : <p class="muted">(no text)</p>}
      {full && !!rule.history?.length && (
        <div class="rule-history">
          <h5>History</h5>
          <ol>
            {rule.history.map((h, i) => (
              <li key={i}>{h.line}</li>
            ))}
          </ol>
        </div>
      )}
      {full && !!rule.annotations?.length && (
        <div class="rule-annotations">
          <h5>Annotations</h5>
          <ul>
            {rule.annotations.map((a, i) => (
              <li key={i}>{a.line}</li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}

export function RulesetView({ doc }: { doc: RulesetDocument }) {
  return (
    <div class="published-ruleset">
      <p class="muted">
        {doc.kind} of {doc.title}: {inEffectCount(doc)}, as of act {doc.seq}, {when(doc.time)}.
      </p>
      {doc.groups.map((g) => (
        <section key={g.heading} class="rule-group">
          <h3>
            {g.heading} ({g.rules.length})
          </h3>
          {g.rules.map((r) => (
            <PublishedRuleCard key={r.label} rule={r} full={doc.full} />
          ))}
        </section>
      ))}
      {doc.full && (
        <section class="rule-group repealed">
          <h3>Repealed rules ({doc.repealed?.length ?? 0})</h3>
          {doc.repealed?.length ? (
            doc.repealed.map((r, i) => <PublishedRuleCard key={`${r.label}-${i}`} rule={r} full />)
          ) : (
            <p class="muted">No rule has been repealed.</p>
          )}
        </section>
      )}
    </div>
  );
}
