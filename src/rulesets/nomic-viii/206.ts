// Rule 206: voting. Every vote of the game is held here: a rule opens one by emitting "vote.open"
// { id, title, name?, channel?, voters? } and closes it with "vote.close" { id }; the game state `votes`
// keeps each vote's tally, and "vote.changed" { id, person, vote } tells rules of each change.
//
// Readings taken where the text is open:
// - A vote is a message in the vote's channel (by default "vote-<id>", opened here for
//   participants to write in; closed when the vote closes). Rule 112 reads the message (with
//   Rule 207's phrases and this rule's "withdraw" and "abstain"); a message that is not a vote
//   is only a message. A channel shared by several open votes makes every message there
//   ambiguous: not a vote (Rule 112).
// - "Up to once per vote": a player has one vote; voting again replaces it (even with the same
//   phrase: the latest message is then the vote's message). "withdraw" or "abstain" removes it.
// - Voters: "active-players" (the default) are the players; an inactive player's attempt is put
//   to Rule 204 ("activity.vote" { player }: true, the vote counts and 204 makes them active; a
//   reason, it does not). Withdrawing is not casting a vote: any player may withdraw theirs.
//   Votes of "moderators" are the server moderators' (Rule 113), players or not.
// - "Players may neither edit nor delete messages that contain votes. An edited or deleted
//   message's vote is invalid": a chat bridge cannot stop an edit, so the consequence is what
//   is applied. Editing or deleting the message that set a person's current vote voids that vote
//   (they have none until they vote again); the edited text is not read as a new vote. Editing
//   an earlier message whose vote was since replaced changes nothing.
// - A moderator's redaction (Rule 113) removes a message as a deletion does: its vote is void too.
// - A player who leaves the game loses their votes in open votes.
// - Voting is not required (Rule 205), but while a vote is open play awaits each voter who has
//   no vote in it (active players; the moderators in theirs), in the vote's channel.

type Vote = "for" | "against";
type Voters = "active-players" | "moderators";
interface VoteEntry {
  title: string;
  /** How a sentence names it ("Proposal 301"); the title in quotes if the opening rule gave none. */
  name?: string;
  channel: string;
  voters: Voters;
  open: boolean;
  tally: { [person: string]: Vote };
  /** The message that set each current vote: editing or deleting it voids the vote. */
  messages: { [person: string]: number };
  openedAt: number;
  closedAt: number | null;
}
interface MessageEvent {
  id: number;
  channel: string;
  author: PersonId;
  text?: string;
}

const votes = gameState<{ [id: string]: VoteEntry }>("votes", {
  initial: {},
  describe: "Every vote of the game, its channel and tally (Rule 206)",
  display: { as: "hidden" },
});
const moderators = gameState<PersonId[]>("moderators", { initial: [] });
const status = playerState<"active" | "inactive">("status", { initial: "active" });

const name = (id: PersonId) => game.participants().find((p) => p.id === id)?.name ?? id;
const defaultChannel = (id: string) => `vote-${id}`;
/** A channel's title is a heading: at most 100 characters. */
const short = (text: string) => (text.length > 100 ? `${text.slice(0, 99)}…` : text);

function setEntry(id: string, change: (entry: VoteEntry) => VoteEntry): void {
  votes.update((all) => ({ ...all, [id]: change(all[id]!) }));
}

/** Records a person's vote (null: none) and the message that set it. */
function record(id: string, person: PersonId, vote: Vote | null, message: number | null): void {
  setEntry(id, (entry) => {
    const tally = { ...entry.tally };
    const messages = { ...entry.messages };
    delete tally[person];
    delete messages[person];
    if (vote !== null && message !== null) {
      tally[person] = vote;
      messages[person] = message;
    }
    return { ...entry, tally, messages };
  });
  game.emit("vote.changed", { id, person, vote });
}

