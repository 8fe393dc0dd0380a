/** Links to save a record as a file: plain text, Markdown or JSON, as it is shown (now or at the moment chosen). */
import { recordUrl } from "./use-record.js";
import type { Moment, RecordFormat, RecordKind } from "./types.js";

const formats: [RecordFormat, string][] = [
  ["text", "Text"],
  ["markdown", "Markdown"],
  ["json", "JSON"],
];

export function Downloads({ game, kind, moment, what }: { game: string; kind: RecordKind; moment: Moment; what: string }) {
  return (
    <p class="downloads">
      <span class="muted">Download {what}:</span>
      {formats.map(([format, label]) => (
        <a
          key={format}
          href={recordUrl(game, kind, { moment, format, download: true })}
          download
          data-format={format}
          aria-label={`Download ${what} as ${label}`}
        >
          {label}
        </a>
      ))}
    </p>
  );
}
