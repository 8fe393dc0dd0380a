/**
 * `decide` (make a decision a rule opened for you) and `decisions` (the open ones). The
 * answer is given as fields (`--void true --reason "..."`), read by the decision's form, or
 * as JSON, as `act` takes it.
 */
import type { Json } from "../../kernel/types.js";
import { output, UsageError } from "../context.js";
import { describeForm } from "../../present/form-words.js";
import { parseJson } from "../parse.js";
import { FieldError, fieldValue as readField } from "../../present/form-fields.js";
import type { OpenDecision } from "../session.js";
import type { Surface, Who } from "../surface.js";
import { reportOutcome } from "./act.js";

type Schema = { [key: string]: Json };
const isSchema = (v: Json | undefined): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

/** One field's text as its form reads it (src/present/form-fields.ts), a usage error if it cannot be read. */
function fieldValue(schema: Json | undefined, name: string, text: string): Json {
  try {
    return readField(schema, `--${name}`, text);
  } catch (err) {
    throw err instanceof FieldError ? new UsageError(err.message) : err;
  }
}

/** The answer from the words typed after the decision's id: one JSON document, or --field value pairs. */
export function decisionAnswer(decision: OpenDecision, words: string[]): Json {
  if (words.length === 1 && /^\s*[[{]/.test(words[0]!)) return parseJson(words[0]!, "the answer");
  const props = isSchema(decision.input) && isSchema(decision.input.properties) ? decision.input.properties : {};
  const answer: Record<string, Json> = {};
  for (let i = 0; i < words.length; i++) {
    const match = /^--([^=]+)(?:=(.*))?$/s.exec(words[i]!);
    if (!match) throw new UsageError(`"${words[i]}" is not a field: give the answer as --field value (or as JSON)`);
    const name = match[1]!;
    if (!Object.hasOwn(props, name)) throw new UsageError(`this decision's form has no field "${name}"; it takes:\n${describeForm(decision.input).join("\n")}`);
    const text = match[2] ?? words[++i];
    if (text === undefined) throw new UsageError(`--${name} needs a value`);
    answer[name] = fieldValue(props[name], name, text);
  }
  return answer;
}

/** The open decisions, one line each: "12.1: Ada Lovelace to decide (Rule 210): Is Rule 5 void?". */
export function decisionLines(decisions: OpenDecision[], name: (id: string) => string): string[] {
  return decisions.map((d) => `${d.id}: ${d.by.map(name).join(" or ")} to decide (Rule ${d.rule}): ${d.question}${d.awaits ? " (play waits on it)" : ""}`);
}

export function registerDecisionCommands(surface: Surface): void {
  surface
    .actor(surface.command("decide <decision> [answer...]"), "the office holder deciding (their id)")
    .description(
      `make a decision a rule opened for you, with its answer as fields or JSON: ${surface.prefix} decide 12.1 --void true --reason "..."${surface.asHint} (${surface.prefix} decisions lists them with their forms)`,
    )
    .allowUnknownOption()
    .action(async (id: string, words: string[], o: Who) => {
      await surface.run(o, async (session) => {
        const open = await session.decisions();
        const decision = open.find((d) => d.id === id);
        if (!decision) {
          const listed = open.map((d) => `${d.id} (${d.question})`).join("; ") || "none";
          throw new UsageError(`there is no open decision "${id}"; the decisions open now are: ${listed}`, "unknown-action");
        }
        const answer = decisionAnswer(decision, words);
        await reportOutcome(
          surface,
          session,
          `decision ${id}`,
          () => session.decide(id, answer),
          undefined,
          () => `Decided: ${decision.question}`,
        );
      });
    });

  surface
    .viewer(surface.command("decisions"), "whose view (default: what everyone may see)")
    .description("list the decisions rules opened for office holders, open now, with the form of each answer")
    .action(async (o: Who) => {
      await surface.run(o, async (session) => {
        const [decisions, name] = await Promise.all([session.decisions(), session.names()]);
        output(surface.globals(), decisions, () => {
          if (!decisions.length) return "No decision is open.";
          const blocks = decisions.map((d) => [...decisionLines([d], name), ...describeForm(d.input)].join("\n"));
          return `${blocks.join("\n\n")}\n\nMake one with: ${surface.prefix} decide <decision> --field value${surface.asHint}`;
        });
      });
    });
}
