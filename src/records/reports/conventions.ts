/**
 * Finding a ruleset's records by their shape. The engine knows no game, so it cannot know
 * that Suber keeps "proposals" and "judgments": any record state whose entries follow the
 * ProposalRecord or CaseRecord convention of the rule API (src/rule-api/rule-api.d.ts) is
 * read as one, whatever a ruleset calls it. Only records the viewer may see are found.
 */
import type { GameState, Json } from "../../kernel/types.js";
import { canSee } from "../../kernel/visibility.js";
import { own } from "../../kernel/own.js";

export type Entry = { [key: string]: Json };

export interface FoundRecord {
  /** The record state's name, e.g. "proposals". */
  name: string;
  /** The rule whose declaration of it is in force. */
  rule: number;
  entries: Entry[];
}

export function isObject(value: Json | undefined): value is Entry {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** ProposalRecord: a number, a proposer, votes and a status. */
export function isProposal(entry: Json | undefined): entry is Entry {
  return isObject(entry) && typeof entry.number === "number" && typeof entry.proposer === "string" && isObject(entry.votes) && typeof entry.status === "string";
}

/** CaseRecord: a number, a question, a judge (or none yet) and a status. */
export function isCase(entry: Json | undefined): entry is Entry {
  return isObject(entry) && typeof entry.number === "number" && typeof entry.question === "string" && (typeof entry.judge === "string" || entry.judge === null) && typeof entry.status === "string";
}

/**
 * Every game-scope record the viewer may see whose entries all follow a convention, with
 * its entries in number order. An empty record follows every convention and none: it is left out.
 */
export function findRecords(state: GameState, viewer: string | null, follows: (entry: Json | undefined) => boolean): FoundRecord[] {
  const found: FoundRecord[] = [];
  for (const decl of Object.values(state.decls)) {
    if (decl.scope !== "game" || !canSee(state, decl, null, viewer)) continue;
    const value = own(state.values.game, decl.name) ?? decl.initial;
    if (!isObject(value)) continue;
    const entries = Object.values(value);
    if (entries.length === 0 || !entries.every(follows)) continue;
    found.push({ name: decl.name, rule: decl.rule, entries: (entries as Entry[]).sort((a, b) => Number(a.number) - Number(b.number)) });
  }
  return found;
}

/** Each proposal's proposer by number, from every proposal record the viewer may see (the first record wins). */
export function proposers(state: GameState, viewer: string | null): Map<number, string> {
  const byNumber = new Map<number, string>();
  for (const record of findRecords(state, viewer, isProposal)) {
    for (const entry of record.entries) {
      // A proposal of several rule-changes numbers each of them (ProposalRecord.numbers).
      const numbers = Array.isArray(entry.numbers) ? entry.numbers.filter((n): n is number => typeof n === "number") : [entry.number as number];
      for (const n of numbers) if (!byNumber.has(n)) byNumber.set(n, entry.proposer as string);
    }
  }
  return byNumber;
}

export function text(value: Json | undefined): string | null {
  return typeof value === "string" ? value : null;
}
