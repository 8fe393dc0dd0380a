/** Suber's scripted players in `nomos play`: a whole game, printed turn by turn. */
import { Game } from "../../../kernel/game.js";
import { loadPreset } from "../../../ruleset-sources/presets.js";
import { output, playerNames, withStore, type GlobalOptions } from "../../../cli/context.js";
import { formatRuleset } from "../../../present/format.js";
import type { PlayOptions, Print } from "../../extras.js";
import { playBotGame, SuberBot, type TurnReport } from "./bot.js";
import { changeLine } from "../../../records/reports/describe-change.js";

/** `nomos play --preset suber`: played to its winner, then the final ruleset is printed. */
export async function playSuber(g: GlobalOptions, o: PlayOptions, seed: string, botNames: string[], print: Print): Promise<void> {
  const { rules } = loadPreset(o.preset);
  await withStore(
    g,
    async (engine) => {
      const game = await Game.create(engine, { name: `Bot game (seed ${seed})`, preset: o.preset, rules, seed });
      try {
        const bots = [];
        for (const n of botNames) bots.push(new SuberBot((await game.join(n)).id, { seed }));
        const name = playerNames(game);
        print(`Game ${game.id} in ${g.db}, seed ${seed}: ${bots.map((b) => name(b.player)).join(", ")} play Suber's Initial Set.\n`);
        let stopped: string | null = null;
        const reports: TurnReport[] = [];
        await playBotGame(game, bots, {
          maxTurns: o.maxTurns,
          onStop: (reason) => (stopped = reason),
          onTurn: (r) => {
            reports.push(r);
            const side = (v: string) =>
              Object.entries(r.votes)
                .filter(([, x]) => x === v)
                .map(([p]) => name(p))
                .join(", ") || "nobody";
            print(`Turn ${r.turn}: ${name(r.player)} proposes ${r.proposal}, to ${changeLine(r.change).replace(/^./, (c) => c.toLowerCase())}`);
            print(`  for: ${side("for")}; against: ${side("against")}`);
            print(`  ${r.status}${r.reason ? ` (${r.reason})` : ""}`);
            print(
              `  scores: ${Object.entries(r.points)
                .map(([p, s]) => `${name(p)} ${s}`)
                .join(", ")}`,
            );
          },
        });
        const state = game.state;
        const ruleset = Object.values(state.rules).sort((a, b) => a.number - b.number);
        const points = reports.at(-1)?.points ?? {};
        const winners = state.result?.winners ?? [];
        const json = {
          game: game.id,
          seed,
          turns: reports.length,
          acts: state.seq,
          status: state.status,
          result: state.result,
          stopped,
          winners: winners.map((id) => ({ id, name: name(id), points: points[id] ?? null })),
          points,
          rules: ruleset.map((r) => ({ number: r.number, title: r.title, mutable: r.mutable, revision: r.revision, text: r.text, hasCode: r.code !== null })),
        };
        output(g, json, () =>
          [
            o.quiet ? "" : `\nThe final ruleset:\n\n${formatRuleset(ruleset, { repealed: state.repealed })}\n`,
            state.result
              ? `${winners.map(name).join(", ")} won after ${reports.length} turns with ${winners.map((w) => points[w]).join(", ")} points: ${state.result.reason} (Rule ${state.result.rule}).`
              : `No winner after ${reports.length} turns${stopped ? `: ${stopped}` : ""}.`,
            `Replay it with: nomos --db ${g.db} --game ${game.id} log`,
          ]
            .filter(Boolean)
            .join("\n"),
        );
      } finally {
        game.close();
      }
    },
    true,
  );
}
