/**
 * The court report: every question put to judgment with its caller, Judge, status, verdict,
 * reasoning and the rules it is about; the game's deadlines in the viewer's time zone (the
 * game's own in the tooltip, as the status line shows them); and what play waits on.
 */
import { relative, viewerZone, when } from "../../format.js";
import type { CourtCase, CourtReport } from "./types.js";
import { actRef } from "./words.js";

function CaseCard({ c }: { c: CourtCase }) {
  return (
    <article class="case card" data-case={c.number}>
      <h4>Case {c.number}</h4>
      <p class="quoted">{c.question}</p>
      <dl class="values">
        <div>
          <dt>Called by</dt>
          <dd>
            {c.caller?.name ?? "—"} <span class="muted">({actRef(c.called)})</span>
          </dd>
        </div>
        <div>
          <dt>Judge</dt>
          <dd>{c.judge?.name ?? "not yet chosen"}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{c.status}</dd>
        </div>
        <div>
          <dt>Verdict</dt>
          <dd>
            {c.verdict ?? "—"}
            {c.ruled ? <span class="muted"> ({actRef(c.ruled)})</span> : null}
          </dd>
        </div>
        {c.reasoning && (
          <div>
            <dt>Reasoning</dt>
            <dd class="prose">{c.reasoning}</dd>
          </div>
        )}
        <div>
          <dt>Rules</dt>
          <dd>{c.rules.length ? c.rules.map((n) => `Rule ${n}`).join(", ") : "—"}</dd>
        </div>
        {c.overruled.map((o, i) => (
          <div key={i}>
            <dt>Overruled</dt>
            <dd>
              {o.judge?.name ?? "a Judge"}: {o.verdict ?? "—"}
              {o.reasoning ? ` — ${o.reasoning}` : ""}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

export function CourtReportView({ report, timeZone }: { report: CourtReport; timeZone: string }) {
  return (
    <div class="court-report">
      <p class="waiting">{report.waiting ? `Play waits: ${report.waiting}` : "Play waits on no judgment."}</p>
      <h3>Deadlines</h3>
      {report.deadlines.length === 0 ? (
        <p class="empty">No deadlines.</p>
      ) : (
        <ul class="plain deadlines">
          {report.deadlines.map((d) => (
            <li key={d.id} title={`${when(d.at, timeZone)} in the game's time zone (${timeZone})`}>
              {d.name} (Rule {d.rule}): {when(d.at)} {viewerZone}, {relative(d.at)}
            </li>
          ))}
        </ul>
      )}
      <h3>Cases</h3>
      {report.cases.length === 0 ? <p class="empty">No question has been put to judgment.</p> : report.cases.map((c) => <CaseCard key={c.number} c={c} />)}
    </div>
  );
}
