// Rule 202: turns, and the Proposal Queue's way to the Deck and to vote.
//
// Readings taken:
// - Turns start and end at 00:00 UTC on Mondays, Thursdays and Saturdays: a turn lasts 72
//   hours (Monday to Thursday) or 48 (Thursday to Saturday, Saturday to Monday). The first turn
//   starts at the first such moment after the game begins; before it `turn` is null.
// - A turn's "initial scheduled end" is the next such moment after it starts (`turn.endsAt`).
//   Rule 211 may hold a turn ("turn.may-end" answered false): it then does not end, and this
//   rule asks again at each following such moment; the steps at 48 and 24 hours keep to the
//   initial scheduled end.
// - At a turn's end: the votes close ("vote.close" for each), each proposal voted on is
//   adopted or defeated as the rules answer "adoption" (every answering rule must agree: Rule
//   203's majority, Rule 107's unanimity...), and the turn ends ("turn.ended"). The next turn
//   starts at the same instant ("turn.started").
// - Where several steps fall at one instant (in a 48-hour turn, 48 hours before its end is its
//   start), their order is: votes close and outcomes are decided, "turn.ended"; the next turn
//   starts, "turn.started": adopted changes are incorporated (Rule 105), then (this rule, after
//   the rules above it hear the start) Judicial Proposals go onto the Deck (Rule 210; their
//   authors not disbarred), then the top of the Queue goes onto the Deck if the turn's end is
//   48 hours away or less; rules below this one (joiners, Rule 213) hear the start after that.
//   24 hours before the end, the Deck goes to vote: never at a turn's start.
// - "Individually put to vote": each proposal gets a number (Rule 106 numbers those announced
//   by "proposals.scheduled") and a vote of its own ("vote.open", id "proposal-<number>", run by
//   Rule 206 as messages in its channel; `votesIn` tells the page where to vote). Its `votes`
//   follow the vote's tally as it changes ("vote.changed"), so everyone sees who voted how.
// - A turn with nothing on the Deck holds no vote; its length is unchanged.

interface Turn {
  number: number;
  startedAt: number;
  endsAt: number;
}
interface Proposal {
  number: number;
  label: string;
  stage: string;
  status: string;
  author: PlayerId | null;
  change: { kind: string; title?: string; number?: number; key?: string };
  votes: { [player: string]: string };
  reason: string | null;
  decidedBy?: number | null;
  openedAt?: number;
  closedAt?: number | null;
  judicial?: true;
  votesIn?: Json;
  moves?: string[];
}
interface Vote {
  open: boolean;
  tally: { [person: string]: "for" | "against" };
}

const hour = 3_600_000;
const turn = gameState<Turn | null>("turn", {
  initial: null,
  describe: "The current turn: turns start and end at 00:00 UTC on Mondays, Thursdays and Saturdays",
  display: {
    label: "Turn",
    text: ["Turn {number}, from {startedAt} to {endsAt}", "The first turn starts at the next 00:00 UTC on a Monday, Thursday or Saturday"],
  },
});
const proposals = recordState<Proposal>("proposals", {
  record: { kind: "proposal", open: { field: "stage", in: ["queue", "deck", "voting"] }, citedAs: "proposal" },
});
const votes = gameState<{ [id: string]: Vote }>("votes", { initial: {} });
const judgment = gameState<{ term: { disbarred: PlayerId[] } | null }>("judgment", { initial: { term: null } });

/** The next start-or-end of a turn strictly after `after`. */
function nextBoundary(after: number): number {
  const days = ["monday", "thursday", "saturday"] as const;
  return Math.min(...days.map((weekday) => game.calendar.next({ weekday, time: "00:00", zone: "UTC", after })));
}

// Each timer says in `describe` what happens then: the page lists it among the deadlines.
on("game.started", () => {
  game.schedule("turn.boundary", { at: nextBoundary(game.now()) }, { describe: "the first turn starts" });
});

on("timer:turn.boundary", () => {
  const current = turn.get();
  if (current && game.ask<boolean>("turn.may-end", { number: current.number })?.value === false) {
    game.schedule("turn.boundary", { at: nextBoundary(game.now()) }, { describe: `turn ${current.number} may end (Rule 211 holds it)` });
    return;
  }
  if (current) {
    closeVotes();
    game.emit("turn.ended", { number: current.number });
  }
  const number = (current?.number ?? 0) + 1;
  const endsAt = nextBoundary(game.now());
  turn.set({ number, startedAt: game.now(), endsAt });
  game.post(`Turn ${number} starts; it ends at 00:00 UTC ${weekday(endsAt)}.`);
  game.emit("turn.started", { number });
  game.schedule("turn.boundary", { at: endsAt }, { describe: `turn ${number} ends (its votes close) and turn ${number + 1} starts` });
  if (endsAt - 48 * hour > game.now())
    game.schedule("turn.deck", { at: endsAt - 48 * hour }, { turn: number, describe: "the top of the Proposal Queue goes onto the Deck" });
  game.schedule("turn.vote", { at: endsAt - 24 * hour }, { turn: number, describe: "the Deck is put to vote" });
});

