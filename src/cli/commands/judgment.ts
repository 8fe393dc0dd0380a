/** `nomos judgment call|rule|consent|overrule`: Suber's Rule 212, as shortcuts for its actions. */
import type { Command } from "commander";
import { type GlobalOptions } from "../context.js";
import { wholeNumber } from "../parse.js";
import { perform } from "./act.js";

export function registerJudgmentCommands(program: Command, globals: () => GlobalOptions): void {
  const judgment = program.command("judgment").description("invoke Judgment, rule as Judge, consent or overrule (Rule 212)");
  judgment
    .command("call <question>")
    .description("invoke Judgment on a question")
    .requiredOption("--as <player>", "the player invoking Judgment")
    .action(async (question: string, o: { as: string }) => perform(globals(), o.as, "invoke-judgment", { question }));
  judgment
    .command("rule <case> <verdict> <reasoning>")
    .description("as Judge, rule on a case: legal, illegal or undecidable")
    .requiredOption("--as <player>", "the Judge")
    .action(async (kase: string, verdict: string, reasoning: string, o: { as: string }) =>
      perform(globals(), o.as, "judge", { case: wholeNumber(kase, "a case number"), verdict, reasoning }),
    );
  judgment
    .command("consent <case>")
    .description("consent to the next turn beginning after a Judgment")
    .requiredOption("--as <player>", "the player consenting")
    .action(async (kase: string, o: { as: string }) => perform(globals(), o.as, "consent", { case: wholeNumber(kase, "a case number") }));
  judgment
    .command("overrule <case>")
    .description("vote to overrule the Judge")
    .requiredOption("--as <player>", "the player voting to overrule")
    .action(async (kase: string, o: { as: string }) => perform(globals(), o.as, "overrule", { case: wholeNumber(kase, "a case number") }));
}
