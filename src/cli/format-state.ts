/** The game as one viewer sees it, in words: generic state, with the turn, open proposals and Judgment cases on top. */
import type { GameState } from "../kernel/types.js";
import type { GameView } from "../kernel/visibility.js";
import { type Block, partsText, presentScoreboard, presentState } from "../present/display.js";
import { brief, when } from "../present/format.js";
import { changeLine } from "../records/reports/describe-change.js";
import { presetExtras } from "../rulesets/extras.js";
import { judgmentViews, proposalViews, recordNames } from "./records-view.js";

export function formatState(view: GameView, name: (id: string) => string, departed: GameState["departed"] = [], zone?: string): string {
  const time = zone ? zoned(zone) : when;
  const lines = [`${view.name} (${view.preset ?? "custom ruleset"}), act ${view.seq}, ${when(view.time)}, ${view.status === "over" ? "over" : "in play"}`];
  if (view.viewer) lines.push(`As seen by ${name(view.viewer)}`);
  if (view.result) lines.push(`Winner: ${view.result.winners.map(name).join(", ") || "none"} (${view.result.reason}; Rule ${view.result.rule})`);

  // Players, with every player-scope state the rules declare (points in Suber).
  lines.push("", "Players:");
  const board = presentScoreboard(view.state, view.players);
  for (const { player: p, cells } of board.rows) {
    const stats = cells.flatMap((cell, i) => (cell ? [`${board.columns[i]!.label} ${brief(partsText(cell, time), 60)}`] : []));
    lines.push(`  ${p.name} (${p.id})${stats.length ? `: ${stats.join(", ")}` : ""}`);
  }
  if (!view.players.length) lines.push("  none yet (nomos join <name>)");
  for (const d of departed) lines.push(`  ${d.name} (${d.id}) left: ${d.reason}`);

  // The turn (as the preset reads it), and the records of proposals and Judgment cases.
  const extras = presetExtras(view.preset);
  const shown = recordNames(view);
  const play: string[] = [];
  const found = extras.turn?.(view);
  if (found) shown.add(found.state);
  const turn = found?.turn;
  if (turn && view.status === "active") {
    if (turn.player === null) play.push("Play has not begun (the start action begins it).");
    else {
      const circuits = turn.circuits !== undefined ? `, ${turn.circuits} complete circuit${turn.circuits === 1 ? "" : "s"}` : "";
      const proposed = turn.proposed === true ? "; has proposed" : turn.proposed === false ? "; has not proposed yet" : "";
      play.push(`Turn ${turn.number}: ${name(turn.player)} to move${circuits}${proposed}`);
      if (turn.waiting) play.push(`  Waiting: ${turn.waiting}`);
    }
  }
  for (const p of proposalViews(view, "open")) {
    const votes =
      Object.entries(p.votes)
        .map(([who, v]) => `${name(who)} ${v}`)
        .join(", ") || "no votes yet";
    // Its label where its record gives one (a queued proposal has no number yet: "Proposal q1"). Who
    // is awaited is the rules' answer, printed after the state ("Awaiting ..."), not counted here.
    const label = (p as { label?: unknown }).label;
    play.push(
      `${typeof label === "string" && label ? label : `Proposal ${p.number}`} by ${name(p.proposer)} is open: ${changeLine(p.change)}`,
      `  votes: ${votes}`,
    );
  }
  const last = proposalViews(view, "decided").at(-1);
  if (last) play.push(`Last decided: proposal ${last.number} by ${name(last.proposer)} ${last.status}${last.reason ? ` (${last.reason})` : ""}`);
  for (const j of judgmentViews(view, "open")) {
    play.push(`Judgment case ${j.number} (${j.status}${j.verdict ? `: ${j.verdict}` : ""}), Judge ${name(j.judge)}: ${j.question}`);
  }
  if (play.length) lines.push("", ...play);

  // Every other game-scope state, generically, with the rule that declares it.
  const other = view.state.filter((s) => s.scope === "game" && !shown.has(s.name)).flatMap((s) => presentState(s, view.players) ?? []);
  if (other.length) {
    lines.push("", "Other state:");
    for (const block of other) lines.push(...blockLines(block, time));
  }
  if (view.failures.length) {
    lines.push("", "Recent rule failures:", ...view.failures.slice(-5).map((f) => `  Rule ${f.rule} failed at act ${f.seq} (${f.during}): ${f.error}`));
  }
  return lines.join("\n");
}

/** A state as its rule says it reads, in lines: a sentence on one, a list's items and a table's rows under it. */
function blockLines(block: Block, when: (ms: number) => string): string[] {
  const head = `  ${block.label} (Rule ${block.rule})`;
  const text = (parts: Parameters<typeof partsText>[0]) => brief(partsText(parts, when), 160);
  switch (block.kind) {
    case "secret":
      return [`${head}: (not visible to you)`];
    case "sentence":
      return [`${head}: ${text(block.parts)}`];
    case "list":
      return [`${head}:`, ...block.items.map((item) => `    - ${text(item)}`)];
    default:
      return [`${head}:`, ...block.rows.map((row) => `    - ${row.cells.map((cell, i) => `${block.columns[i]}: ${text(cell)}`).join("; ")}`)];
  }
}

/** "2026-11-23 11:00 Europe/Paris": a time in the game's zone, in the layout of the engine's UTC times. */
function zoned(zone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return (ms) => {
    const p = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} ${zone}`;
  };
}
