/**
 * The records, for officers and players: the published ruleset (short or full) and the
 * officers' reports (proposals, scores, court), each to read here or download as text,
 * Markdown or JSON; all of them as they stood at any past moment; a form to record a
 * correction; and, for the game's creator, the whole game as a file.
 */
import { useState } from "preact/hooks";
import type { GamePage, User } from "../types.js";
import { AsOf } from "./records/as-of.js";
import { CorrectionForm } from "./records/correction-form.js";
import { CourtReportView } from "./records/court-report.js";
import { Downloads } from "./records/downloads.js";
import { ProposalsReportView } from "./records/proposals-report.js";
import { RulesetView } from "./records/ruleset-view.js";
import { ScoresReportView } from "./records/scores-report.js";
import type { CourtReport, Moment, ProposalReport, RecordKind, RulesetDocument, Scoreboard } from "./records/types.js";
import { useRecord } from "./records/use-record.js";

type Shown = "ruleset" | "proposals" | "scores" | "court";
const choices: [Shown, string][] = [
  ["ruleset", "Ruleset"],
  ["proposals", "Proposals"],
  ["scores", "Scores"],
  ["court", "Court"],
];
const titles: Record<Shown, string> = { ruleset: "Ruleset", proposals: "Proposals report", scores: "Scores report", court: "Court report" };

/** Buttons that pick one of a few, each saying whether it is the one shown. */
function Switch<T extends string>({ label, options, value, onChange }: { label: string; options: [T, string][]; value: T; onChange(v: T): void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons; a fieldset would draw a frame and legend.
    <div class="switch" role="group" aria-label={label}>
      {options.map(([key, text]) => (
        <button key={key} type="button" aria-pressed={value === key} class={value === key ? "on" : ""} onClick={() => onChange(key)}>
          {text}
        </button>
      ))}
    </div>
  );
}

export function RecordsTab({ page, user, onChanged }: { page: GamePage; user: User; onChanged(): Promise<void> }) {
  const [shown, setShown] = useState<Shown>("ruleset");
  const [full, setFull] = useState(false);
  const [moment, setMoment] = useState<Moment>(null);
  const kind: RecordKind = shown === "ruleset" ? (full ? "full-ruleset" : "ruleset") : shown;
  const record = useRecord<RulesetDocument | ProposalReport | Scoreboard | CourtReport>(page.id, kind, moment, page.view.seq);
  const isOwner = page.owner === user.id;
  const what = shown === "ruleset" ? `the ${full ? "full" : "short"} ruleset` : `the ${shown} report`;
  const data = record.data;

  return (
    <div class="records">
      <AsOf moment={moment} latest={page.view.seq} shown={data} onChange={setMoment} />
      <Switch<Shown> label="Record to show" options={choices} value={shown} onChange={setShown} />
      <section class="record" aria-labelledby="record-heading" aria-busy={record.loading}>
        <div class="record-head">
          <h2 id="record-heading">{titles[shown]}</h2>
          {shown === "ruleset" && (
            <Switch<"short" | "full">
              label="Ruleset length"
              options={[
                ["short", "Short"],
                ["full", "Full"],
              ]}
              value={full ? "full" : "short"}
              onChange={(v) => setFull(v === "full")}
            />
          )}
        </div>
        <Downloads game={page.id} kind={kind} moment={moment} what={what} />
        {record.error && (
          <p class="error" role="alert">
            {record.error}
          </p>
        )}
        {!data ? (
          !record.error && <p class="muted">Loading…</p>
        ) : kind === "ruleset" || kind === "full-ruleset" ? (
          <RulesetView doc={data as RulesetDocument} />
        ) : kind === "proposals" ? (
          <ProposalsReportView report={data as ProposalReport} />
        ) : kind === "scores" ? (
          <ScoresReportView report={data as Scoreboard} view={page.view} />
        ) : (
          <CourtReportView report={data as CourtReport} timeZone={page.timeZone} />
        )}
      </section>
      <CorrectionForm page={page} isOwner={isOwner} onRecorded={onChanged} />
      {isOwner && (
        <section class="card export" aria-labelledby="export-heading">
          <h2 id="export-heading">The whole game as a file</h2>
          <p class="muted">Every act of the game, to keep or to import into another Nomos server.</p>
          <a class="button" href={`/api/games/${encodeURIComponent(page.id)}/export`} download>
            Export the game
          </a>
        </section>
      )}
    </div>
  );
}
