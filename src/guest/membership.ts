/**
 * Membership the rules govern: before the engine admits, renames or lets a player go, it
 * asks "membership.join", "membership.rename" or "membership.leave". A join a rule defers
 * makes an applicant, whom a rule may admit later (`game.admit`).
 */
import type { EngineEventType } from "../kernel/engine-events.js";
import { limits } from "../kernel/limits.js";
import type { CorrectionChange, Json } from "../kernel/types.js";
import { cur, emitEffect, record, refusal } from "./act.js";
import { frozenJson } from "./json.js";
import { setPlayers, world } from "./mirror.js";
import { personCame } from "./participants.js";
import { ask } from "./questions.js";

type Person = { id: string; name: string };

/** The rules' verdict on a membership question: a string refuses, citing the rule that answered. */
function verdict(question: string, args: Json): Json | undefined {
  const answer = ask(question, args, false)[0];
  if (answer && typeof answer.value === "string") throw refusal(answer.value, answer.rule);
  return answer?.value;
}

const event = (type: EngineEventType, data: Json, rule: number | null) =>
  cur.queue.push({ origin: "engine", type, data: frozenJson(data, "event"), rule, target: null });

/** Whether to admit the person now; false when a rule deferred the request (recorded as an applicant). */
export function joinAsked(person: Person): boolean {
  const answer = verdict("membership.join", { id: person.id, name: person.name });
  const defer = answer && typeof answer === "object" && !Array.isArray(answer) ? answer.defer : undefined;
  if (typeof defer !== "string") return true;
  const reason = defer.slice(0, 2000);
  const before = world.applicants;
  record(() => {
    world.applicants = before;
  });
  personCame(person.id);
  world.applicants = [...before, { ...person, at: cur.request!.time, reason }];
  emitEffect({ e: "player.applied", applicant: { id: person.id, name: person.name }, reason });
  event("player.applied", { id: person.id, name: person.name }, null);
  return false;
}

/** Adds a player (joining, or admitted by rule `by`); an applicant admitted is an applicant no more. */
export function addPlayer(person: Person, by: number | null = null): void {
  const before = world.applicants;
  if (before.some((a) => a.id === person.id)) {
    record(() => {
      world.applicants = before;
    });
    world.applicants = before.filter((a) => a.id !== person.id);
  }
  personCame(person.id);
  // When they joined is the act's time: the host folds the same from the log (the effect need not carry it).
  setPlayers([...world.players, { id: person.id, name: person.name, joinedAt: cur.request!.time }]);
  emitEffect({ e: "player.joined", player: { id: person.id, name: person.name } });
  event("player.joined", { player: person.id, name: person.name }, by);
}

export function renameAsked(player: string, name: string): void {
  verdict("membership.rename", { player, name });
}

/** A player leaves by their own request, unless a rule refuses it. */
export function leaveAsked(player: string): void {
  if (!world.players.some((p) => p.id === player)) throw refusal(`${player} is not a player`, null);
  verdict("membership.leave", { player });
  removePlayer(player, "left the game", null);
}

/** `game.admit`: rule `by` makes an applicant a player. */
export function admit(by: number, applicant: unknown): void {
  const id = (applicant as { id?: unknown } | null)?.id;
  const found = world.applicants.find((a) => a.id === id);
  if (!found) throw new Error(`Rule ${by}: ${JSON.stringify(id)} has not asked to join this game (game.applicants() lists who has)`);
  const name = (applicant as { name?: unknown }).name;
  addPlayer({ id: found.id, name: typeof name === "string" && name.trim() ? name.trim().slice(0, limits.nameChars) : found.name }, by);
}

export function applicants(): { id: string; name: string; at: number }[] {
  return world.applicants.map((a) => Object.freeze({ id: a.id, name: a.name, at: a.at }));
}

/** A player is no longer one (removed by rule `rule`'s code, or by a correction citing it, or none). */
export function removePlayer(id: string, reason: string, rule: number | null): void {
  setPlayers(world.players.filter((p) => p.id !== id));
  emitEffect({ e: "player.left", id, reason, rule });
  event("player.left", { player: id, reason }, rule);
}

/** The game ends with these winners, by rule `rule` (its code, or a correction citing it). */
export function endGame(winners: string[], reason: string, rule: number): void {
  if (world.status === "over") return;
  record(() => {
    world.status = "active";
  });
  world.status = "over";
  emitEffect({ e: "game.ended", winners, reason, rule });
}

/**
 * A correction of people (src/kernel/correction-people.ts checked its shape): a player removed,
 * or the winners named. Returns false for a change of another kind.
 */
export function correctPeople(change: CorrectionChange, reason: string, rule: number | undefined): boolean {
  if ("remove" in change) {
    if (!world.players.some((p) => p.id === change.player)) throw refusal(`${change.player} is not a player in this game`, null);
    removePlayer(change.player, change.reason ?? reason, rule ?? null);
    return true;
  }
  if ("winners" in change) {
    endGame([...change.winners], reason, rule!);
    return true;
  }
  return false;
}
