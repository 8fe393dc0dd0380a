/**
 * `nomos ruleset` and `nomos report`: the published ruleset and the officers' reports, made
 * from the game's records (never typed by hand), now or as they stood at any moment.
 */
import type { Command } from "commander";
import { formatRecord, recordFormats, reportKind, type RecordFormat, type RecordKind } from "../../records/documents.js";
import { UsageError } from "../context.js";
import { positive } from "../parse.js";
import type { Surface, Who } from "../surface.js";

interface RecordOptions extends Who {
  format?: string;
  seq?: number;
  at?: string;
}

function withMomentOptions(surface: Surface, command: Command): Command {
  return surface
    .viewer(command, "as this player may see it (default: as anyone may: no secrets)")
    .option("--format <format>", "text, markdown or json (default: text; --json gives json)")
    .option("--seq <n>", "as it stood after act n of the log", positive("--seq"))
    .option("--at <time>", "as it stood at this time (ISO 8601, such as 2026-11-23T18:00:00Z)");
}

/** Prints one record of the game: --json and --format json print the JSON document. */
async function printRecord(surface: Surface, kind: RecordKind, o: RecordOptions): Promise<void> {
  const format = (surface.globals().json ? "json" : (o.format ?? "text")) as RecordFormat;
  if (!recordFormats.includes(format)) throw new UsageError(`--format ${o.format} is not one of: ${recordFormats.join(", ")}`);
  if (o.seq !== undefined && o.at !== undefined) throw new UsageError("name one moment: --seq <n> or --at <time>, not both");
  const moment = { ...(o.seq !== undefined ? { seq: o.seq } : {}), ...(o.at !== undefined ? { time: o.at } : {}) };
  const record = formatRecord(kind, await surface.run(o, (session) => session.record(kind, moment)), format);
  process.stdout.write(typeof record === "string" ? (record.endsWith("\n") ? record : `${record}\n`) : `${JSON.stringify(record, null, 2)}\n`);
}

export function registerRecordsCommands(surface: Surface): void {
  withMomentOptions(surface, surface.command("ruleset"))
    .description(
      "publish the ruleset from the records: the short ruleset (rules in effect, grouped as the game groups them), or with --full each rule's history, annotations and the repealed rules",
    )
    .option("--full", "the full ruleset: history lines, annotations citing rulings, repealed rules")
    .action(async (o: RecordOptions & { full?: boolean }) => printRecord(surface, o.full ? "full-ruleset" : "ruleset", o));

  withMomentOptions(surface, surface.command("report <kind>"))
    .description(
      "an officer's report from the log: proposals (each proposal, its votes, outcome and the rule that decided it), scores (every per-player quantity, each change traced to its act and rule) or court (cases, rulings, deadlines)",
    )
    .action(async (kind: string, o: RecordOptions) => {
      const k = reportKind(kind);
      if (!k) throw new UsageError(`there is no report "${kind}"; the reports are: proposals, scores, court`);
      await printRecord(surface, k, o);
    });
}
