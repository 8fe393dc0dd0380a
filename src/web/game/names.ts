/** Player ids to names, for every view of a game. */
import { personNames } from "../../present/person-names.js";
import type { PageView } from "../types.js";

export function namer(view: PageView): (id: string) => string {
  return personNames(view);
}

/** Is this string a player's id in the game? */
export function playerCheck(view: PageView): (id: string) => boolean {
  const ids = new Set(view.players.map((p) => p.id));
  return (id) => ids.has(id);
}
