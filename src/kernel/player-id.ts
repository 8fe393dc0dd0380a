/** A player's id made from their name: lower case, ASCII letters and digits, words joined by "-". */
export function slug(name: string): string {
  const s = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return s || "player";
}

/** A player's name as given, trimmed, or `invalid`'s error saying what a name must be. */
export function playerName(name: string, invalid: (message: string) => Error): string {
  const clean = name.trim();
  if (!clean) throw invalid('a player needs a name, such as "Ada Lovelace"');
  if (clean.length > 100) throw invalid("a player's name can be at most 100 characters");
  return clean;
}
