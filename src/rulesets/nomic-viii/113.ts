// Rule 113: server moderators. The instantiator starts as one (and becomes one whenever there are
// none); by majority decision the moderators ban and unban persons from playing and add or remove
// moderators; they may act alone in their duties, deleting inappropriate messages among them.
//
// Readings taken where the text is open:
// - The moderators are the game state `moderators` (persons, players or not), at first the game's
//   founder (the person who instantiated it by joining first).
// - A majority decision is a vote of the moderators (Rule 206, voters "moderators"): a motion
//   passes when more than half of the moderators of the moment vote for it, and fails when that
//   can no longer happen. Any moderator moves one ("moderate"); other rules put their own to the
//   moderators by emitting "moderators.motion" { kind, title, data } and hear the outcome as
//   "moderators.decided" { motion, kind, data } (Rule 208 does).
// - "Ban from playing": a banned person's request to join is refused (also before the game
//   starts), and a banned player is removed from the game. A person is banned by id, and whoever
//   asks to join under a name whose id is banned is refused. Banning from the server itself is
//   the platform's, not the game's.
// - A moderator who leaves the game (takes no part in it any more) is no longer a moderator: a
//   majority is of the moderators who can vote in the game's channels.
// - Deleting messages alone: a moderator may redact a message (its text is gone, the fact
//   stays), answering the engine's "message.redact". "Determine the state of the game": a
//   moderator may record officers' corrections.

interface Motion {
  number: number;
  kind: string;
  title: string;
  data: Json;
  by: PersonId | null;
  at: number;
  status: "voting" | "passed" | "failed";
}

const moderators = gameState<PersonId[]>("moderators", {
  initial: [],
  describe: "The server moderators (Rule 113)",
  display: { label: "Server moderators", text: "{value}", formats: { value: "players" }, empty: "None yet" },
});
const banned = gameState<PersonId[]>("banned", {
  initial: [],
  describe: "Persons banned from playing by the server moderators (Rule 113)",
  display: { label: "Banned from playing", text: "{value}", formats: { value: "players" }, empty: "Nobody" },
});
const motions = recordState<Motion>("moderator-motions", {
  describe: "The server moderators' majority decisions (Rule 113)",
  display: {
    label: "Moderators' motions",
    columns: [{ field: "number" }, { field: "title" }, { field: "by", format: "player" }, { field: "status" }],
  },
});
const votes = gameState<{ [id: string]: { open: boolean; tally: { [person: string]: "for" | "against" } } }>("votes", { initial: {} });

const kinds = ["add-moderator", "remove-moderator", "ban", "unban"] as const;
type Kind = (typeof kinds)[number];
const name = (id: PersonId) => game.participants().find((p) => p.id === id)?.name ?? game.applicants().find((a) => a.id === id)?.name ?? id;
const isModerator = (person: PersonId) => moderators.get().includes(person);
const voteId = (number: number) => `moderators-${number}`;

function ensureModerator(): void {
  const founder = game.founder();
  if (moderators.get().length === 0 && founder !== null) moderators.set([founder]);
}
on("game.started", ensureModerator);
on("player.joined", ensureModerator);
on("participant.joined", ensureModerator);

/** A moderator who no longer takes part in the game is a moderator no more (they could not vote on motions). */
function departed(e: GameEvent<{ player?: PersonId; id?: PersonId }>): void {
  const who = e.data.player ?? e.data.id;
  if (who === undefined || !isModerator(who) || game.participants().some((p) => p.id === who)) return;
  moderators.update((list) => list.filter((p) => p !== who));
  ensureModerator();
  settle();
}
on("player.left", departed);
on("participant.left", departed);

function move(kind: string, title: string, data: Json, by: PersonId | null): void {
  const number = motions.keys().length + 1;
  motions.set(number, { number, kind, title, data, by, at: game.now(), status: "voting" });
  game.post(`Motion ${number} of the server moderators: ${title}. Moderators vote in its channel (Rule 113).`);
  game.emit("vote.open", { id: voteId(number), title: `Moderators' motion ${number}: ${title}`, voters: "moderators" });
}

on("moderators.motion", (e: GameEvent<{ kind: string; title: string; data?: Json }>) => move(e.data.kind, e.data.title, e.data.data ?? null, null));

