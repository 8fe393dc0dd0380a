/** `nomos rules`: the ruleset in effect, or one rule (current or repealed) with its code and history. */
import { formatRule, formatRuleset, historyLine } from "../../present/format.js";
import { output, UsageError } from "../context.js";
import { wholeNumber } from "../parse.js";
import type { RuleBook, RuleWithPermissions } from "../session.js";
import type { Surface } from "../surface.js";

/** The ruleset's summary for --json: what a player scans, without the code. */
function summary(rule: RuleWithPermissions, history: boolean) {
  const { number, title, mutable, revision, text } = rule;
  return {
    number,
    title,
    mutable,
    revision,
    text,
    inEffect: rule.inEffect ?? true,
    suspended: rule.suspended ?? null,
    hasCode: rule.code !== null,
    ...(history ? { history: rule.history.map((h) => ({ ...h, line: historyLine(h) })) } : {}),
  };
}

/** A rule by number: in effect, repealed (the latest repeal), or renumbered away. */
function findRule(book: RuleBook, n: number, prefix: string): { rule: RuleWithPermissions; repealed: boolean } {
  const current = book.current.find((r) => r.number === n);
  if (current) return { rule: current, repealed: false };
  const repealed = [...book.repealed].reverse().find((r) => r.number === n);
  if (repealed) return { rule: repealed, repealed: true };
  // Suber's Rule 108 gives an amended rule a new number: point there.
  for (const r of book.current) {
    const moved = r.history.find((h) => h.change === "renumbered" && (h.detail as { from?: number } | undefined)?.from === n);
    if (moved) throw new UsageError(`rule ${n} is now rule ${r.number} (${historyLine(moved)}); see: ${prefix} rules ${r.number}`, "no-rule");
  }
  throw new UsageError(`there is no rule ${n}, current or repealed; see: ${prefix} rules`, "no-rule");
}

export function registerRulesCommand(surface: Surface): void {
  surface
    .command("rules [number]")
    .description(
      "show the ruleset in effect (number, mutability, revision, text, whether it has code), or one rule with its code, what the code may do, and its history",
    )
    .option("--history", "with the ruleset, each rule's history too")
    .action(async (number: string | undefined, o: { history?: boolean }) => {
      const g = surface.globals();
      const n = number === undefined ? undefined : wholeNumber(number, "a rule's number");
      await surface.run({}, async (session) => {
        const book = await session.rules();
        if (n === undefined) {
          const text = () =>
            formatRuleset(book.current, { history: !!o.history, repealed: book.repealed }).replace(
              "(nomos rules <number>",
              `(${surface.prefix} rules <number>`,
            );
          output(
            g,
            book.current.map((r) => summary(r, !!o.history)),
            text,
          );
          return;
        }
        const { rule, repealed } = findRule(book, n, surface.prefix);
        const permissions = repealed ? null : (rule.permissions ?? null);
        output(g, { ...summary(rule, true), repealed, props: rule.props, code: rule.code ? { source: rule.code.source } : null, permissions }, () =>
          formatRule(rule, repealed, permissions),
        );
      });
    });
}
