// The rule API, part 2: the ruleset as rule code reads and changes it (game.rules), the
// properties rules carry, and the events of a rule-change. Loaded with rule-api.d.ts as one file.

interface RuleHistoryEntry {
  readonly change: "enacted" | "amended" | "repealed" | "transmuted" | "renumbered" | "property" | "annotated";
  /** When, in milliseconds since 1970 (UTC); null for a line of an imported ruleset that states no date. */
  readonly at: number | null;
  /** The act of the log that made the change; 0 for history from before the game (an imported ruleset). */
  readonly seq: number;
  /** The rule's revision after the change; 0 for history from before the game. */
  readonly revision: number;
  /** What caused it, e.g. "Proposal 301", or "Rule 203" for a rule changing itself. */
  readonly cause: string;
  /**
   * For "enacted": the rule's text, title and code as enacted; for "amended": the fields
   * the amendment changed; for "transmuted": { mutable }; for "renumbered": { from, to };
   * for "annotated": { text }.
   */
  readonly detail?: Json;
  /** For history from before the game: the line exactly as the imported ruleset states it. */
  readonly published?: string;
  /** The rule whose code made the change, as the engine recorded it (absent for the initial set). */
  readonly by?: number;
}

interface RuleView {
  readonly number: number;
  readonly title: string | null;
  readonly text: string;
  readonly mutable: boolean;
  /** 1 when enacted, rising with each amendment. */
  readonly revision: number;
  readonly hasCode: boolean;
  /**
   * Further properties a ruleset gives rules (Nomic VIII 102): those the rule set (set-property,
   * or enacted with), over the defaults rules declare with {@link ruleProperty}. By convention
   * `version` (a number: the rule reads "101.2") and `book` (the group it is filed under).
   */
  readonly props: { readonly [key: string]: Json };
  readonly history: readonly RuleHistoryEntry[];
  /**
   * Whether the rule is in effect now. A rule in the ruleset may not be (the engine question
   * "rule.in-effect", conventions.d.ts, or an officer's correction): its actions, `when`s,
   * forbids, handlers, answers and state declarations take no part, its timers wait until it
   * is back in effect, and its state values are kept. `game.rules.all()` lists it all the same.
   */
  readonly inEffect: boolean;
  /** When not in effect: the rule that says so (null: an officer's correction ruled it void), and why. */
  readonly suspended?: { readonly rule: number | null; readonly reason: string };
}

/**
 * Declares a property every rule has (top level only), with the value a rule reads until its
 * own is set: `ruleProperty("version", { initial: 1 })` makes every rule, in the initial set or
 * enacted later, read `props.version` 1 until a set-property changes it. Where two rules declare
 * one key, the first in the default precedence (immutable first, then by number) gives the default.
 */
declare function ruleProperty<T extends Json>(key: string, options: { readonly initial: T; readonly describe?: string }): void;

/** The data of "rules.changed": one rule-change (one apply/applyAll), whatever number of changes it made. */
interface RulesChangedEvent {
  readonly cause: string;
  readonly changes: readonly { readonly kind: string; readonly number: number; readonly to: number | null }[];
  /** The rule whose code made it. */
  readonly by: number | null;
}

type RuleChange =
  | {
      readonly kind: "enact";
      readonly number: number;
      readonly text: string;
      readonly title?: string | null;
      readonly mutable: boolean;
      readonly code?: RuleCode | null;
      readonly props?: { readonly [key: string]: Json };
    }
  | { readonly kind: "repeal"; readonly number: number }
  | {
      readonly kind: "amend";
      readonly number: number;
      readonly text?: string;
      readonly title?: string | null;
      /** New code; null removes the rule's code; absent keeps it. */
      readonly code?: RuleCode | null;
    }
  | { readonly kind: "transmute"; readonly number: number; readonly mutable: boolean }
  | { readonly kind: "renumber"; readonly number: number; readonly to: number }
  | { readonly kind: "set-property"; readonly number: number; readonly key: string; readonly value: Json };

/**
 * The rules. `apply`, `applyAll` and `annotate` change them outside any vote: a rule whose code
 * uses them (or could: `game` or `game.rules` handed on, read by a computed name, `arguments`,
 * `eval`) is shown to voters as one that "changes the rules with its own code" before they adopt
 * it, and code not found so may not call them. Every change is recorded as made by the rule whose
 * code made it, beside the cause it gives. Code in a change is taken as its `source` alone: the
 * engine compiles it, so what runs is what voters read, whatever `js` came with it.
 */
interface Rules {
  /** The rules in effect, by number. */
  all(): RuleView[];
  get(number: number): RuleView | undefined;
  /** The rule whose code is running. */
  self(): RuleView;
  /** The rule that handles an action now (the first by precedence to offer it), if any. */
  provider(action: string): number | undefined;
  /**
   * Puts a rule-change into effect, citing its cause ("Proposal 301"), recorded as made by
   * this rule, once the rules allow it ({@link RuleChangeQuestion}). Throws an Error that says
   * why it cannot be made (not allowed, no such rule, number taken, no way left to change rules).
   */
  apply(change: RuleChange, cause: string): RuleView;
  /**
   * Puts several rule-changes into effect together: all of them, or (if one cannot be made) none.
   * Each `apply`/`applyAll` is one rule-change: after its "rule.changed" events (one per change),
   * rules hear "rules.changed" once, with {@link RulesChangedEvent}. One made only of set-property
   * changes is not announced so, so a rule raising a version as it hears "rules.changed" does not hear itself.
   */
  applyAll(changes: readonly RuleChange[], cause: string): RuleView[];
  /** Would the engine accept this change (or these changes, together)? Returns the reason it would not, or undefined. */
  check(change: RuleChange | readonly RuleChange[]): string | undefined;
  /** Rule numbers in precedence order, highest precedence first. */
  precedence(): number[];
  /**
   * Adds an annotation to a rule's history without changing the rule: what a ruling said of
   * it ("case 2: ruled that voting twice is illegal"). Published in the full ruleset.
   */
  annotate(number: number, text: string, cause: string): void;
}
