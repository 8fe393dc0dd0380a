/**
 * The proposals report: each proposal, its author, what it changes, every vote (who, how
 * and when), the outcome and why, and the rule that decided it. Open proposals come first.
 */
import type { Json } from "../../types.js";
import type { ProposalEntry, ProposalReport } from "./types.js";
import { actRef } from "./words.js";

const voteText = (vote: Json) => (typeof vote === "string" ? vote : JSON.stringify(vote));

function Row({ p }: { p: ProposalEntry }) {
  return (
    <tr data-proposal={p.number}>
      <th scope="row" data-label="Proposal">
        {p.number}
      </th>
      <td data-label="Author">{p.author}</td>
      <td data-label="Changes">
        <ul class="plain">
          {p.changes.map((c, i) => (
            <li key={i}>
              {c.summary}
              {c.text !== null && <span class="quoted">{c.text}</span>}
            </li>
          ))}
        </ul>
      </td>
      <td data-label="Votes">
        {p.votes.length ? (
          <ul class="plain">
            {p.votes.map((v) => (
              <li key={v.player}>
                {v.name}: {voteText(v.vote)}
                {v.cast ? <span class="muted"> (act {v.cast.seq})</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <span class="muted">no votes yet</span>
        )}
      </td>
      <td data-label="Outcome">
        <strong>{p.status}</strong>
        {p.open ? " (open)" : ""}
        {p.reason && <div>{p.reason}</div>}
        {p.closed && <div class="muted">closed {actRef(p.closed)}</div>}
      </td>
      <td data-label="Decided by">
        {p.decidedBy !== null ? `decided by Rule ${p.decidedBy}` : "—"}
        {p.method ? <div class="muted">{p.method}</div> : null}
      </td>
    </tr>
  );
}

export function ProposalsReportView({ report }: { report: ProposalReport }) {
  if (!report.proposals.length) return <p class="empty">No proposals yet.</p>;
  return (
    <table class="report stack" data-report="proposals">
      <caption>{report.proposals.length === 1 ? "1 proposal" : `${report.proposals.length} proposals, open ones first`}</caption>
      <thead>
        <tr>
          <th scope="col">Proposal</th>
          <th scope="col">Author</th>
          <th scope="col">Changes</th>
          <th scope="col">Votes</th>
          <th scope="col">Outcome</th>
          <th scope="col">Rule</th>
        </tr>
      </thead>
      <tbody>
        {report.proposals.map((p) => (
          <Row key={`${p.number}`} p={p} />
        ))}
      </tbody>
    </table>
  );
}
