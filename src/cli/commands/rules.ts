/** `nomos rules`: the ruleset in effect, or one rule (current or repealed) with its code and history. */
import type { Command } from "commander";
import type { Game } from "../../kernel/game.js";
import type { RuleRecord } from "../../kernel/types.js";
import { output, UsageError, withGame, type GlobalOptions } from "../context.js";
import { formatRule, formatRuleset, historyLine } from "../../present/format.js";
import { permissionsOf } from "../../present/permissions.js";
import { wholeNumber } from "../parse.js";

/** The ruleset's summary for --json: what a player scans, without the code. */
function summary(rule: RuleRecord, history: boolean) {
  const { number, title, mutable, revision, text } = rule;
  return { number, title, mutable, revision, text, hasCode: rule.code !== null, ...(history ? { history: rule.history.map((h) => ({ ...h, line: historyLine(h) })) } : {}) };
}

/** A rule by number: in effect, repealed (the latest repeal), or renumbered away. */
function findRule(game: Game, n: number): { rule: RuleRecord; repealed: boolean } {
  const current = game.state.rules[n];
  if (current) return { rule: current, repealed: false };
  const repealed = [...game.state.repealed].reverse().find((r) => r.number === n);
  if (repealed) return { rule: repealed, repealed: true };
  // Suber's Rule 108 gives an amended rule a new number: point there.
  for (const r of Object.values(game.state.rules)) {
    const moved = r.history.find((h) => h.change === "renumbered" && (h.detail as { from?: number } | undefined)?.from === n);
    if (moved) throw new UsageError(`rule ${n} is now rule ${r.number} (${historyLine(moved)}); see: nomos rules ${r.number}`, "no-rule");
  }
  throw new UsageError(`there is no rule ${n}, current or repealed; see: nomos rules`, "no-rule");
}

export function registerRulesCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command("rules [number]")
    .description("show the ruleset in effect (number, mutability, revision, text, whether it has code), or one rule with its code, what the code may do, and its history")
    .option("--history", "with the ruleset, each rule's history too")
    .action(async (number: string | undefined, opts: { history?: boolean }) => {
      const g = globals();
      await withGame(g, async (game) => {
        if (number === undefined) {
          const current = Object.values(game.state.rules).sort((a, b) => a.number - b.number);
          output(g, current.map((r) => summary(r, !!opts.history)), () => formatRuleset(current, { history: !!opts.history, repealed: game.state.repealed }));
          return;
        }
        const { rule, repealed } = findRule(game, wholeNumber(number, "a rule's number"));
        const permissions = repealed ? null : permissionsOf(game.state, rule.number);
        const json = { ...summary(rule, true), repealed, props: rule.props, code: rule.code ? { source: rule.code.source } : null, permissions };
        output(g, json, () => formatRule(rule, repealed, permissions));
      });
    });
}
