/** What every field of a form may need beyond its own value: the game's players and rules, and where to say what it could not read. */
import { createContext } from "preact";
import type { Player, Rule } from "../../types.js";

export interface FormContext {
  /** This form's own prefix for element ids, so two forms on a page never share one. */
  id: string;
  players: Player[];
  /** The rules in effect, for rule pickers and to prefill an amendment; empty if the page has none. */
  rules: Rule[];
  /** A field's text the form cannot read as a value (null: it reads again), in words, by the field's path. */
  unread(path: string, problem: string | null): void;
}

export const Form = createContext<FormContext>({ id: "form", players: [], rules: [], unread: () => {} });

/** The id of the note under a field (its limits and problems), which the field is described by. */
export const noteId = (form: FormContext, path: string) => `${form.id}-note-${path.replace(/[^A-Za-z0-9]+/g, "-")}`;
