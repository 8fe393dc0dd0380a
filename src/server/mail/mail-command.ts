/**
 * A mail read as a move. Quoted text (">" lines, from "On ... wrote:" on) and the signature
 * (after "-- ") are dropped. The first line names an action the rules offer, with the words of
 * its form after it in the form's order (`vote 301 for`) and its fields on the lines below
 * (`text: ...`; a field of a field by its last name where that is unambiguous, or dotted:
 * `change.kind: enact`; a long text fenced by ``` lines; rule code as an attached .ts file).
 * A mail whose first line names no action is a message to the game's General channel (or to
 * `channel: <id>`, given first). Nothing here knows a game: every action reads the same way.
 */
import type { ActionDecl, Json } from "../../kernel/types.js";
import { FieldError, fieldNames, fieldSchema, inputFromFields } from "../../present/form-fields.js";

export type MailCommand = { kind: "act"; action: string; input: Json } | { kind: "post"; channel: string; text: string } | { kind: "help" } | { kind: "empty" };

export interface Attachment {
  filename: string;
  content: string;
}

/** The lines the sender wrote: no quotation, no signature. */
export function ownLines(text: string): string[] {
  const lines: string[] = [];
  let fenced = false;
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.replace(/\s+$/, "");
    if (/^```/.test(line)) fenced = !fenced;
    if (!fenced && (line === "--" || line === "-- " || /^On .+wrote:$/.test(line) || /^-{2,} ?Original Message/i.test(line))) break;
    if (!fenced && /^>/.test(line)) continue;
    lines.push(fenced ? raw.replace(/\r$/, "") : line);
  }
  while (lines.length && !lines.at(-1)!.trim()) lines.pop();
  while (lines.length && !lines[0]!.trim()) lines.shift();
  return lines;
}

/** The command the lines give, or a {@link FieldError} saying what could not be read. */
export function readCommand(lines: string[], actions: readonly ActionDecl[], attachments: Attachment[]): MailCommand {
  if (!lines.length && !attachments.length) return { kind: "empty" };
  const [first = "", ...rest] = lines;
  const words = first.trim().split(/\s+/);
  const name = words[0]!.toLowerCase();
  if (name === "help" || name === "actions") return { kind: "help" };
  const action = actions.find((a) => a.name.toLowerCase() === name);
  if (!action) {
    // One word alone on its line, with at most fields below it, was meant as an action.
    if (/^[a-z][\w-]*$/i.test(first.trim()) && rest.every((l) => !l.trim() || /^[A-Za-z][\w.-]*:/.test(l)))
      throw new FieldError(`"${words[0]}" is not an action of this game`);
    const channel = /^channel:\s*(\S+)\s*$/i.exec(first);
    const text = (channel ? rest : lines).join("\n").trim();
    return { kind: "post", channel: channel?.[1] ?? "general", text };
  }
  const fields = [...positional(action, words.slice(1)), ...fieldLines(rest)];
  const code = attachments.filter((a) => /\.(ts|js)$/i.test(a.filename));
  if (code.length) {
    const codeField = fieldNames(action.input).find(
      (n) => (fieldSchema(action.input, n.split(".")) as { format?: string } | undefined)?.format === "rule-code",
    );
    if (!codeField) throw new FieldError(`the ${action.name} action takes no rule code, so ${code[0]!.filename} cannot go with it`);
    fields.push([codeField, code[0]!.content]);
  }
  return {
    kind: "act",
    action: action.name,
    input: inputFromFields(
      action.input,
      fields.map(([n, v]) => [fullName(action, n), v]),
      (n) => `the field "${n}"`,
    ),
  };
}

/** `vote 301 for`: the words after the action's name fill its top-level fields in the form's order. */
function positional(action: ActionDecl, words: string[]): [string, string][] {
  if (!words.length) return [];
  const props = (action.input as { properties?: Record<string, unknown> }).properties ?? {};
  const names = Object.keys(props);
  if (words.length > names.length)
    throw new FieldError(
      `${action.name} takes ${names.length ? `at most ${names.length} words after it (${names.join(", ")})` : "nothing after it"}, not "${words.join(" ")}"`,
    );
  return words.map((w, i) => [names[i]!, w]);
}

/** `name: value` lines; a value of ``` runs to the closing ``` line; other lines continue the field above. */
function fieldLines(lines: string[]): [string, string][] {
  const fields: [string, string][] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const field = /^([A-Za-z][\w.-]*):\s?(.*)$/.exec(line);
    if (field) {
      let value = field[2]!;
      if (/^```\w*$/.test(value.trim()) || (!value.trim() && /^```\w*$/.test(lines[i + 1]?.trim() ?? ""))) {
        if (!value.trim()) i++;
        const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
        if (end < 0) throw new FieldError(`the block of "${field[1]}" opened with \`\`\` is never closed; end it with a line of \`\`\``);
        value = lines.slice(i + 1, end).join("\n");
        i = end;
      }
      fields.push([field[1]!, value.trim()]);
    } else if (line.trim() && fields.length) fields.at(-1)![1] += `\n${line.trim()}`;
    else if (line.trim()) throw new FieldError(`"${line.trim().slice(0, 80)}" is not a field; write each as name: value`);
  }
  return fields;
}

/** A field named by its last part alone (`text`) stands for the one field of the form with that last name. */
function fullName(action: ActionDecl, name: string): string {
  if (name.includes(".")) return name;
  const all = fieldNames(action.input);
  if (all.includes(name)) return name;
  const ending = all.filter((n) => n.endsWith(`.${name}`));
  return ending.length === 1 ? ending[0]! : name;
}
