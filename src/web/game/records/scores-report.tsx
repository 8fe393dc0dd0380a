/**
 * The scoreboard report: every per-player quantity the rules declare with each player's
 * value, then every change to one, traced to its act, the rule that made it and why.
 */
import { when } from "../../format.js";
import type { PageView } from "../../types.js";
import type { Scoreboard } from "./types.js";
import { changeText, valueText } from "./words.js";

export function ScoresReportView({ report, view }: { report: Scoreboard; view: PageView }) {
  const show = valueText(view);
  return (
    <div class="scores-report">
      {report.states.length === 0 && <p class="empty">The rules declare no per-player quantity.</p>}
      {report.states.map((s) => (
        <section key={s.name}>
          <h3>
            {s.name} <span class="muted">(Rule {s.rule})</span>
          </h3>
          {s.describe && <p class="muted">{s.describe}</p>}
          {s.values.length + s.departed.length === 0 ? (
            <p class="muted">Hidden from you by the rules.</p>
          ) : (
            <table class="report" data-report={`values-${s.name}`}>
              <thead>
                <tr>
                  <th scope="col">Player</th>
                  <th scope="col">{s.name}</th>
                </tr>
              </thead>
              <tbody>
                {s.values.map((v) => (
                  <tr key={v.player}>
                    <th scope="row">{v.name}</th>
                    <td>{show(v.value)}</td>
                  </tr>
                ))}
                {s.departed.map((v) => (
                  <tr key={v.player} class="departed">
                    <th scope="row">
                      {v.name} <span class="muted">(left)</span>
                    </th>
                    <td>{show(v.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
      <h3>Every change, newest first</h3>
      {report.changes.length === 0 ? (
        <p class="empty">Nothing has changed yet.</p>
      ) : (
        <table class="report stack" data-report="score-changes">
          <thead>
            <tr>
              <th scope="col">Act</th>
              <th scope="col">Time</th>
              <th scope="col">Player</th>
              <th scope="col">Change</th>
              <th scope="col">Rule</th>
              <th scope="col">Cause</th>
              <th scope="col">Messages</th>
            </tr>
          </thead>
          <tbody>
            {[...report.changes].reverse().map((c, i) => (
              <tr key={`${c.seq}-${c.state}-${c.player}-${i}`} data-seq={c.seq}>
                <th scope="row" data-label="Act">
                  #{c.seq}
                </th>
                <td data-label="Time">{when(c.time)}</td>
                <td data-label="Player">{c.name}</td>
                <td data-label="Change">
                  {c.state}: {changeText(show(c.from), show(c.to), c.difference)}
                </td>
                <td data-label="Rule">Rule {c.rule}</td>
                <td data-label="Cause">{c.cause}</td>
                <td data-label="Messages">
                  {c.messages.length ? (
                    <ul class="plain">
                      {c.messages.map((m, j) => (
                        <li key={j}>{m}</li>
                      ))}
                    </ul>
                  ) : (
                    <span class="muted">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
