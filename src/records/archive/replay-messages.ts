/**
 * Messages in a replay. The log holds no text; the file's messages hold each message's text
 * as it stands, so the text a post or an edit carried is known only where nothing replaced it
 * since. Where it is gone (deleted, redacted, replaced by a later edit, or a file without
 * messages), the act is played without it; if it then comes out otherwise, the rules read the
 * text, and the act cannot be re-run exactly: it is taken as the log has it, and said so.
 */
import type { Act } from "../../kernel/types.js";
import { MemoryStore } from "../../store/memory-store.js";
import { canonicalJson, type ArchivedMessage } from "./format.js";

/** The text to hand a message act on replay, or why it is gone. */
export type ReplayText = { text: string } | { gone: string };

/** By seq, the text each post and edit of `acts` carried, where the file still has it. */
export function replayTexts(acts: readonly Act[], messages: readonly ArchivedMessage[] | undefined): Map<number, ReplayText> {
  const kept = new Map(messages?.map((m) => [m.id, m]));
  const lastSet = new Map<number, number>(); // message → the seq of the act that gave it the text it has
  const setting = acts.filter((a) => a.input.kind === "message" && (a.input.op === "post" || a.input.op === "edit"));
  for (const act of setting) if (act.input.kind === "message") lastSet.set(act.input.message, act.seq);
  const texts = new Map<number, ReplayText>();
  for (const act of setting) {
    if (act.input.kind !== "message") continue;
    const n = act.input.message;
    const m = kept.get(n);
    let gone: string | null = null;
    if (!messages) gone = "the file holds no texts of messages";
    else if (!m || m.text === null)
      gone = m?.redacted ? `message ${n} was redacted` : m?.deleted ? `message ${n} was deleted` : `the file has no text of message ${n}`;
    else if (lastSet.get(n) !== act.seq) gone = `message ${n}'s text then was replaced by an edit`;
    texts.set(act.seq, gone === null ? { text: m!.text! } : { gone });
  }
  return texts;
}

/**
 * The replay's store: a message act whose text is gone, replayed otherwise than the log has
 * it (its time, seed and input alike, its effects not), is kept as the log has it; the game
 * must then be loaded again from here ({@link taken} says which act, and why).
 */
export class ReplayStore extends MemoryStore {
  taken: { seq: number; detail: string } | null = null;

  constructor(
    private readonly recorded: readonly Act[],
    private readonly texts: ReadonlyMap<number, ReplayText>,
  ) {
    super();
  }

  override appendAct(gameId: string, act: Act): void {
    const log = this.recorded[act.seq - 1];
    const same = (part: "time" | "seed" | "input" | "effects") => log !== undefined && canonicalJson(log[part]) === canonicalJson(act[part]);
    const gone = this.texts.get(act.seq);
    if (gone && "gone" in gone && !same("effects") && same("time") && same("seed") && same("input") && this.takeAsRecorded(gameId, act.seq)) return;
    super.appendAct(gameId, act);
  }

  /** Appends act `seq` as the log has it, if its text is gone; whether it did. */
  takeAsRecorded(gameId: string, seq: number): boolean {
    const text = this.texts.get(seq);
    const log = this.recorded[seq - 1];
    if (!text || !("gone" in text) || !log || this.lastSeq(gameId) !== seq - 1) return false;
    super.appendAct(gameId, log);
    this.taken = { seq, detail: text.gone };
    return true;
  }
}
