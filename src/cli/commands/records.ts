/**
 * `nomos ruleset` and `nomos report`: the published ruleset and the officers' reports, made
 * from the game's records (never typed by hand), now or as they stood at any moment.
 */
import type { Command } from "commander";
import type { Game } from "../../kernel/game.js";
import { recordFormats, renderRecord, type RecordFormat, type RecordKind } from "../../records/documents.js";
import { MomentError, momentOf } from "../../records/moment.js";
import { asOf } from "../../records/reports/as-of.js";
import { loadPreset } from "../../ruleset-sources/presets.js";
import { UsageError, withGame, type GlobalOptions } from "../context.js";
import { positive } from "../parse.js";

interface RecordOptions {
  format?: string;
  seq?: number;
  at?: string;
  as?: string;
}

const reportKinds: Record<string, RecordKind> = { proposals: "proposals", scores: "scores", scoreboard: "scores", court: "court" };

function withMomentOptions(command: Command): Command {
  return command
    .option("--format <format>", `text, markdown or json (default: text; --json gives json)`)
    .option("--seq <n>", "as it stood after act n of the log", positive("--seq"))
    .option("--at <time>", "as it stood at this time (ISO 8601, such as 2026-11-23T18:00:00Z)")
    .option("--as <player>", "as this player may see it (default: as anyone may: no secrets)");
}

function presetTitle(game: Game): string | undefined {
  try {
    return game.info.preset ? loadPreset(game.info.preset).info.title : undefined;
  } catch {
    return undefined; // a preset this build does not ship: its name stands in
  }
}

/** Prints one record of the game: --json and --format json print the JSON document. */
async function printRecord(g: GlobalOptions, kind: RecordKind, o: RecordOptions): Promise<void> {
  const format = (g.json ? "json" : (o.format ?? "text")) as RecordFormat;
  if (!recordFormats.includes(format)) throw new UsageError(`--format ${o.format} is not one of: ${recordFormats.join(", ")}`);
  if (o.seq !== undefined && o.at !== undefined) throw new UsageError("name one moment: --seq <n> or --at <time>, not both");
  await withGame(g, async (game, engine) => {
    if (o.as !== undefined && ![...game.state.players, ...game.state.departed].some((p) => p.id === o.as)) {
      throw new UsageError(`"${o.as}" is not a player in this game; the players are: ${game.state.players.map((p) => p.id).join(", ")}`);
    }
    const log = await engine.store.readActs(game.id);
    let seq: number;
    try {
      seq = momentOf(log, { ...(o.seq !== undefined ? { seq: o.seq } : {}), ...(o.at !== undefined ? { time: o.at } : {}) }, game.state.seq);
    } catch (err) {
      if (err instanceof MomentError) throw new UsageError(err.message);
      throw err;
    }
    const { acts, state } = asOf(log, seq);
    const title = presetTitle(game);
    const record = renderRecord(kind, { acts, state, viewer: o.as ?? null, ...(title !== undefined ? { presetTitle: title } : {}) }, format);
    process.stdout.write(typeof record === "string" ? (record.endsWith("\n") ? record : `${record}\n`) : `${JSON.stringify(record, null, 2)}\n`);
  });
}

export function registerRecordsCommands(program: Command, globals: () => GlobalOptions): void {
  withMomentOptions(
    program
      .command("ruleset")
      .description("publish the ruleset from the records: the short ruleset (rules in effect, grouped as the game groups them), or with --full each rule's history, annotations and the repealed rules")
      .option("--full", "the full ruleset: history lines, annotations citing rulings, repealed rules"),
  ).action(async (o: RecordOptions & { full?: boolean }) => printRecord(globals(), o.full ? "full-ruleset" : "ruleset", o));

  withMomentOptions(
    program
      .command("report <kind>")
      .description("an officer's report from the log: proposals (each proposal, its votes, outcome and the rule that decided it), scores (every per-player quantity, each change traced to its act and rule) or court (cases, rulings, deadlines)"),
  ).action(async (kind: string, o: RecordOptions) => {
    const k = reportKinds[kind];
    if (!k) throw new UsageError(`there is no report "${kind}"; the reports are: proposals, scores, court`);
    await printRecord(globals(), k, o);
  });
}


