// Rule 205: a player required by the rules to perform an action has 48 hours (unless otherwise
// specified) to do it; one who does not becomes inactive and cannot become active until they do
// it or it becomes impossible.
//
// Readings taken where the text is open:
// - Rules require an action by emitting "action.required" { player, what, rule, hours? } and
//   clear it with "action.done" or "action.impossible" { player, what }. Requiring the same
//   thing of the same player again restarts its 48 hours.
// - When the time is up the player becomes inactive (Rule 204's `status`) and `locked` names
//   the action. Doing it (or its becoming impossible) unlocks them: they are still inactive and
//   become active as Rule 204 says (declaring it, or voting). Several overdue actions: locked
//   names the first still outstanding.
// - What is required of whom is public ("required-actions") and shown as awaited of them.

interface Requirement {
  player: PlayerId;
  what: string;
  rule: number;
  hours: number;
  due: number;
  overdue: boolean;
  timer: string | null;
}

const required = gameState<Requirement[]>("required-actions", {
  initial: [],
  describe: "Actions the rules require of players, and by when (Rule 205)",
  display: {
    label: "Required actions",
    item: "{player}: {what} by {due} (Rule {rule})",
    formats: { player: "player", due: "time" },
    empty: "Nothing is required of anyone",
  },
});
const status = playerState<"active" | "inactive">("status", { initial: "active" });
const locked = playerState<{ what: string; rule: number } | null>("locked", { initial: null });

const hour = 3_600_000;
const name = (id: PlayerId) => game.player(id)?.name ?? id;
const same = (r: Requirement, player: PlayerId, what: string) => r.player === player && r.what === what;

/** Locks the player on their first overdue action still outstanding, or unlocks them. */
function relock(player: PlayerId): void {
  const first = required.get().find((r) => r.player === player && r.overdue);
  locked.set(player, first ? { what: first.what, rule: first.rule } : null);
}

function drop(player: PlayerId, what: string | null): Requirement[] {
  const gone = required.get().filter((r) => r.player === player && (what === null || r.what === what));
  for (const r of gone) if (r.timer) game.cancel(r.timer);
  required.update((all) => all.filter((r) => !(r.player === player && (what === null || r.what === what))));
  return gone;
}

on("action.required", (e: GameEvent<{ player: PlayerId; what: string; rule: number; hours?: number }>) => {
  const { player, what, rule } = e.data;
  if (!game.player(player)) return;
  drop(player, what);
  const hours = e.data.hours ?? 48;
  const due = game.now() + hours * hour;
  const timer = game.schedule("overdue", { at: due }, { player, what });
  required.update((all) => [...all, { player, what, rule, hours, due, overdue: false, timer }]);
  relock(player);
});

on("timer:overdue", (e: GameEvent<{ player: PlayerId; what: string }>) => {
  const { player, what } = e.data;
  const r = required.get().find((x) => same(x, player, what));
  if (!r || !game.player(player)) return;
  required.update((all) => all.map((x) => (same(x, player, what) ? { ...x, overdue: true, timer: null } : x)));
  status.set(player, "inactive");
  relock(player);
  game.post(`${name(player)} did not ${what} within ${r.hours} hours and is inactive until they do (Rule 205).`);
  game.emit("player.inactive", { player, reason: `did not ${what} (Rule ${r.rule})` });
});

function cleared(how: string) {
  return (e: GameEvent<{ player: PlayerId; what: string }>) => {
    const wasLocked = locked.get(e.data.player)?.what === e.data.what;
    if (drop(e.data.player, e.data.what).length === 0) return;
    relock(e.data.player);
    if (wasLocked && !locked.get(e.data.player)) game.post(`${name(e.data.player)} may become active again: the required action was ${how} (Rule 205).`);
  };
}
on("action.done", cleared("done"));
on("action.impossible", cleared("made impossible"));

on("player.left", (e: GameEvent<{ player: PlayerId }>) => {
  drop(e.data.player, null);
});

// Until it falls due, a requirement lapses at `due`: a reminder can come before (play.awaits' `until`).
answer("play.awaits", () => required.get().map((r) => ({ player: r.player, does: r.what, ...(r.overdue ? {} : { until: r.due }) })));
