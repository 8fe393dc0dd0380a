/**
 * `nomos correct`: an officer records a correction citing the rule or ruling it rests on;
 * or the game's host (on a game file: without --as; on a server: its creator, --as-host).
 */
import type { Command } from "commander";
import type { CorrectionChange, Json } from "../../kernel/types.js";
import { citation } from "../../present/format-log.js";
import { output, UsageError } from "../context.js";
import { wholeNumber } from "../parse.js";
import type { Surface, Who } from "../surface.js";

/**
 * One `--set`: `points:ada-lovelace=15` (a player's value), `phase=2` (game state) or
 * `proposals[301]={...}` (a record's entry). The value is JSON where it parses, else text.
 */
export function parseSetting(text: string): CorrectionChange {
  const m = /^([A-Za-z_][\w.-]*)(?::([\w.-]+)|\[([^\]]+)\])?=(.*)$/s.exec(text);
  if (!m) throw new UsageError(`--set ${JSON.stringify(text)} is not name=value, name:player=value or name[key]=value (e.g. --set points:ada-lovelace=15)`);
  const [, name, player, key, raw] = m as unknown as [string, string, string | undefined, string | undefined, string];
  let value: Json;
  try {
    value = JSON.parse(raw) as Json;
  } catch {
    value = raw;
  }
  return { name, ...(player !== undefined ? { player } : {}), ...(key !== undefined ? { key } : {}), value };
}

/** What a correction says, as options. */
function withCorrectionOptions(command: Command): Command {
  return command
    .option("--rule <number>", "the rule the correction rests on", (v) => wholeNumber(v, "--rule"))
    .option("--ruling <ruling>", 'the ruling it rests on, such as "case 2"')
    .requiredOption("--reason <text>", "why, in words players read in the reports")
    .option("--set <name=value...>", "a value to set: points:ada-lovelace=15, name=value or name[key]=value", (v: string, all: CorrectionChange[] = []) => [
      ...all,
      parseSetting(v),
    ])
    .option("--void-rule <number>", "rule a rule void: not in effect until another correction restores it", (v: string, all: number[] = []) => [
      ...all,
      wholeNumber(v, "--void-rule"),
    ])
    .option("--restore-rule <number>", "put a rule back in effect (it stays so until another correction)", (v: string, all: number[] = []) => [
      ...all,
      wholeNumber(v, "--restore-rule"),
    ]);
}

/** The changes the options list: values set, then rules voided or restored. */
function changesFrom(o: { set?: CorrectionChange[]; voidRule?: number[]; restoreRule?: number[] }): CorrectionChange[] {
  const changes = [
    ...(o.set ?? []),
    ...(o.voidRule ?? []).map((rule) => ({ rule, inEffect: false })),
    ...(o.restoreRule ?? []).map((rule) => ({ rule, inEffect: true })),
  ];
  if (!changes.length) throw new UsageError("say what the correction changes: --set name=value, --void-rule <number> or --restore-rule <number>");
  return changes;
}

/** The citation the options name: a rule, a ruling, or both. */
function citesFrom(o: { rule?: number; ruling?: string }): { rule?: number; ruling?: string } {
  return { ...(o.rule !== undefined ? { rule: o.rule } : {}), ...(o.ruling !== undefined ? { ruling: o.ruling } : {}) };
}

export function registerCorrectCommand(surface: Surface): void {
  surface
    .recorder(withCorrectionOptions(surface.command("correct")))
    .description(
      "record an officer's correction: set values, or rule a rule void or restore it, citing the rule or ruling it rests on (nothing earlier is rewritten)",
    )
    .action(async (o: Who & { rule?: number; ruling?: string; reason: string; set?: CorrectionChange[]; voidRule?: number[]; restoreRule?: number[] }) => {
      const cites = citesFrom(o);
      const changes = changesFrom(o);
      await surface.run(o, async (session) => {
        const { seq, correction, status, result } = await session.correct({ cites, reason: o.reason, changes }, o.asHost === true);
        const cited = surface.citesCorrections ? ` (${citation(cites)})` : "";
        output(surface.globals(), { game: session.game, seq, correction, status, result }, () =>
          [`Correction recorded as act ${seq}${cited}: ${o.reason}`, ...(status === "over" ? [`The game is over: ${result?.reason ?? ""}`] : [])].join("\n"),
        );
      });
    });
}
