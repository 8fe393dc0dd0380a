/**
 * "Since you last looked": of the log's entries after the last act a player had seen, those
 * worth telling them when they come back (what the rules said and changed, rulings and
 * corrections, who came and went, messages that name a proposal, rule or case), not every
 * vote; the proposals decided meanwhile; and whether a rule is new or changed since.
 * Pure data in, data out: it runs in the browser, and could in a mail.
 */
import type { Json } from "../kernel/types.js";
import { type DeclaredRecord, isEntry, isOpen } from "./records.js";

/** A log entry as every reader carries it, its fields read by name. */
export interface SinceEntry {
  seq: number;
  input: { kind: string; [field: string]: unknown };
  effects: { e: string; [field: string]: unknown }[];
  message?: { text: string | null };
}

/** What an act did that a returning player wants told: the rules' own words, and every change to the rules or the table. */
const toldEffects = new Set([
  "message",
  "rule.enacted",
  "rule.amended",
  "rule.repealed",
  "rule.transmuted",
  "rule.renumbered",
  "rule.annotated",
  "rule.property",
  "rule.status",
  "decision.opened",
  "player.joined",
  "player.left",
  "player.applied",
  "game.ended",
]);

/** Acts told whatever they did: rulings (an officer's decision), corrections, comings and goings. */
const toldInputs = new Set(["decision", "correction", "join", "leave", "attend"]);

/** "proposal 301", "Rule 212", "case 3": a player's message that names one is part of what happened. */
const namesOne = /\b(?:proposals?|rules?|cases?|motions?)\s+#?\d+/i;

/** Is this entry worth telling a player who was away? A vote that decides nothing is not: the rules say nothing of it. */
export function isNews(entry: SinceEntry): boolean {
  if (toldInputs.has(entry.input.kind)) return true;
  if (entry.input.kind === "message") return entry.input.op === "post" && namesOne.test(entry.message?.text ?? "");
  return entry.effects.some((e) => toldEffects.has(e.e) || (e.e === "rule.loaded" && typeof e.failed === "string"));
}

/** The news among `entries` (oldest first), the last `cap` of them, and how many more came before those. */
export function sinceNews<E extends SinceEntry>(entries: readonly E[], cap = 20): { shown: E[]; more: number } {
  const news = entries.filter(isNews);
  return { shown: news.slice(-cap), more: Math.max(0, news.length - cap) };
}

/**
 * The keys of the proposals decided by the acts of `entries`: those a state.set of a proposal
 * record put into a decided entry (not open, as its record declares, nor still to be voted on:
 * `closedAt: null`). Read from the acts, not from times: a practice game's clock runs ahead.
 */
export function decidedIn(entries: readonly SinceEntry[], records: readonly DeclaredRecord[]): Set<string> {
  const keys = new Set<string>();
  for (const entry of entries) {
    for (const effect of entry.effects) {
      if (effect.e !== "state.set" || typeof effect.key !== "string") continue;
      const record = records.find((r) => r.name === effect.name);
      const value = effect.value as Json | undefined;
      if (record && isEntry(value) && !isOpen(record.convention, value) && value.closedAt !== null) keys.add(effect.key);
    }
  }
  return keys;
}

/** "new": enacted after act `lastSeen`; "changed": changed otherwise since (amended, transmuted...); null: neither, or no visit before. */
export function ruleNews(rule: { history: readonly { change: string; seq: number }[] }, lastSeen: number | null): "new" | "changed" | null {
  if (lastSeen === null) return null;
  const since = rule.history.filter((h) => h.seq > lastSeen);
  if (!since.length) return null;
  return since.some((h) => h.change === "enacted") ? "new" : "changed";
}

/**
 * What became of a rule since the reader last looked, in words: "Amended by Proposal 302,
 * renumbered from Rule 208", so that a rule that moved is found where it went. Null when nothing.
 */
export function ruleNewsWords(
  rule: { history: readonly { change: string; seq: number; cause: string; detail?: unknown }[] },
  lastSeen: number | null,
): string | null {
  if (lastSeen === null) return null;
  const words = rule.history
    .filter((h) => h.seq > lastSeen)
    .map((h) => {
      const from = (h.detail as { from?: unknown } | undefined)?.from;
      if (h.change === "renumbered") return typeof from === "number" ? `renumbered from Rule ${from}` : "renumbered";
      return `${h.change} by ${h.cause}`;
    });
  if (!words.length) return null;
  const said = words.join(", ");
  return `${said[0]!.toUpperCase()}${said.slice(1)} since you last looked.`;
}
