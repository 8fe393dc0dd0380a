/**
 * Participants: everyone taking part in a game — its players, its applicants (a join a rule
 * deferred) and its observers (people who take part without playing, the "attend" act).
 * Rules may grant actions and decisions to any of them (ActionOptions.participants); the
 * engine knows no role beyond these three.
 */
import { ActionError } from "./action-error.js";
import type { ActionDecl, GameState, Input } from "./types.js";

export type Role = "player" | "applicant" | "observer";
export interface Participant {
  id: string;
  name: string;
  role: Role;
}

/** Everyone taking part, players first. */
export function participantsOf(state: Readonly<GameState>): Participant[] {
  return [
    ...state.players.map((p) => ({ id: p.id, name: p.name, role: "player" as const })),
    ...(state.applicants ?? []).map((a) => ({ id: a.id, name: a.name, role: "applicant" as const })),
    ...(state.observers ?? []).map((o) => ({ id: o.id, name: o.name, role: "observer" as const })),
  ];
}

/** The role `id` has in the game, or null if they take no part in it. */
export function roleOf(state: Readonly<GameState>, id: string): Role | null {
  return participantsOf(state).find((p) => p.id === id)?.role ?? null;
}

/** The first person to join or attend; for a game recorded before founders were kept, its first player. */
export function founderOf(state: Readonly<GameState>): string | null {
  if (state.founder !== undefined) return state.founder;
  const first = [...state.players, ...state.departed].sort((a, b) => a.joinedAt - b.joinedAt)[0];
  return first?.id ?? null;
}

/** Folds who takes part (fold.ts): observers come and go, and the first person is the founder. */
export function foldParticipant(state: GameState, id: string, time: number, change: "person" | "attended" | "left", name = ""): void {
  if (state.founder === undefined || state.founder === null) state.founder = founderOf(state) ?? id;
  // An observer who becomes a player or an applicant is an observer no more.
  if (state.observers?.some((o) => o.id === id)) state.observers = state.observers.filter((o) => o.id !== id);
  if (change === "attended") state.observers = [...(state.observers ?? []), { id, name, since: time }];
}

/** The attend act for a person; the rules may refuse it ("membership.attend"). */
export function attendInput(state: Readonly<GameState>, person: { id: string; name: string }): Input {
  const role = roleOf(state, person.id);
  if (role === "observer") throw new ActionError("invalid-input", "you already take part in this game without playing");
  if (role !== null)
    throw new ActionError("invalid-input", `"${person.id}" already takes part in this game as ${role === "player" ? "a player" : "an applicant"}`);
  return { kind: "attend", person };
}

/**
 * Who may take an action: a player, or any participant when the action is open to them.
 * Throws in the actor's words otherwise.
 */
export function checkActor(state: Readonly<GameState>, actor: string, decl: ActionDecl | undefined): void {
  const role = roleOf(state, actor);
  if (role === null) {
    throw new ActionError(
      "not-a-player",
      `"${actor}" is not a player in this game; the players are: ${state.players.map((p) => p.id).join(", ") || "none yet"}`,
    );
  }
  if (role !== "player" && decl && !decl.participants) throw new ActionError("not-a-player", actorRefusal(decl.name, decl.describe));
}

/** Why a participant who is not a player may not take a players-only action. */
export function actorRefusal(name: string, describe: string): string {
  const what = describe.trim() ? describe.trim().replace(/\.$/, "") : name;
  return `only players can ${what.charAt(0).toLowerCase()}${what.slice(1)}; you take part without playing`;
}
