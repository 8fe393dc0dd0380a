/**
 * `nomos remote ruleset` and `nomos remote report`: the server's records, fetched as JSON
 * and printed by the same renderers as the local commands, so both read the same.
 */
import type { Command } from "commander";
import { formatRecord, recordFormats, type RecordDocument, type RecordFormat, type RecordKind } from "../../records/documents.js";
import { UsageError, type GlobalOptions } from "../context.js";
import { positive } from "../parse.js";
import { citesFrom, withCorrectionOptions } from "../commands/correct.js";
import type { CorrectionChange } from "../../kernel/types.js";
import { chooseGame, gamePath } from "./api.js";
import type { RemoteClient } from "./client.js";

const reportKinds: Record<string, RecordKind> = { proposals: "proposals", scores: "scores", scoreboard: "scores", court: "court" };

interface Options {
  format?: string;
  seq?: number;
  at?: string;
  full?: boolean;
}

async function printRemote(client: RemoteClient, g: GlobalOptions, kind: RecordKind, o: Options): Promise<void> {
  const format = (g.json ? "json" : (o.format ?? "text")) as RecordFormat;
  if (!recordFormats.includes(format)) throw new UsageError(`--format ${o.format} is not one of: ${recordFormats.join(", ")}`);
  if (o.seq !== undefined && o.at !== undefined) throw new UsageError("name one moment: --seq <n> or --at <time>, not both");
  const id = await chooseGame(client, g.game);
  const query = new URLSearchParams({ format: "json" });
  if (o.seq !== undefined) query.set("seq", String(o.seq));
  if (o.at !== undefined) query.set("time", o.at);
  const path = kind === "ruleset" || kind === "full-ruleset" ? `/ruleset?full=${kind === "full-ruleset"}&` : `/reports/${kind}?`;
  const doc = await client.get<RecordDocument>(`${gamePath(id, path)}${query}`);
  const out = formatRecord(kind, doc, format);
  process.stdout.write(typeof out === "string" ? (out.endsWith("\n") ? out : `${out}\n`) : `${JSON.stringify(out, null, 2)}\n`);
}

export function registerRemoteRecords(remote: Command, globals: () => GlobalOptions, connect: () => RemoteClient): void {
  const moment = (c: Command) =>
    c
      .option("--format <format>", "text, markdown or json (default: text)")
      .option("--seq <n>", "as it stood after act n", positive("--seq"))
      .option("--at <time>", "as it stood at this time (ISO 8601)");
  moment(remote.command("ruleset").description("the ruleset published from the server's records (--full: history, annotations, repealed rules)").option("--full", "the full ruleset"))
    .action(async (o: Options) => printRemote(connect(), globals(), o.full ? "full-ruleset" : "ruleset", o));
  moment(remote.command("report <kind>").description("an officer's report from the server: proposals, scores or court, as you may see it"))
    .action(async (kind: string, o: Options) => {
      const k = reportKinds[kind];
      if (!k) throw new UsageError(`there is no report "${kind}"; the reports are: proposals, scores, court`);
      await printRemote(connect(), globals(), k, o);
    });
  withCorrectionOptions(remote.command("correct").description("record an officer's correction on the server, citing the rule or ruling it rests on"))
    .option("--as-host", "record it as the game's host (its creator only)")
    .action(async (o: { rule?: number; ruling?: string; reason: string; set: CorrectionChange[]; asHost?: boolean }) => {
      const g = globals();
      const client = connect();
      const id = await chooseGame(client, g.game);
      const cites = citesFrom(o);
      const reply = await client.post<{ seq: number }>(gamePath(id, "/corrections"), { cites, reason: o.reason, changes: o.set, ...(o.asHost ? { asHost: true } : {}) });
      process.stdout.write(g.json ? `${JSON.stringify(reply, null, 2)}\n` : `Correction recorded as act ${reply.seq}: ${o.reason}\n`);
    });
}
