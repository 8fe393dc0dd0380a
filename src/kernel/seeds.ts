/**
 * Where a game's randomness and its id come from. A game draws its seed once, when it is
 * created; each act's seed is derived from it and the act's number, so that replaying the
 * log draws the same numbers, and the guest's calls between acts (what the rules refuse a
 * player now) see the same draws as the act they follow.
 */
import { createHash, randomBytes } from "node:crypto";

/** A new game's seed (or a dry run's, which must not foretell the real game's draws). */
export function freshSeed(): string {
  return randomBytes(16).toString("hex");
}

/** A new game's id. */
export function newGameId(): string {
  return randomBytes(5).toString("hex");
}

/** The seed of act `seq` of the game seeded `gameSeed`. */
export function actSeed(gameSeed: string, seq: number): string {
  return createHash("sha256").update(`${gameSeed}:${seq}`).digest("hex").slice(0, 32);
}
