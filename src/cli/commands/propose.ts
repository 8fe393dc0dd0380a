/**
 * `nomos propose`: builds the rule-change Suber's Rule 104 takes (enact, amend, repeal,
 * transmute; the amendment kinds through --file) from flags and files, and proposes it.
 */
import type { Command } from "commander";
import type { Json } from "../../kernel/types.js";
import { UsageError } from "../context.js";
import { parseJson, readText, wholeNumber } from "../parse.js";
import { proposalViews } from "../records-view.js";
import type { Surface } from "../surface.js";
import { perform } from "./act.js";

export interface ProposeOptions {
  as?: string;
  file?: string;
  enact?: boolean;
  amend?: string;
  repeal?: string;
  transmute?: string;
  title?: string;
  text?: string;
  textFile?: string;
  codeFile?: string;
  removeCode?: boolean;
}

/** The rule-change the options describe. A --file may hold the change or {"change": ...}; flags add to it. */
export function changeFrom(o: ProposeOptions): Json {
  const kinds = [o.enact, o.amend, o.repeal, o.transmute].filter((k) => k !== undefined).length;
  if (o.text !== undefined && o.textFile !== undefined) throw new UsageError("give the text once: --text or --text-file, not both");
  const text = o.textFile !== undefined ? readText(o.textFile).trim() : o.text;
  const extras: Record<string, Json> = {};
  if (text !== undefined) extras.text = text;
  if (o.title !== undefined) extras.title = o.title;
  if (o.codeFile !== undefined) extras.code = readText(o.codeFile);
  if (o.removeCode) extras.removeCode = true;

  if (o.file !== undefined) {
    if (kinds) throw new UsageError("--file holds the whole rule-change: leave out --enact, --amend, --repeal and --transmute");
    const doc = parseJson(readText(o.file), o.file);
    const change = doc && typeof doc === "object" && !Array.isArray(doc) && "change" in doc ? doc.change : doc;
    if (!change || typeof change !== "object" || Array.isArray(change))
      throw new UsageError(`${o.file} must hold a rule-change object, such as {"kind": "enact", "text": "..."}`);
    return { ...change, ...extras };
  }
  if (kinds !== 1) throw new UsageError("say what to propose: exactly one of --enact, --amend N, --repeal N, --transmute N (or --file proposal.json)");
  if (o.enact) {
    if (text === undefined) throw new UsageError('a new rule needs its text: --text "..." or --text-file rule.txt');
    return { kind: "enact", ...extras };
  }
  if (o.amend !== undefined) return { kind: "amend", rule: wholeNumber(o.amend, "the rule to amend"), ...extras };
  if (Object.keys(extras).length) throw new UsageError("--text, --title and the code options go with --enact or --amend");
  if (o.repeal !== undefined) return { kind: "repeal", rule: wholeNumber(o.repeal, "the rule to repeal") };
  return { kind: "transmute", rule: wholeNumber(o.transmute!, "the rule to transmute") };
}

/** The options that describe a rule-change. */
export function withChangeOptions(command: Command): Command {
  return command
    .option("--file <proposal.json>", 'the rule-change as JSON, e.g. {"kind": "amend-amendment", "rule": 305, "revision": 2, "text": "..."}')
    .option("--enact", "enact a new rule (with --text or --text-file, optionally --title and --code-file)")
    .option("--amend <rule>", "amend a rule's text (--text, --text-file), title (--title) or code (--code-file, --remove-code)")
    .option("--repeal <rule>", "repeal a rule")
    .option("--transmute <rule>", "transmute a rule: immutable to mutable, or back")
    .option("--title <title>", "the rule's title")
    .option("--text <text>", "the rule's text")
    .option("--text-file <file>", "read the rule's text from a file")
    .option("--code-file <file>", "read the rule's code (TypeScript, see src/rule-api/rule-api.d.ts) from a file")
    .option("--remove-code", "with --amend: remove the rule's code");
}

export function registerProposeCommand(surface: Surface): void {
  withChangeOptions(surface.actor(surface.command("propose"), "the player proposing"))
    .description("propose a rule-change: enact a rule, amend its text, title or code, repeal or transmute it")
    .action(async (o: ProposeOptions) => {
      await perform(surface, o, "propose", { change: changeFrom(o) }, (view) => {
        const open = proposalViews(view, "open").at(-1);
        return open ? `Every player votes: ${surface.prefix} vote ${open.number} for|against${surface.asHint}` : undefined;
      });
    });
}
