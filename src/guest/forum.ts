/**
 * When each player last acted (their actions and forum posts), mirrored as the host folds it
 * (src/kernel/fold.ts), and the forum's posts heard by the rules as "forum.posted".
 */
import { cur, refusal } from "./act.js";
import { frozenJson } from "./json.js";
import { setPlayers, world } from "./mirror.js";

/** The player acts now: an action or a post. Undone with the act if it is refused. */
export function noteActed(player: string): void {
  const time = cur.request?.time;
  if (time !== undefined) setPlayers(world.players.map((p) => (p.id === player ? { ...p, lastActed: time } : p)));
}

/** A player posted to the game's forum. */
export function posted(player: string, topic: string): void {
  if (!world.players.some((p) => p.id === player)) throw refusal(`${player} is not a player`, null);
  noteActed(player);
  cur.queue.push({ origin: "engine", type: "forum.posted", data: frozenJson({ player, topic }, "event"), rule: null, target: null });
}
