/**
 * The ruleset as a document: the JSON form the text and Markdown renderings are made from,
 * and what the CLI, the HTTP API and the web UI publish. It is a pure function of the
 * game's state, so the ruleset as it stood at any moment is this function of the state
 * folded up to then.
 *
 * The shape is a stable interface (`format` names its version): add fields, never change
 * what an existing one means.
 */
import { suspension } from "../../kernel/rule-status.js";
import { notInEffectLine } from "../../present/rule-status.js";
import type { GameState, HistoryChange, HistoryEntry, RuleRecord } from "../../kernel/types.js";
import { stateDefaults, withDefaults } from "../../kernel/rule-props.js";
import { proposers } from "../reports/conventions.js";
import { groupRules, ruleLabel } from "./grouping.js";
import { annotationLine, historyLine, proposalNumber, type Author } from "./history.js";

export const RULESET_FORMAT = "nomos.ruleset/1";

export interface RulesetOptions {
  /** Full (history, annotations, repealed rules) or short (the rules in effect, text only). */
  full: boolean;
  /** A player's name by id, for the authors of proposals. */
  name: (playerId: string) => string;
  /** The name in the heading; the game's name by default. */
  title?: string;
  /** Whose records may name authors: a player id, or null for anyone. Rules are public; records may not be. */
  viewer?: string | null;
  /** The preset's title, for "Initial rule (Suber's Initial Set)"; the preset's name by default. */
  presetTitle?: string;
}

export interface HistoryLine {
  change: HistoryChange;
  /** The act that made the change; 0 for history from before the game. */
  seq: number;
  at: number | null;
  revision: number;
  cause: string;
  /** The proposer, when the cause is a proposal the game's records name. */
  author: Author | null;
  /** The line as printed: "Amended(2) by Proposal 305 (Ada Lovelace), 5 Jan 2026". */
  line: string;
}

export interface Annotation {
  seq: number;
  at: number | null;
  cause: string;
  text: string;
  /** As printed: "[case 2] Case 2 (Judge Alan Turing): ...". */
  line: string;
}

export interface PublishedRule {
  number: number;
  /** "311", or "101.1" when the rule carries a version. */
  label: string;
  title: string | null;
  mutable: boolean;
  mutability: "Mutable" | "Immutable";
  text: string;
  /** For a rule in the ruleset but not in effect now: "Not in effect — <reason> (Rule N)". */
  notInEffect?: string;
  /** Full ruleset only, as are the fields below. */
  revision?: number;
  hasCode?: boolean;
  history?: HistoryLine[];
  annotations?: Annotation[];
}

export interface RulesetDocument {
  format: typeof RULESET_FORMAT;
  /** The heading's name: the game's, unless the caller gave another. */
  title: string;
  game: string;
  kind: "Short Logical Ruleset" | "Full Logical Ruleset";
  full: boolean;
  /** The last act folded into the state: the ruleset is as of then. */
  seq: number;
  time: number;
  groups: { heading: string; rules: PublishedRule[] }[];
  /** Full ruleset only: rules no longer in effect, oldest repeal first. */
  repealed?: PublishedRule[];
}

export function rulesetDocument(state: GameState, options: RulesetOptions): RulesetDocument {
  const proposerOf = proposers(state, options.viewer ?? null);
  const author = (h: HistoryEntry): Author | null => {
    // History from before the game is printed as published, naming whom it names.
    if (h.seq === 0) return null;
    const number = proposalNumber(h.cause);
    const id = number === null ? undefined : proposerOf.get(number);
    return id === undefined ? null : { id, name: options.name(id) };
  };
  const publish = (rule: RuleRecord): PublishedRule => {
    const out: PublishedRule = {
      number: rule.number,
      label: ruleLabel(rule),
      title: rule.title,
      mutable: rule.mutable,
      mutability: rule.mutable ? "Mutable" : "Immutable",
      text: rule.text,
    };
    const suspended = Object.hasOwn(state.rules, rule.number) ? suspension(state, rule.number) : null;
    if (suspended) out.notInEffect = notInEffectLine(suspended);
    if (!options.full) return out;
    out.revision = rule.revision;
    out.hasCode = rule.code !== null;
    out.history = rule.history
      .filter((h) => h.change !== "annotated")
      .map((h) => {
        const by = author(h);
        return { change: h.change, seq: h.seq, at: h.at, revision: h.revision, cause: h.cause, author: by, line: historyLine(h, by, options.presetTitle) };
      });
    out.annotations = rule.history
      .filter((h) => h.change === "annotated")
      .map((h) => {
        const text =
          h.detail && typeof h.detail === "object" && !Array.isArray(h.detail) && typeof h.detail.text === "string" ? h.detail.text : (h.published ?? "");
        return { seq: h.seq, at: h.at, cause: h.cause, text, line: annotationLine(h) };
      });
    return out;
  };
  const defaults = stateDefaults(state);
  const doc: RulesetDocument = {
    format: RULESET_FORMAT,
    title: options.title ?? state.name,
    game: state.name,
    kind: options.full ? "Full Logical Ruleset" : "Short Logical Ruleset",
    full: options.full,
    seq: state.seq,
    time: state.time,
    groups: groupRules(Object.values(state.rules).map((r) => withDefaults(r, defaults))).map((g) => ({ heading: g.heading, rules: g.rules.map(publish) })),
  };
  if (options.full) doc.repealed = state.repealed.map(publish);
  return doc;
}

/** Every rule a document lists, in the order it lists them (repealed last). */
export function documentRules(doc: RulesetDocument): PublishedRule[] {
  return [...doc.groups.flatMap((g) => g.rules), ...(doc.repealed ?? [])];
}