/** The id a person of this name takes when they join (the engine's slug of a name). */
const slug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The person named, by id or name, among participants, applicants and (for unban) the banned. */
function person(text: string): PersonId | undefined {
  const want = text.trim().toLowerCase();
  const known = [...game.participants(), ...game.applicants(), ...banned.get().map((id) => ({ id, name: id }))];
  return known.find((p) => p.id === want || p.name.toLowerCase() === want)?.id;
}

action(
  "moderate",
  {
    describe: "As a server moderator, move a majority decision: add or remove a moderator, ban or unban a person from playing (Rule 113)",
    input: t.object({
      motion: t.enum(kinds, { describe: "What to decide" }),
      person: t.string({ minLength: 1, maxLength: 100, describe: "The person, by name" }),
    }),
    participants: true,
    channel: "moderation",
    when: ({ actor }) => (isModerator(actor) ? undefined : "only the server moderators decide this (Rule 113)"),
  },
  (input, { actor }) => {
    const who = person(input.person) ?? (input.motion === "ban" ? slug(input.person) : undefined);
    if (who === undefined) game.refuse(`nobody named "${input.person}" takes part in this game`);
    const kind: Kind = input.motion;
    if (kind === "add-moderator" && isModerator(who)) game.refuse(`${name(who)} is already a server moderator`);
    if (kind === "remove-moderator" && !isModerator(who)) game.refuse(`${name(who)} is not a server moderator`);
    if (kind === "ban" && banned.get().includes(who)) game.refuse(`${name(who)} is already banned from playing`);
    if (kind === "unban" && !banned.get().includes(who)) game.refuse(`${name(who)} is not banned from playing`);
    const words = {
      "add-moderator": "make {} a server moderator",
      "remove-moderator": "remove {} as a server moderator",
      ban: "ban {} from playing",
      unban: "unban {} from playing",
    };
    move(kind, words[kind].replace("{}", name(who)), { person: who }, actor);
  },
);

function apply(m: Motion): void {
  const who = (m.data as { person?: PersonId } | null)?.person ?? "";
  if (m.kind === "add-moderator" && !isModerator(who)) moderators.update((list) => [...list, who]);
  if (m.kind === "remove-moderator") {
    moderators.update((list) => list.filter((p) => p !== who));
    ensureModerator();
  }
  if (m.kind === "ban" && !banned.get().includes(who)) {
    banned.update((list) => [...list, who]);
    if (game.player(who)) game.removePlayer(who, "banned from playing by the server moderators (Rule 113)");
  }
  if (m.kind === "unban") banned.update((list) => list.filter((p) => p !== who));
  game.emit("moderators.decided", { motion: m.number, kind: m.kind, data: m.data });
}

/** Decides every open motion a majority of the moderators of the moment has settled. */
function settle(): void {
  for (const m of Object.values(motions.all())) {
    const vote = votes.get()[voteId(m.number)];
    if (m.status !== "voting" || !vote) continue;
    const mods = moderators.get();
    const count = (v: "for" | "against") => mods.filter((p) => vote.tally[p] === v).length;
    const passed = count("for") * 2 > mods.length;
    if (!passed && count("against") * 2 < mods.length) continue;
    motions.set(m.number, { ...m, status: passed ? "passed" : "failed" });
    game.emit("vote.close", { id: voteId(m.number) });
    game.post(`Motion ${m.number} of the server moderators (${m.title}) ${passed ? "passes" : "fails"} (Rule 113).`);
    if (passed) apply(m);
  }
}
on("vote.changed", (e: GameEvent<{ id: string }>) => {
  if (e.data.id.startsWith("moderators-")) settle();
});
on("moderators.decided", settle);

// A person banned and gone who comes back under the same name takes a new id ("grace-hopper-2"): the name's own id is banned.
answer("membership.join", ({ id, name }: { id: PersonId; name: string }) =>
  banned.get().includes(id) || banned.get().includes(slug(name)) ? "you are banned from playing this game by the server moderators (Rule 113)" : undefined,
);
answer("message.redact", ({ by }: { by: PersonId }) => (isModerator(by) ? true : "only the server moderators remove messages (Rule 113)"));
answer("correction.allowed", ({ recorder }: { recorder: PlayerId | null }) => (recorder !== null && isModerator(recorder) ? true : undefined));
