/** Human-readable text for rules, state and the log, in the layout Nomic players know. */
import type { GameView } from "../kernel/visibility.js";
import type { Act, Effect, GameState, HistoryEntry, Json, RuleRecord } from "../kernel/types.js";

export function when(ms: number): string {
  return new Date(ms).toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

function indent(text: string, by = "    "): string {
  return text.split("\n").map((line) => by + line).join("\n");
}

export function historyLine(h: HistoryEntry): string {
  const what: Record<HistoryEntry["change"], string> = {
    enacted: "Enacted", amended: `Amended (rev ${h.revision})`, repealed: "Repealed", transmuted: `Transmuted (rev ${h.revision})`,
    renumbered: "Renumbered", property: `Property set (rev ${h.revision})`,
  };
  let extra = "";
  const d = h.detail as Record<string, Json> | undefined;
  if (h.change === "renumbered" && d) extra = ` from ${String(d.from)} to ${String(d.to)}`;
  if (h.change === "transmuted" && d) extra = ` to ${d.mutable ? "mutable" : "immutable"}`;
  return `${what[h.change]}${extra} by ${h.cause}, ${when(h.at)}`;
}

export function ruleHeading(rule: RuleRecord): string {
  const title = rule.title ? ` ${rule.title}` : "";
  return `${rule.number}.${title} [${rule.mutable ? "mutable" : "immutable"}, rev ${rule.revision}${rule.code ? ", has code" : ""}]`;
}

export function formatRuleset(rules: RuleRecord[]): string {
  const groups: [string, RuleRecord[]][] = [
    ["Immutable Rules", rules.filter((r) => !r.mutable)],
    ["Mutable Rules", rules.filter((r) => r.mutable)],
  ];
  return groups
    .filter(([, list]) => list.length)
    .map(([heading, list]) => `${heading}\n\n${list.map((r) => `${ruleHeading(r)}\n${indent(r.text)}`).join("\n\n")}`)
    .join("\n\n");
}

export function formatRule(rule: RuleRecord, withCode: boolean): string {
  const parts = [ruleHeading(rule), indent(rule.text), "", "History:", ...rule.history.map((h) => `  ${historyLine(h)}`)];
  if (withCode && rule.code) parts.push("", "Code:", indent(rule.code.source.trim()));
  return parts.join("\n");
}

function value(v: Json | undefined): string {
  return typeof v === "string" ? v : JSON.stringify(v);
}

export function formatState(view: GameView, names: Map<string, string>): string {
  const name = (id: string) => names.get(id) ?? id;
  const lines = [`${view.name} (${view.preset ?? "custom ruleset"}), act ${view.seq}, ${view.status === "over" ? "over" : "in play"}`];
  if (view.result) lines.push(`Winner: ${view.result.winners.map(name).join(", ") || "none"} (${view.result.reason}; Rule ${view.result.rule})`);
  lines.push("", "Players:");
  const perPlayer = view.state.filter((s) => s.scope === "player");
  for (const p of view.players) {
    const stats = perPlayer.filter((s) => s.values && p.id in s.values).map((s) => `${s.name} ${value(s.values![p.id])}`);
    lines.push(`  ${p.name} (${p.id})${stats.length ? `: ${stats.join(", ")}` : ""}`);
  }
  const turn = view.state.find((s) => s.name === "turn")?.value as { player?: string | null; number?: number; waiting?: string | null } | undefined;
  if (turn?.player && view.status === "active") lines.push("", `Turn ${turn.number}: ${name(turn.player)} to move${turn.waiting ? ` (waiting: ${turn.waiting})` : ""}`);
  const proposals = view.state.find((s) => s.name === "proposals")?.value as Record<string, { number: number; proposer: string; status: string; votes: Record<string, string> }> | undefined;
  const open = Object.values(proposals ?? {}).filter((p) => p.status === "voting");
  for (const p of open) {
    const votes = Object.entries(p.votes).map(([who, v]) => `${name(who)}: ${v}`).join(", ") || "no votes yet";
    const waiting = view.players.filter((pl) => !(pl.id in p.votes)).map((pl) => pl.name).join(", ");
    lines.push(`Proposal ${p.number} by ${name(p.proposer)} is open: ${votes}; waiting for ${waiting || "nobody"}`);
  }
  const judgments = view.state.find((s) => s.name === "judgments")?.value as Record<string, { number: number; question: string; judge: string; status: string }> | undefined;
  for (const j of Object.values(judgments ?? {}).filter((c) => c.status !== "settled")) {
    lines.push(`Judgment case ${j.number} (${j.status}), Judge ${name(j.judge)}: ${j.question}`);
  }
  const shown = new Set(["turn", "proposals", "judgments"]);
  const other = view.state.filter((s) => s.scope === "game" && !shown.has(s.name) && s.value !== undefined);
  if (other.length) lines.push("", ...other.map((s) => `${s.name}: ${value(s.value)} (Rule ${s.rule})`));
  if (view.failures.length) {
    lines.push("", "Recent rule failures:", ...view.failures.slice(-5).map((f) => `  Rule ${f.rule} failed at act ${f.seq} (${f.during}): ${f.error}`));
  }
  return lines.join("\n");
}

function effectLine(effect: Effect, name: (id: string) => string): string | null {
  switch (effect.e) {
    case "message": return `  ${effect.text}`;
    case "rule.enacted": return `  Rule ${effect.rule.number} enacted (${effect.cause})`;
    case "rule.amended": return `  Rule ${effect.number} amended (${effect.cause})`;
    case "rule.repealed": return `  Rule ${effect.number} repealed (${effect.cause})`;
    case "rule.transmuted": return `  Rule ${effect.number} transmuted to ${effect.mutable ? "mutable" : "immutable"} (${effect.cause})`;
    case "rule.renumbered": return `  Rule ${effect.number} renumbered ${effect.to} (${effect.cause})`;
    case "rule.failed": return `  ! Rule ${effect.rule} failed (${effect.during}): ${effect.error}`;
    case "player.joined": return `  ${effect.player.name} joins the game`;
    case "player.left": return `  ${name(effect.id)} leaves the game: ${effect.reason}`;
    case "game.ended": return `  The game is over: ${effect.reason}`;
    default: return null;
  }
}

export function formatAct(act: Act, effects: Effect[], state: GameState): string {
  const names = new Map([...state.players, ...state.departed].map((p) => [p.id, p.name]));
  const name = (id: string) => names.get(id) ?? id;
  const input = act.input;
  const head =
    input.kind === "create" ? `game "${input.name}" created with ${input.rules.length} rules`
    : input.kind === "join" ? `${input.player.name} joins`
    : input.kind === "timer" ? `timer ${input.id} fires`
    : `${name(input.actor)}: ${input.name} ${JSON.stringify(input.input, (k, v) => (k === "js" ? undefined : v))}`;
  const lines = [`#${act.seq} ${when(act.time)} ${head}`];
  for (const e of effects) {
    const line = effectLine(e, name);
    if (line && !(input.kind === "create" && e.e === "rule.enacted")) lines.push(line);
  }
  return lines.join("\n");
}