on("vote.open", (e: GameEvent<{ id: string; title: string; name?: string; channel?: string; voters?: Voters }>) => {
  const { id, title } = e.data;
  if (votes.get()[id]) return;
  const channel = e.data.channel ?? defaultChannel(id);
  if (!game.channels.list().some((c) => c.id === channel && c.open)) {
    game.channels.open(channel, {
      title: short(`Vote: ${title}`),
      describe: "Vote with a message: aye, yay, yes or y for; nay, no or n against; withdraw or abstain to withdraw (Rules 206, 207)",
      writers: "participants",
    });
  }
  const entry: VoteEntry = {
    title,
    ...(e.data.name ? { name: e.data.name } : {}),
    channel,
    voters: e.data.voters ?? "active-players",
    open: true,
    tally: {},
    messages: {},
    openedAt: game.now(),
    closedAt: null,
  };
  votes.update((all) => ({ ...all, [id]: entry }));
});

on("vote.close", (e: GameEvent<{ id: string }>) => {
  const entry = votes.get()[e.data.id];
  if (!entry?.open) return;
  // A closed vote keeps its tally; which message set each vote no longer matters (the state stays small).
  setEntry(e.data.id, (v) => ({ ...v, open: false, closedAt: game.now(), messages: {} }));
  const channel = game.channels.list().find((c) => c.id === entry.channel);
  if (entry.channel === defaultChannel(e.data.id) && channel?.open) game.channels.close(entry.channel);
});

/** Why this person's message cannot be a vote in this vote; nothing when it can. */
function refusal(entry: VoteEntry, person: PersonId, reading: string): string | undefined {
  if (entry.voters === "moderators") return moderators.get().includes(person) ? undefined : "only the server moderators vote in this vote (Rule 113)";
  if (!game.player(person)) return "only players vote (Rule 206)";
  if (reading === "withdraw" || status.get(person) === "active") return undefined;
  const answer = game.ask<true | string>("activity.vote", { player: person });
  if (answer?.value === true) return undefined;
  return typeof answer?.value === "string" ? answer.value : "inactive players cannot vote (Rule 206)";
}

on("message.posted", (e: GameEvent<MessageEvent>) => {
  const open = Object.entries(votes.get()).filter(([, v]) => v.open && v.channel === e.data.channel);
  if (open.length !== 1) return;
  const [id, entry] = open[0]!;
  const reading = game.ask<string | null>("vote.reading", { text: e.data.text ?? "" })?.value ?? null;
  if (reading !== "for" && reading !== "against" && reading !== "withdraw") return;
  const person = e.data.author;
  const why = refusal(entry, person, reading);
  if (why !== undefined) {
    game.post(`${name(person)}'s message in "${entry.title}" is not counted: ${why}.`, { to: [person] });
    return;
  }
  if (reading === "withdraw") {
    if (entry.tally[person] !== undefined) record(id, person, null, null);
  } else record(id, person, reading, e.data.id);
});

/** An edited, deleted or redacted message voids the vote it set, if it is still that person's vote. */
function voids(how: string) {
  return (e: GameEvent<MessageEvent>) => {
    for (const [id, entry] of Object.entries(votes.get())) {
      if (!entry.open || entry.channel !== e.data.channel || entry.messages[e.data.author] !== e.data.id) continue;
      record(id, e.data.author, null, null);
      game.post(`${name(e.data.author)}'s vote in "${entry.title}" is void: its message was ${how} (Rule 206).`);
    }
  };
}
on("message.edited", voids("edited"));
on("message.deleted", voids("deleted"));
on("message.redacted", voids("redacted"));

on("player.left", (e: GameEvent<{ player: PlayerId }>) => {
  for (const [id, entry] of Object.entries(votes.get())) {
    if (entry.open && entry.voters === "active-players" && entry.tally[e.data.player] !== undefined) record(id, e.data.player, null, null);
  }
});

// Play awaits every voter's vote while it is open, said where it is cast: in the vote's channel.
answer("play.awaits", () =>
  Object.values(votes.get())
    .filter((v) => v.open)
    .flatMap((v) => {
      const voters =
        v.voters === "moderators"
          ? moderators.get()
          : game
              .players()
              .map((p) => p.id)
              .filter((p) => status.get(p) === "active");
      const does = `vote on ${v.name ?? `"${v.title}"`} by saying aye or nay in its channel`;
      return voters.filter((p) => v.tally[p] === undefined).map((player) => ({ player, does, channel: v.channel }));
    }),
);

answer("vote.phrase", ({ text }: { text: string }) => (["withdraw", "abstain"].includes(text.toLowerCase()) ? "withdraw" : undefined));
