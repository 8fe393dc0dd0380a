/**
 * An action as players read it, on every surface (page, CLI, API): its title, and the order in
 * which moves are offered, those that cannot be undone last.
 */
import { humanise } from "./display.js";

/** Its title as its rule gave it, or its name turned into words ("invoke-judgment": "Invoke judgment"). */
export const actionTitle = (a: { name: string; title?: string }): string => a.title ?? humanise(a.name);

/** Its description without the rule it names at its end: the line cites "(Rule N)" once. */
export const actionDescription = (a: { describe: string; rule: number }): string => a.describe.replace(new RegExp(`\\s*\\(Rule ${a.rule}\\)\\.?$`), "");

/** The same actions, those that cannot be undone (they ask to confirm) after the others, each group in its order. */
export const finalLast = <T extends { confirm?: string }>(actions: readonly T[]): T[] => [
  ...actions.filter((a) => a.confirm === undefined),
  ...actions.filter((a) => a.confirm !== undefined),
];