on("turn.started", () => {
  const disbarred = judgment.get().term?.disbarred ?? [];
  for (const [key, p] of Object.entries(proposals.all())) {
    if (p.stage !== "pending" || !p.judicial) continue;
    if (p.author !== null && disbarred.includes(p.author))
      proposals.set(key, { ...p, stage: "removed", status: "removed", reason: "its Judge was disbarred (Rule 210)" });
    else toDeck(key, p, "a Judicial Proposal (Rule 210)");
  }
  const now = turn.get();
  if (now && now.endsAt - 48 * hour <= game.now()) queueTopToDeck();
});

on("timer:turn.deck", (event: GameEvent<{ turn: number }>) => {
  if (turn.get()?.number === event.data.turn) queueTopToDeck();
});

function queueTopToDeck(): void {
  const top = game.ask<string[]>("proposal-queue.order")?.value?.[0];
  const p = top === undefined ? undefined : proposals.get(top);
  if (top !== undefined && p) toDeck(top, p, "the top of the Proposal Queue");
}

function toDeck(key: string, p: Proposal, what: string): void {
  proposals.set(key, { ...p, stage: "deck", status: "on the Deck", moves: [] });
  game.post(`Proposal ${key}, ${what}, goes onto the Deck.`);
}

on("timer:turn.vote", (event: GameEvent<{ turn: number }>) => {
  if (turn.get()?.number !== event.data.turn) return;
  const deck = Object.keys(proposals.all()).filter((key) => proposals.get(key)!.stage === "deck");
  if (deck.length > 0) game.emit("proposals.scheduled", { keys: deck });
});

// Rule 106, higher in precedence, has numbered them when this rule hears it.
on("proposals.scheduled", (event: GameEvent<{ keys: string[] }>) => {
  const order = event.data.keys.filter((key) => proposals.get(key)?.stage === "deck" && proposals.get(key)!.number > 0);
  order.sort((a, b) => proposals.get(a)!.number - proposals.get(b)!.number);
  for (const key of order) {
    const p = proposals.get(key)!;
    const id = `proposal-${p.number}`;
    const votesIn = { channel: `vote-${id}`, for: "aye", against: "nay", withdraw: "withdraw" };
    proposals.set(key, { ...p, stage: "voting", status: "voting", openedAt: game.now(), closedAt: null, votesIn });
    game.emit("vote.open", {
      id,
      title: `Proposal ${p.number} (${key}): ${describe(p.change)}`,
      name: `Proposal ${p.number}`,
      channel: votesIn.channel,
      voters: "active-players",
    });
  }
  if (order.length) game.post(`Put to vote until the turn's end: ${order.map((key) => `Proposal ${proposals.get(key)!.number} (${key})`).join(", ")}.`);
});

// The card shows who has voted how while the vote runs (votes are public, Rule 206 keeps them).
on("vote.changed", (event: GameEvent<{ id: string }>) => {
  const found = Object.entries(proposals.all()).find(([, p]) => p.stage === "voting" && `proposal-${p.number}` === event.data.id);
  if (found) proposals.set(found[0], { ...found[1], votes: { ...(votes.get()[event.data.id]?.tally ?? {}) } });
});

function describe(change: Proposal["change"]): string {
  if (change.kind === "enact") return `enact "${change.title || "a new rule"}"`;
  if (change.kind === "repeal") return `repeal Rule ${change.number}`;
  return `set ${change.key} of Rule ${change.number}`;
}

function closeVotes(): void {
  for (const [key, p] of Object.entries(proposals.all())) {
    if (p.stage !== "voting") continue;
    const id = `proposal-${p.number}`;
    const tally = votes.get()[id]?.tally ?? {};
    game.emit("vote.close", { id });
    const answers = game.askAll<{ adopted: boolean; reason: string }>("adoption", { proposal: p, tally });
    const failed = answers.find((a) => !a.value.adopted);
    const adopted = answers.length > 0 && !failed;
    const decided = failed ?? answers[0];
    const reason = decided?.value.reason ?? "no rule says how many votes adopt it";
    const { votesIn: _closed, ...rest } = p;
    proposals.set(key, {
      ...rest,
      stage: adopted ? "adopted" : "defeated",
      status: adopted ? "adopted" : "defeated",
      votes: tally,
      reason,
      decidedBy: decided?.rule ?? null,
      closedAt: game.now(),
    });
    game.post(`Proposal ${p.number} is ${adopted ? "adopted" : "defeated"}: ${reason}.`);
  }
}

function weekday(at: number): string {
  const local = game.calendar.local(at, "UTC");
  return `${local.weekday[0]!.toUpperCase()}${local.weekday.slice(1)} ${local.year}-${String(local.month).padStart(2, "0")}-${String(local.day).padStart(2, "0")}`;
}
