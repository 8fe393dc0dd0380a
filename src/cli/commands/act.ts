/**
 * Commands that act in a game. `act` takes any action a rule offers; the others are
 * shortcuts for the actions of Suber's Initial Set and the games grown from it.
 */
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import type { Game } from "../../kernel/game.js";
import type { Json } from "../../kernel/types.js";
import { output, UsageError, withGame, type GlobalOptions } from "../context.js";

async function perform(g: GlobalOptions, actor: string, action: string, input: Json, describe: (game: Game) => string): Promise<void> {
  await withGame(g, async (game) => {
    const outcome = await game.act(actor, action, input);
    const messages = outcome.act.effects.flatMap((e) => (e.e === "message" && (e.to === null || e.to.includes(actor)) ? [e.text] : []));
    const failures = outcome.act.effects.flatMap((e) => (e.e === "rule.failed" ? [`! Rule ${e.rule} failed (${e.during}): ${e.error}`] : []));
    output(g, { seq: outcome.act.seq, failed: outcome.failed, effects: outcome.act.effects }, () =>
      [outcome.failed ? `Your ${action} was not carried out: Rule ${outcome.failed.rule}'s code failed: ${outcome.failed.error}` : describe(game), ...messages, ...failures].join("\n"),
    );
  });
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
}

function parseJson(text: string, what: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch (err) {
    throw new UsageError(`${what} is not valid JSON: ${(err as Error).message}`);
  }
}

function wholeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new UsageError(`"${value}" is not a whole number`);
  return n;
}

interface ProposeOptions {
  as: string; file?: string; enact?: boolean; amend?: string; repeal?: string; transmute?: string;
  title?: string; text?: string; textFile?: string; codeFile?: string;
}

/** Builds a rule-change from the propose command's options. */
function changeFrom(o: ProposeOptions): Json {
  if (o.file) {
    const doc = parseJson(readText(o.file), o.file);
    return doc && typeof doc === "object" && !Array.isArray(doc) && "change" in doc ? (doc.change as Json) : doc;
  }
  const text = o.textFile ? readText(o.textFile).trim() : o.text;
  const code = o.codeFile ? readText(o.codeFile) : undefined;
  const extras: Record<string, Json> = {};
  if (text !== undefined) extras.text = text;
  if (o.title !== undefined) extras.title = o.title;
  if (code !== undefined) extras.code = code;
  const kinds = [o.enact, o.amend, o.repeal, o.transmute].filter((k) => k !== undefined).length;
  if (kinds !== 1) throw new UsageError("say what to propose: exactly one of --enact, --amend N, --repeal N, --transmute N (or --file proposal.json)");
  if (o.enact) {
    if (text === undefined) throw new UsageError("a new rule needs its text: --text \"...\" or --text-file rule.txt");
    return { kind: "enact", ...extras };
  }
  if (o.amend !== undefined) return { kind: "amend", rule: wholeNumber(o.amend), ...extras };
  if (o.repeal !== undefined) return { kind: "repeal", rule: wholeNumber(o.repeal) };
  return { kind: "transmute", rule: wholeNumber(o.transmute!) };
}

export function registerActCommands(program: Command, globals: () => GlobalOptions): void {
  program
    .command("act <action>")
    .description("take any action a rule offers (see: nomos actions)")
    .requiredOption("--as <player>", "the player acting")
    .option("--input <json>", "the action's input as JSON", "{}")
    .action(async (action: string, o: { as: string; input: string }) => {
      await perform(globals(), o.as, action, parseJson(o.input, "--input"), () => `${action}: done.`);
    });

  program
    .command("start")
    .description("begin play")
    .requiredOption("--as <player>", "the player acting")
    .action(async (o: { as: string }) => perform(globals(), o.as, "start", {}, () => "Play has begun."));

  program
    .command("propose")
    .description("propose a rule-change: enact, amend (text and/or code), repeal or transmute a rule")
    .requiredOption("--as <player>", "the player proposing")
    .option("--file <proposal.json>", "a rule-change as JSON, e.g. {\"kind\":\"enact\",\"text\":\"...\",\"code\":\"...\"}")
    .option("--enact", "enact a new rule (with --text or --text-file, optionally --code-file)")
    .option("--amend <rule>", "amend a rule's text (--text/--text-file), title or code (--code-file)")
    .option("--repeal <rule>", "repeal a rule")
    .option("--transmute <rule>", "transmute a rule (immutable to mutable, or back)")
    .option("--title <title>", "the rule's title")
    .option("--text <text>", "the rule's text")
    .option("--text-file <file>", "read the rule's text from a file")
    .option("--code-file <file>", "read the rule's code (TypeScript) from a file")
    .action(async (o: ProposeOptions) => {
      await perform(globals(), o.as, "propose", { change: changeFrom(o) }, () => "Proposed.");
    });

  program
    .command("vote <proposal> <vote>")
    .description("vote for or against a proposal")
    .requiredOption("--as <player>", "the player voting")
    .action(async (proposal: string, vote: string, o: { as: string }) => {
      await perform(globals(), o.as, "vote", { proposal: wholeNumber(proposal), vote }, () => `Voted ${vote} on proposal ${proposal}.`);
    });

  const judgment = program.command("judgment").description("invoke Judgment, rule as Judge, consent or overrule");
  judgment
    .command("call <question>")
    .description("invoke Judgment on a question")
    .requiredOption("--as <player>", "the player invoking Judgment")
    .action(async (question: string, o: { as: string }) => perform(globals(), o.as, "invoke-judgment", { question }, () => "Judgment invoked."));
  judgment
    .command("rule <case> <verdict> <reasoning>")
    .description("as Judge, rule on a case: legal, illegal or undecidable")
    .requiredOption("--as <player>", "the Judge")
    .action(async (kase: string, verdict: string, reasoning: string, o: { as: string }) =>
      perform(globals(), o.as, "judge", { case: wholeNumber(kase), verdict, reasoning }, () => `Ruled ${verdict} on case ${kase}.`),
    );
  judgment
    .command("consent <case>")
    .description("consent to the next turn beginning after a Judgment")
    .requiredOption("--as <player>", "the player consenting")
    .action(async (kase: string, o: { as: string }) => perform(globals(), o.as, "consent", { case: wholeNumber(kase) }, () => `Consented on case ${kase}.`));
  judgment
    .command("overrule <case>")
    .description("vote to overrule the Judge")
    .requiredOption("--as <player>", "the player voting to overrule")
    .action(async (kase: string, o: { as: string }) => perform(globals(), o.as, "overrule", { case: wholeNumber(kase) }, () => `Voted to overrule case ${kase}.`));

  program
    .command("forfeit")
    .description("forfeit the game")
    .requiredOption("--as <player>", "the player forfeiting")
    .action(async (o: { as: string }) => perform(globals(), o.as, "forfeit", {}, () => "You have forfeited the game."));
}
