/** What every report's text and Markdown share: its heading, and acts and values in words. */
import type { Json } from "../../kernel/types.js";
import { moment } from "../publish/dates.js";
import { escapeInline } from "../publish/markdown.js";
import type { ActRef } from "./names.js";

interface Header {
  game: string;
  seq: number;
  time: number;
  viewer: string | null;
  viewerName: string | null;
}

function asOf(report: Header): string {
  return `as of ${moment(report.time)} (act ${report.seq})${report.viewer === null ? "" : `, as ${report.viewerName ?? report.viewer} may see it`}`;
}

export function textHeading(title: string, report: Header): string {
  return `${title}: ${report.game}\n${asOf(report)}`;
}

export function markdownHeading(title: string, report: Header): string {
  return `# ${title}: ${escapeInline(report.game)}\n\n${escapeInline(asOf(report))}.`;
}

/** "act 12, 5 Jan 2026 12:12 UTC". */
export function actWhen(ref: ActRef | null): string {
  return ref ? `act ${ref.seq}, ${moment(ref.time)}` : "not in the log shown";
}

/** A value in a line: strings as they are, anything else as JSON. */
export function value(v: Json | undefined): string {
  return typeof v === "string" ? v : (JSON.stringify(v) ?? "nothing");
}

/** "+10", "-3", "0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
