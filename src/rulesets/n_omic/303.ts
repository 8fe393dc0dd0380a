// Rule 303: Players and Reyalps. Anyone may become a Player by joining the game. A Player
// loses 10 points and becomes a Reyalp by announcing it (the `become-reyalp` action, with
// an optional limit in days), or by failing to send a required communication within 72
// hours after it could first be sent. Reyalps are not Players (they neither vote nor take
// turns) but keep their points. A Reyalp who does not `return` within the limit announced,
// or within 21 days, ceases to be a Reyalp and loses the points: e leaves the game.
//
// Which communications are required is other rules' business: each answers
// "communication.required" with what each player owes and since when, and emits the event
// "communication.required" when something new is owed. Rule 334 suspends them during
// Judgment ("communication.suspended") and restarts their clocks ("communication.resumed-at").

interface Owed {
  player: string;
  what: string;
  since: number;
}
interface Reyalp {
  since: number;
  until: number;
}

const hour = 3_600_000;
const silence = 72 * hour;
const status = playerState<"player" | "reyalp">("status", {
  initial: "player",
  describe: "Player, or Reyalp: not a Player, but keeps eir points (Rule 303)",
  display: { label: "Status", text: "{value}" },
});
const reyalps = recordState<Reyalp>("reyalps", {
  describe: "Since when each Reyalp has been one, and when e ceases to be one unless e returns",
  display: {
    label: "Reyalps",
    empty: "No Reyalps",
    columns: [
      { field: "key", label: "Reyalp", format: "player" },
      { field: "since", label: "Reyalp since", format: "time" },
      { field: "until", label: "Ceases to be one unless e returns", format: "time" },
    ],
  },
});
const points = playerState("points", { initial: 0 });

const name = (id: string) => game.player(id)?.name ?? id;

answer("players", () =>
  game
    .players()
    .filter((p) => status.get(p.id) === "player")
    .map((p) => p.id),
);

action(
  "become-reyalp",
  {
    describe:
      "Stop being a Player for a while (costs 10 points); you stay a Reyalp until you return, or lose your points after the days you name (21 if you name none)",
    input: t.object({ days: t.integer({ minimum: 1, maximum: 3650, describe: "The longest you mean to stay a Reyalp, in days" }) }, { optional: ["days"] }),
    when: ({ actor }) => (status.get(actor) !== "player" ? "you are already a Reyalp; to play again, return" : undefined),
  },
  (input, { actor }) => {
    if (status.get(actor) !== "player") game.refuse("you are already a Reyalp; to play again, return");
    becomeReyalp(actor, "at eir own wish", input.days ?? 21);
  },
);

const notReyalp = ({ actor }: ActionContext) => (status.get(actor) !== "reyalp" ? "you are a Player already; only a Reyalp can return" : undefined);
action("return", { describe: "Become a Player again, as a Reyalp", input: t.object({}), when: notReyalp }, (_input, { actor }) => {
  if (status.get(actor) !== "reyalp") game.refuse("you are a Player already; only a Reyalp can return");
  status.set(actor, "player");
  reyalps.delete(actor);
  game.post(`${name(actor)} is a Player again.`);
  game.emit("players.changed", { player: actor, status: "player" });
});

function becomeReyalp(player: string, why: string, days: number): void {
  const total = points.get(player) - 10;
  points.set(player, total);
  status.set(player, "reyalp");
  const since = game.now();
  reyalps.set(player, { since, until: since + days * 24 * hour });
  game.schedule("reyalp-ends", { at: since + days * 24 * hour }, { player, since });
  game.post(`${name(player)} becomes a Reyalp ${why}, and loses 10 points (now ${total}). E has ${days} days to return.`);
  game.emit("points.changed", { player, change: -10, total, reason: `became a Reyalp ${why}` });
  game.emit("players.changed", { player, status: "reyalp" });
}

on("timer:reyalp-ends", (event) => {
  const player: string = event.data.player;
  if (status.get(player) !== "reyalp" || reyalps.get(player)?.since !== event.data.since) return;
  reyalps.delete(player);
  game.post(`${name(player)} did not return in time: e ceases to be a Reyalp, and eir points are lost.`);
  game.removePlayer(player, "ceased to be a Reyalp without returning in time (Rule 303)");
});

function owedBy(player: string): Owed[] {
  return game
    .askAll<Owed[]>("communication.required")
    .flatMap((a) => a.value)
    .filter((o) => o.player === player);
}

/** Makes a Player who has owed something for 72 hours a Reyalp; otherwise checks again when it falls due. */
function checkSilence(player: string): void {
  if (status.get(player) !== "player" || !game.player(player) || game.isOver()) return;
  if (game.ask("communication.suspended")) return; // Rule 334 starts the clocks again on consent.
  const resumed = game.ask<number>("communication.resumed-at")?.value ?? 0;
  const due = owedBy(player)
    .map((o) => ({ ...o, due: Math.max(o.since, resumed) + silence }))
    .sort((a, b) => a.due - b.due)[0];
  if (!due) return;
  if (due.due <= game.now()) becomeReyalp(player, `after 72 hours without sending ${due.what}`, 21);
  else game.schedule("silence", { at: due.due }, { player });
}

on("communication.required", (event) => {
  game.schedule("silence", { after: silence }, { player: event.data.player });
});
on("timer:silence", (event) => checkSilence(event.data.player));
on("communication.resumed", () => {
  for (const p of game.players()) if (owedBy(p.id).length) game.schedule("silence", { after: silence }, { player: p.id });
});
