// Rule 213: joining. A person asks publicly to become a player; if no player objects within 24
// hours, publicly or privately (to a server moderator), they join at the start of the next turn;
// an objection puts it to a vote at once, and a majority in favour 24 hours later admits them.
//
// Readings taken where the text is open:
// - Before the first turn starts the game has not commenced: whoever joins then is of the initial
//   set of players (Rule 109), admitted at once. From the first turn on, joining is by request.
// - The request is the engine's join, deferred: the person is an applicant, listed publicly in
//   the record `join-requests` and announced in the log.
// - A public objection is the action "object" (channel "joining"). A private one is a message to
//   the moderators: each player has a private channel "moderators-<player>" (readers: the player
//   and the moderators of the time it opened, opened when a request arrives); a message there
//   whose whole text is "object" (with one request open) or "object <name>" objects. Only players
//   object; an objection after the 24 hours does nothing. Later objections add nothing.
// - The vote (Rule 206, active players) lasts 24 hours; "a majority vote in favour" is more votes
//   for than against. The person then joins, as when nobody objects, at the start of the next
//   turn ("turn.started"; the text for the vote says "will join" without a time: the same moment
//   for both, so that players join only at turn boundaries).
// - A person banned from playing (Rule 113) is not admitted.

interface Request {
  id: PersonId;
  name: string;
  at: number;
  status: "open" | "voting" | "accepted" | "rejected" | "joined";
  objections: number;
  closesAt: number;
}

const requests = recordState<Request>("join-requests", {
  describe: "Requests to join the game (Rule 213)",
  display: {
    label: "Requests to join",
    columns: [{ field: "name" }, { field: "at", label: "Asked", format: "time" }, { field: "status" }, { field: "closesAt", label: "Until", format: "time" }],
  },
});
const moderators = gameState<PersonId[]>("moderators", { initial: [] });
const banned = gameState<PersonId[]>("banned", { initial: [] });
const turn = gameState<{ number: number } | null>("turn", { initial: null });
const votes = gameState<{ [id: string]: { tally: { [person: string]: "for" | "against" } } }>("votes", { initial: {} });

const day = 24 * 3_600_000;
const voteId = (id: PersonId) => `join-${id}`;
const privateChannel = (player: PlayerId) => `moderators-${player}`;

answer("membership.join", () =>
  turn.get() === null
    ? undefined
    : { defer: "your request to join is public; if no player objects within 24 hours you join at the start of the next turn (Rule 213)" },
);

/** Opens, for each player who has none, a private channel to the moderators (for private objections). */
function openPrivateChannels(): void {
  const open = new Set(game.channels.list().map((c) => c.id));
  for (const p of game.players()) {
    if (open.has(privateChannel(p.id))) continue;
    const readers = [p.id, ...moderators.get().filter((m) => m !== p.id)];
    game.channels.open(privateChannel(p.id), {
      title: `${p.name} and the moderators`,
      describe: 'Private: only you and the server moderators read it. Write "object <name>" to object to a request to join (Rule 213).',
      writers: "participants",
      readers,
    });
  }
}

on("player.applied", (e: GameEvent<{ id: PersonId; name: string }>) => {
  const { id, name } = e.data;
  const closesAt = game.now() + day;
  requests.set(id, { id, name, at: game.now(), status: "open", objections: 0, closesAt });
  game.schedule("objections-close", { at: closesAt }, { id });
  openPrivateChannels();
  game.post(`${name} asks to join the game. Any player may object within 24 hours, publicly or privately to a moderator (Rule 213).`);
});

/** A player objects to a request: the first objection within the 24 hours starts the vote. */
function objection(id: PersonId): string | undefined {
  const r = requests.get(id);
  if (!r || r.status === "joined" || r.status === "rejected") return "there is no open request to join by that person";
  if (r.status !== "open" && r.status !== "voting") return `the 24 hours to object to ${r.name}'s request are over`;
  if (r.status === "open" && game.now() > r.closesAt) return `the 24 hours to object to ${r.name}'s request are over`;
  const first = r.status === "open";
  requests.set(id, { ...r, status: "voting", objections: r.objections + 1, closesAt: first ? game.now() + day : r.closesAt });
  if (!first) return undefined;
  game.emit("vote.open", { id: voteId(id), title: `Should ${r.name} join the game?`, voters: "active-players" });
  game.schedule("vote-closes", { at: game.now() + day }, { id });
  game.post(`A player objects to ${r.name} joining: a vote is held for 24 hours (Rule 213).`);
  return undefined;
}

const openRequests = () => Object.values(requests.all()).filter((r) => r.status === "open" || r.status === "voting");

action(
  "object",
  {
    describe: "Object publicly to a person's request to join the game (Rule 213)",
    input: t.object({ person: t.string({ minLength: 1, maxLength: 100, describe: "The person asking to join, by name" }) }),
    channel: "joining",
    when: () => (openRequests().length ? undefined : "nobody is asking to join"),
  },
  (input) => {
    const want = input.person.trim().toLowerCase();
    const r = openRequests().find((x) => x.id === want || x.name.toLowerCase() === want);
    const why = objection(r?.id ?? want);
    if (why) game.refuse(why);
  },
);

on("message.posted", (e: GameEvent<{ channel: string; author: PersonId; text: string }>) => {
  const player = e.data.author;
  if (e.data.channel !== privateChannel(player) || !game.player(player)) return;
  const words = /^object\b\s*(.*)$/i.exec(e.data.text.trim());
  if (!words) return;
  const named = words[1]!.trim().toLowerCase();
  const open = openRequests();
  const r = named ? open.find((x) => x.id === named || x.name.toLowerCase() === named) : open.length === 1 ? open[0] : undefined;
  const why = r ? objection(r.id) : named ? `nobody named "${words[1]!.trim()}" is asking to join` : "name the person you object to: object <name>";
  if (why) game.post(`Your objection is not taken: ${why}.`, { to: [player] });
});

on("timer:objections-close", (e: GameEvent<{ id: PersonId }>) => {
  const r = requests.get(e.data.id);
  if (r?.status !== "open") return;
  requests.set(r.id, { ...r, status: "accepted" });
  game.post(`Nobody objected to ${r.name} joining: they join at the start of the next turn (Rule 213).`);
});

on("timer:vote-closes", (e: GameEvent<{ id: PersonId }>) => {
  const r = requests.get(e.data.id);
  if (r?.status !== "voting") return;
  const tally = Object.values(votes.get()[voteId(r.id)]?.tally ?? {});
  const aye = tally.filter((v) => v === "for").length;
  const nay = tally.filter((v) => v === "against").length;
  game.emit("vote.close", { id: voteId(r.id) });
  requests.set(r.id, { ...r, status: aye > nay ? "accepted" : "rejected" });
  game.post(
    `The vote on ${r.name} joining: ${aye} for, ${nay} against. ${aye > nay ? "They join at the start of the next turn" : "They do not join"} (Rule 213).`,
  );
});

on("turn.started", () => {
  for (const r of Object.values(requests.all())) {
    if (r.status !== "accepted") continue;
    const applicant = game.applicants().find((a) => a.id === r.id);
    if (!applicant || banned.get().includes(r.id)) {
      requests.set(r.id, { ...r, status: "rejected" });
      continue;
    }
    requests.set(r.id, { ...r, status: "joined" });
    game.admit({ id: r.id, name: r.name });
  }
});
