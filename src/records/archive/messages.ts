/**
 * A game file's messages, checked against the log they go with before anything is written:
 * every message the log records is there, as the log says it is (its channel, author, time,
 * edit, deletion or redaction); talk that was not an act (after the game ended) is in a
 * channel the game has; no deleted or redacted message carries a text.
 */
import { characters } from "../../kernel/limit-words.js";
import { channelOf, messageChars, messageOf } from "../../kernel/messages.js";
import type { GameState } from "../../kernel/types.js";
import { ArchiveError, type ArchivedMessage } from "./format.js";

function invalid(message: string): ArchiveError {
  return new ArchiveError("invalid", `this game file cannot be imported: ${message}`);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isTime = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const fields = ["id", "channel", "author", "text", "at", "editedAt", "deleted", "redacted"];

/** One message's shape; `where` names it in errors. */
function shape(value: unknown, where: string): ArchivedMessage {
  if (!isObject(value)) throw invalid(`${where} is not an object`);
  const extra = Object.keys(value).find((k) => !fields.includes(k));
  if (extra !== undefined) throw invalid(`${where} has "${extra.slice(0, 40)}", which a message does not have (it has ${fields.join(", ")})`);
  const { id, channel, author, text, at, editedAt, deleted, redacted } = value;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) throw invalid(`${where} has no "id", its number (1, 2, 3...)`);
  if (typeof channel !== "string" || !channel) throw invalid(`message ${id} has no "channel"`);
  if (typeof author !== "string" || !author) throw invalid(`message ${id} has no "author"`);
  if (text !== null && (typeof text !== "string" || characters(text) > messageChars))
    throw invalid(`message ${id}'s "text" must be null or a text of at most ${messageChars.toLocaleString("en")} characters`);
  if (!isTime(at) || (editedAt !== null && !isTime(editedAt)))
    throw invalid(`message ${id}'s "at" and "editedAt" must be times (ms since 1970 UTC; editedAt null if never edited)`);
  if (typeof deleted !== "boolean") throw invalid(`message ${id}'s "deleted" must be true or false`);
  if (redacted !== null && !(isObject(redacted) && typeof redacted.by === "string" && typeof redacted.reason === "string"))
    throw invalid(`message ${id}'s "redacted" must be null or { by, reason }`);
  const gone = deleted || redacted !== null;
  if (gone && text !== null)
    throw invalid(
      `message ${id} was ${redacted ? "redacted" : "deleted"}, yet the file holds a text for it; a ${redacted ? "redacted" : "deleted"} text stays gone: export the game again from where it is kept`,
    );
  if (!gone && text === null) throw invalid(`message ${id} has no text, yet it was neither deleted nor redacted`);
  return {
    id,
    channel,
    author,
    text,
    at,
    editedAt,
    deleted,
    redacted: redacted === null ? null : { by: redacted.by as string, reason: redacted.reason as string },
  };
}

/** How the log and the file differ about message `m`, in words, or null if they agree. */
function disagreement(state: GameState, m: ArchivedMessage): string | null {
  const rec = messageOf(state, m.id);
  if (!rec) return channelOf(state, m.channel) ? null : `it is in the channel "${m.channel.slice(0, 60)}", which the game does not have`;
  if (rec.channel !== m.channel || rec.author !== m.author)
    return `the log has it by ${rec.author} in "${rec.channel}", the file by ${m.author} in "${m.channel}"`;
  if (rec.at !== m.at || (rec.editedAt ?? null) !== m.editedAt) return "the log has it posted or edited at another time";
  if ((rec.deleted ?? false) !== m.deleted) return `the log has it ${rec.deleted ? "" : "not "}deleted`;
  if ((rec.redacted?.by ?? null) !== (m.redacted?.by ?? null) || (rec.redacted?.reason ?? null) !== (m.redacted?.reason ?? null))
    return rec.redacted ? `the log has it redacted by ${rec.redacted.by}: ${rec.redacted.reason}` : "the log has it not redacted";
  return null;
}

/** A file's "messages", checked against `state` (the fold of its log). Throws {@link ArchiveError} naming the first problem. */
export function checkMessages(value: unknown, state: GameState): ArchivedMessage[] {
  if (!Array.isArray(value)) throw invalid(`"messages", when present, must list the game's messages`);
  const messages = value.map((m, i) => shape(m, `message ${i + 1} of the "messages" list`));
  messages.forEach((m, i) => {
    const before = messages[i - 1];
    if (before && m.id <= before.id)
      throw invalid(`the messages must be in the order of their numbers, each once, but message ${m.id} follows message ${before.id}`);
    const problem = disagreement(state, m);
    if (problem) throw invalid(`message ${m.id} is not as the log records it: ${problem}`);
  });
  const listed = new Set(messages.map((m) => m.id));
  const missing = Object.keys(state.messages?.index ?? {}).find((n) => !listed.has(Number(n)));
  if (missing !== undefined) throw invalid(`the log records message ${missing}, which "messages" does not hold; export the game again`);
  return messages;
}
