/**
 * The names the game knows people by, on every surface (the page, the CLI on a file or a
 * server): its players, those who left, those who take part without playing and those who asked
 * to join, so that an officer who is an observer reads "Mo" in the log, not "mo-moderator". A
 * player's current name wins; an id no one bears reads as itself.
 */
interface Named {
  id: string;
  name: string;
}

export function personNames(game: {
  players: readonly Named[];
  departed?: readonly Named[];
  observers?: readonly Named[];
  applicants?: readonly Named[];
}): (id: string) => string {
  const names = new Map([...(game.departed ?? []), ...(game.applicants ?? []), ...(game.observers ?? []), ...game.players].map((p) => [p.id, p.name]));
  return (id) => names.get(id) ?? id;
}
