/**
 * Participants, the guest's half (src/kernel/participants.ts): people who take part without
 * playing (observers) come ("membership.attend") and go; the founder is the first person to
 * join or attend. Rules read everyone taking part with `game.participants()`.
 */
import { cur, emitEffect, record, refusal } from "./act.js";
import { frozenJson } from "./json.js";
import { world } from "./mirror.js";
import { ask } from "./questions.js";

type Person = { id: string; name: string };

/** Who takes part, players first. */
export function participants(): readonly { id: string; name: string; role: "player" | "applicant" | "observer" }[] {
  return Object.freeze([
    ...world.players.map((p) => Object.freeze({ id: p.id, name: p.name, role: "player" as const })),
    ...world.applicants.map((a) => Object.freeze({ id: a.id, name: a.name, role: "applicant" as const })),
    ...world.observers.map((o) => Object.freeze({ id: o.id, name: o.name, role: "observer" as const })),
  ]);
}

export function isParticipant(id: string): boolean {
  return participants().some((p) => p.id === id);
}

/** Mirrors fold.ts's foldParticipant: the first person is the founder; an observer who joins or applies is one no more. */
export function personCame(id: string): void {
  const before = { founder: world.founder, observers: world.observers };
  record(() => Object.assign(world, before));
  if (world.founder === null) world.founder = id;
  world.observers = world.observers.filter((o) => o.id !== id);
}

/** A person asks to take part without playing; a rule may refuse ("membership.attend"). */
export function attend(person: Person): void {
  if (isParticipant(person.id)) throw refusal(`${person.id} already takes part in this game`, null);
  const answer = ask("membership.attend", { id: person.id, name: person.name }, false)[0];
  if (answer && typeof answer.value === "string") throw refusal(answer.value, answer.rule);
  personCame(person.id);
  world.observers = [...world.observers, { ...person, since: cur.request!.time }];
  emitEffect({ e: "participant.attended", person: { id: person.id, name: person.name } });
  cur.queue.push({
    origin: "engine",
    type: "participant.joined",
    data: frozenJson({ id: person.id, name: person.name, role: "observer" }, "event"),
    rule: null,
    target: null,
  });
}

/** An observer leaves: always possible, the rules hear "participant.left". Returns false for someone who is not an observer. */
export function observerLeft(id: string): boolean {
  if (!world.observers.some((o) => o.id === id)) return false;
  const before = world.observers;
  record(() => {
    world.observers = before;
  });
  world.observers = before.filter((o) => o.id !== id);
  emitEffect({ e: "participant.left", id });
  cur.queue.push({ origin: "engine", type: "participant.left", data: frozenJson({ id }, "event"), rule: null, target: null });
  return true;
}
