/** What every field of a form may need beyond its own value: the game's players and rules, and where to say what it could not read. */
import { createContext } from "preact";
import type { Player, Rule } from "../../types.js";

export interface FormContext {
  players: Player[];
  /** The rules in effect, for rule pickers and to prefill an amendment; empty if the page has none. */
  rules: Rule[];
  /** A field's text the form cannot read as a value (null: it reads again), in words, by the field's path. */
  unread(path: string, problem: string | null): void;
}

export const Form = createContext<FormContext>({ players: [], rules: [], unread: () => {} });
