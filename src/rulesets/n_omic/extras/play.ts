/** N_omic's scripted players in `nomos play`: turns played and printed to the first win. */
import { Game } from "../../../kernel/game.js";
import { loadPreset } from "../../../ruleset-sources/presets.js";
import { output, playerNames, withStore, type GlobalOptions } from "../../../cli/context.js";
import type { PlayOptions, Print } from "../../extras.js";
import { changeLine } from "../../../records/reports/describe-change.js";
import { NomicBot, playNomicGame, SimulatedClock, type NomicTurnReport } from "./bot.js";

/**
 * `nomos play --preset n_omic`: N_omic's game never ends (Rule 312 resets the scores after
 * a win), so it is played to its first win, or to --max-turns.
 */
export async function playNomic(g: GlobalOptions, o: PlayOptions, seed: string, botNames: string[], print: Print): Promise<void> {
  const { rules, archived } = loadPreset("n_omic");
  // A mailing-list game takes days (each discussion lasts 24 hours): its clock starts now
  // and the driver moves it on through the waits, so the log reads as the game would.
  const clock = new SimulatedClock(Date.now());
  await withStore(
    g,
    async (engine) => {
      const game = await Game.create({ ...engine, clock: clock.now }, { name: `Bot game (seed ${seed})`, preset: "n_omic", rules, archived, seed });
      try {
        const bots: NomicBot[] = [];
        for (const n of botNames) bots.push(new NomicBot((await game.join(n)).id, { seed }));
        const name = playerNames(game);
        print(`Game ${game.id} in ${g.db}, seed ${seed}: ${bots.map((b) => name(b.player)).join(", ")} play N_omic (April 2001), to the first win.\n`);
        let stopped: string | null = null;
        const reports: NomicTurnReport[] = [];
        await playNomicGame(game, bots, {
          clock,
          maxTurns: o.maxTurns,
          until: (r) => r.won.length > 0,
          onStop: (reason) => (stopped = reason),
          onTurn: (r) => {
            reports.push(r);
            for (const line of nomicTurnLines(r, name)) print(line);
          },
        });
        const last = reports.at(-1);
        const winners = reports.flatMap((r) => r.won.map((w) => ({ id: w.player, name: name(w.player), points: w.points, turn: r.turn })));
        const days = (game.state.time - game.info.createdAt) / 86_400_000;
        const json = {
          game: game.id,
          seed,
          preset: "n_omic",
          turns: reports.length,
          circuits: last?.circuits ?? 0,
          acts: game.state.seq,
          days: Math.round(days * 10) / 10,
          status: game.state.status,
          stopped,
          winners,
          points: last?.points ?? {},
          groks: last?.groks ?? {},
          wins: last?.wins ?? {},
        };
        output(g, json, () =>
          [
            winners.length
              ? `${winners.map((w) => `${w.name} won on turn ${w.turn} with ${w.points} points`).join("; ")} (Rule 208), after ${reports.length} turns and ${json.days} days of play. N_omic goes on after a win (Rule 312): play stops here.`
              : `No win after ${reports.length} turns${stopped ? `: ${stopped}` : ""}.`,
            `Replay it with: nomos --db ${g.db} --game ${game.id} log`,
          ].join("\n"),
        );
      } finally {
        game.close();
      }
    },
    true,
  );
}

/** One N_omic turn as a few readable lines: what each phase came to, the poem, the standings. */
function nomicTurnLines(r: NomicTurnReport, name: (id: string) => string): string[] {
  const parts: string[] = [];
  if (r.extra) parts.push(`buys ${r.extra} extra rule-change${r.extra > 1 ? "s" : ""}`);
  const p = r.proposal;
  if (p) {
    const what = p.suggesters ? `from the suggestions of ${p.suggesters.map(name).join(", ")}` : p.changes.map((c) => changeLine(c, 50)).join("; ");
    const count = (v: string) => Object.values(p.votes).filter((x) => x === v).length + Object.values(p.extra).filter((x) => x === v).length;
    const bought = Object.keys(p.extra).length;
    const fate = ["enacted", "discarded"]
      .map((s) => [s, p.outcomes.filter((o) => o.status === s).length] as const)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${n} ${s}`);
    parts.push(
      `${p.label} (${what}): ${p.status}, ${count("for")} for and ${count("against")} against${bought ? ` with ${bought} bought` : ""}${fate.length ? `, ${fate.join(", ")}` : ""}`,
    );
  }
  parts.push(
    r.move
      ? `moves (${r.move.from.x},${r.move.from.y}) → (${r.move.to.x},${r.move.to.y}) for ${r.move.cost} Groks${r.move.to.y === 0 ? ", reaching row 0" : ""}`
      : "stays",
  );
  const lines = [`Turn ${r.turn}: ${name(r.player)}${r.label ? ` (labelled "${r.label}")` : ""} ${parts.join("; ")}`];
  if (r.lines.length) lines.push(`  poem: "${r.lines[0]}"${r.lines.length > 1 ? ` and ${r.lines.length - 1} more line${r.lines.length > 2 ? "s" : ""}` : ""}`);
  for (const w of r.won)
    lines.push(
      `  ${name(w.player)} reaches ${w.points} points and wins (Rule 208); everyone's points go back to 0, and Groks to 50 plus 20 per win (Rule 312).`,
    );
  lines.push(
    `  ${Object.keys(r.points)
      .map((id) => `${name(id)} ${r.points[id]} pts, ${r.groks[id]} Groks${r.wins[id] ? `, ${r.wins[id]} win${r.wins[id]! > 1 ? "s" : ""}` : ""}`)
      .join("; ")}`,
  );
  return lines;
}
