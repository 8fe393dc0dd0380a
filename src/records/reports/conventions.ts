/**
 * Finding a ruleset's records. The engine knows no game: a record state says what it keeps
 * (`record: { kind: "proposal" }` or "case", read through src/present/records.ts), and its
 * entries follow the ProposalRecord or CaseRecord convention of the rule API, whatever a
 * ruleset calls the record. Only records the viewer may see are found.
 */
import type { GameState, Json, RecordConvention } from "../../kernel/types.js";
import { canSee } from "../../kernel/visibility.js";
import { own } from "../../kernel/own.js";
import { declaredRecords, entriesOf } from "../../present/records.js";

export type Entry = { [key: string]: Json };

export interface FoundRecord {
  /** The record state's name, e.g. "proposals". */
  name: string;
  /** The rule whose declaration of it is in force. */
  rule: number;
  convention: RecordConvention;
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
  return (
    isObject(entry) &&
    typeof entry.number === "number" &&
    typeof entry.question === "string" &&
    (typeof entry.judge === "string" || entry.judge === null) &&
    typeof entry.status === "string"
  );
}

/** The shape each kind of record's entries follow. */
const shapes = { proposal: isProposal, case: isCase };

/**
 * Every record of a kind the viewer may see, with its entries that follow the kind's shape
 * in number order. An empty record is left out.
 */
export function findRecords(state: GameState, viewer: string | null, kind: keyof typeof shapes): FoundRecord[] {
  const found: FoundRecord[] = [];
  for (const record of declaredRecords(Object.values(state.decls), kind)) {
    const decl = own(state.decls, record.name)!;
    if (!canSee(state, decl, null, viewer)) continue;
    const entries = entriesOf(own(state.values.game, decl.name) ?? decl.initial).filter(shapes[kind]);
    if (entries.length === 0) continue;
    found.push({ ...record, entries: entries.sort((a, b) => Number(a.number) - Number(b.number)) });
  }
  return found;
}

/** Each proposal's proposer by number, from every proposal record the viewer may see (the first record wins). */
export function proposers(state: GameState, viewer: string | null): Map<number, string> {
  const byNumber = new Map<number, string>();
  for (const record of findRecords(state, viewer, "proposal")) {
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
