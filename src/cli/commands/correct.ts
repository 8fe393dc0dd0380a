/**
 * `nomos correct`: an officer records a correction citing the rule or ruling it rests on.
 * Without --as, the correction is the host's: whoever keeps the game file runs the game.
 */
import type { Command } from "commander";
import type { CorrectionChange, Json, Recorder } from "../../kernel/types.js";
import { visibleInput } from "../../kernel/visibility.js";
import { citation } from "../../present/format-log.js";
import { output, UsageError, withGame, type GlobalOptions } from "../context.js";
import { wholeNumber } from "../parse.js";

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

/** What a correction says, as options: shared by `correct` and `remote correct`. */
export function withCorrectionOptions(command: Command): Command {
  return command
    .option("--rule <number>", "the rule the correction rests on", (v) => wholeNumber(v, "--rule"))
    .option("--ruling <ruling>", "the ruling it rests on, such as \"case 2\"")
    .requiredOption("--reason <text>", "why, in words players read in the reports")
    .requiredOption("--set <name=value...>", "a value to set: points:ada-lovelace=15, name=value or name[key]=value", (v: string, all: CorrectionChange[] = []) => [...all, parseSetting(v)]);
}

/** The citation the options name: a rule, a ruling, or both. */
export function citesFrom(o: { rule?: number; ruling?: string }): { rule?: number; ruling?: string } {
  return { ...(o.rule !== undefined ? { rule: o.rule } : {}), ...(o.ruling !== undefined ? { ruling: o.ruling } : {}) };
}

export function registerCorrectCommand(program: Command, globals: () => GlobalOptions): void {
  withCorrectionOptions(
    program
      .command("correct")
      .description("record an officer's correction: set values, citing the rule or ruling it rests on (nothing earlier is rewritten)"),
  )
    .option("--as <player>", "record it as this player, an officer the rules name (default: as the game's host)")
    .action(async (o: { rule?: number; ruling?: string; reason: string; set: CorrectionChange[]; as?: string }) => {
      const g = globals();
      const by: Recorder = o.as ? { player: o.as } : { host: true };
      const cites = citesFrom(o);
      await withGame(g, async (game) => {
        const { act } = await game.correct(by, { cites, reason: o.reason, changes: o.set });
        // An officer sees what they may of their own correction (they might set a value hidden from them); the host keeps the file and sees all.
        const correction = "player" in by ? visibleInput(game.state, act.input, by.player) : act.input;
        output(g, { game: game.id, seq: act.seq, correction, status: game.state.status, result: game.state.result }, () =>
          [`Correction recorded as act ${act.seq} (${citation(cites)}): ${o.reason}`, ...(game.state.status === "over" ? [`The game is over: ${game.state.result?.reason ?? ""}`] : [])].join("\n"),
        );
      });
    });
}
