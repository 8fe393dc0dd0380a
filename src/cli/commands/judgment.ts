/** `nomos judgment call|rule|consent|overrule`: Suber's Rule 212, as shortcuts for its actions. */
import { wholeNumber } from "../parse.js";
import type { Surface, Who } from "../surface.js";
import { perform } from "./act.js";

export function registerJudgmentCommands(surface: Surface): void {
  const judgment = surface.command("judgment").description("invoke Judgment, rule as Judge, consent or overrule (Rule 212)");
  const kase = (text: string) => wholeNumber(text, "a case number");
  surface
    .actor(judgment.command("call <question>"), "the player invoking Judgment")
    .description("invoke Judgment on a question")
    .action(async (question: string, o: Who) => perform(surface, o, "invoke-judgment", { question }));
  surface
    .actor(judgment.command("rule <case> <verdict> <reasoning>"), "the Judge")
    .description("as Judge, rule on a case: legal, illegal or undecidable")
    .action(async (n: string, verdict: string, reasoning: string, o: Who) => perform(surface, o, "judge", { case: kase(n), verdict, reasoning }));
  surface
    .actor(judgment.command("consent <case>"), "the player consenting")
    .description("consent to the next turn beginning after a Judgment")
    .action(async (n: string, o: Who) => perform(surface, o, "consent", { case: kase(n) }));
  surface
    .actor(judgment.command("overrule <case>"), "the player voting to overrule")
    .description("vote to overrule the Judge")
    .action(async (n: string, o: Who) => perform(surface, o, "overrule", { case: kase(n) }));
}
