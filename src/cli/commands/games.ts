/** Commands that list presets, create games, list them and add players. */
import type { Command } from "commander";
import { ActionError, Game } from "../../kernel/game.js";
import type { ArchivedRuleSpec, RuleSpec } from "../../kernel/types.js";
import { RulesetImportError } from "../../records/import/errors.js";
import { rulesetFromText } from "../../ruleset-sources/from-text.js";
import { listPresets, loadPreset } from "../../ruleset-sources/presets.js";
import { output, UsageError, withGame, withStore, type GlobalOptions } from "../context.js";
import { readText } from "../parse.js";
import { when } from "../../present/format.js";

export function registerGameFileCommands(program: Command, globals: () => GlobalOptions): void {
  program
    .command("presets")
    .description("list the rulesets a game can start from")
    .action(() => {
      const presets = listPresets();
      output(globals(), presets, () => presets.map((p) => `${p.name}: ${p.title}\n  ${p.description}`).join("\n"));
    });

  program
    .command("new <name>")
    .description("create a game from a preset ruleset or a published ruleset's text, optionally with its players, and begin play")
    .option("--preset <preset>", "the ruleset to start from (see: nomos presets)")
    .option(
      "--ruleset-file <file>",
      "start from a published ruleset's text instead (the layouts of the rulesets in shared/rulesets/ are recognised; --layout names one)",
    )
    .option("--layout <layout>", "with --ruleset-file: the text's layout, if not the one Nomos recognises")
    .option("--code-from <preset>", "with --ruleset-file: attach this preset's code to the rules of the same number")
    .option(
      "--office <name...>",
      'with --ruleset-file, where no code offers play: the offices of the hand-play rules added (default "Assessor"; the first assesses proposals), held at first by the first player',
    )
    .option("--player <name...>", 'add players by name, in this order (--player "Grace Hopper" --player "Ada Lovelace")')
    .option("--seed <seed>", "fix the game's random source, for a reproducible game")
    .option("--start", "begin play once the players are in: the first player takes the start action")
    .option("--practice", "a practice game: its players may move its clock forward (nomos clock forward 1d, nomos clock next)")
    .action(
      async (
        name: string,
        opts: {
          preset?: string;
          rulesetFile?: string;
          layout?: string;
          codeFrom?: string;
          office?: string[];
          player?: string[];
          seed?: string;
          start?: boolean;
          practice?: boolean;
        },
      ) => {
        const g = globals();
        // Read the ruleset first: a mistyped preset or an unreadable text must not leave a game file behind.
        const { rules, archived, preset, notes } = chooseRuleset(opts);
        await withStore(
          g,
          async (engine) => {
            const game = await Game.create(engine, {
              name,
              preset,
              rules,
              archived,
              practice: opts.practice === true,
              ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
            });
            try {
              for (const player of opts.player ?? []) await game.join(player);
              // A ruleset whose play needs no start (Nomic VIII's) is open as it is: --start has nothing to do.
              const offersStart = game.actions().some((a) => a.name === "start");
              if (opts.start && offersStart) {
                const first = game.state.players[0];
                try {
                  await game.act(first?.id ?? "", "start", {});
                } catch (err) {
                  // The game exists by now: say so, or the user would create it twice.
                  if (!(err instanceof ActionError)) throw err;
                  throw new ActionError(
                    err.code,
                    `${err.message} (game ${game.id} was created without starting; begin it later with: nomos start --as <player>)`,
                    err.rule,
                  );
                }
              }
              const s = game.state;
              output(
                g,
                {
                  id: game.id,
                  name,
                  preset,
                  rules: Object.keys(s.rules).length,
                  archived: s.repealed.length,
                  notes,
                  players: s.players,
                  started: !!opts.start && offersStart,
                  practice: !!opts.practice,
                  seq: s.seq,
                },
                () =>
                  [
                    `Created ${opts.practice ? "practice " : ""}game ${game.id} "${name}" from ${opts.rulesetFile ?? preset} with ${Object.keys(s.rules).length} rules in ${g.db}.`,
                    ...notes.map((n) => `  note: ${n}`),
                    ...s.players.map((p) => `  player ${p.name} (${p.id})`),
                    opts.start && offersStart
                      ? "Play has begun: nomos state shows whose turn it is."
                      : !game.actions().length
                        ? "This ruleset has no code yet: its rules are law for the players and the officers (nomos ruleset publishes it; rules with code can be adopted, or attached with --code-from)."
                        : !offersStart
                          ? `Its rules need no start: play is open${s.players.length ? "" : " once players join (nomos join <name>)"}; nomos state says what play awaits.`
                          : s.players.length
                            ? "Begin play with: nomos start --as <player> (or nomos act start --as <player>)"
                            : "Add players with: nomos join <name>",
                  ].join("\n"),
              );
            } finally {
              game.close();
            }
          },
          true,
        );
      },
    );

  program
    .command("games")
    .description("list the games in the game file, newest first")
    .action(async () => {
      const g = globals();
      await withStore(g, async (engine) => {
        // Not the seeds: a game's seed predicts its random draws, secret ones included.
        const games = (await engine.store.listGames()).map(({ id, name, preset, createdAt }) => ({ id, name, preset, createdAt }));
        output(g, games, () =>
          games.length
            ? games.map((x) => `${x.id}  ${x.name} (${x.preset ?? "custom ruleset"}), created ${when(x.createdAt)}`).join("\n")
            : `no games in ${g.db}`,
        );
      });
    });

  program
    .command("join <name>")
    .description("add a player to the game (with --observe: someone who takes part without playing)")
    .option("--observe", "take part without playing: read the game and take only the actions the rules open to every participant")
    .action(async (name: string, opts: { observe?: boolean }) => {
      const g = globals();
      await withGame(g, async (game) => {
        if (opts.observe) {
          const { person } = await game.attend(name);
          output(g, { ...person, role: "observer" }, () => `${person.name} takes part without playing, as ${person.id}.`);
          return;
        }
        const player = await game.join(name);
        output(g, player, () => `${player.name} joined as ${player.id}.`);
      });
    });
}

/** The rules a new game starts from: a preset, or a published text (with a preset's code attached if asked). */
function chooseRuleset(opts: { preset?: string; rulesetFile?: string; layout?: string; codeFrom?: string; office?: string[] }): {
  rules: RuleSpec[];
  archived: ArchivedRuleSpec[];
  preset: string | null;
  notes: string[];
} {
  if ((opts.preset === undefined) === (opts.rulesetFile === undefined)) {
    throw new UsageError("say what the game starts from: --preset <preset> (see: nomos presets) or --ruleset-file <file> (a published ruleset's text)");
  }
  if (opts.preset !== undefined) {
    if (opts.layout !== undefined || opts.codeFrom !== undefined || opts.office !== undefined)
      throw new UsageError("--layout, --code-from and --office go with --ruleset-file, not --preset");
    const { rules, archived } = loadPreset(opts.preset);
    return { rules, archived, preset: opts.preset, notes: [] };
  }
  const text = readText(opts.rulesetFile!);
  try {
    const r = rulesetFromText(text, {
      ...(opts.layout !== undefined ? { layout: opts.layout } : {}),
      ...(opts.codeFrom !== undefined ? { codeFrom: opts.codeFrom } : {}),
      ...(opts.office !== undefined ? { offices: opts.office } : {}),
    });
    return { rules: r.rules, archived: r.archived, preset: r.codeFrom, notes: r.notes };
  } catch (err) {
    if (err instanceof RulesetImportError) throw new UsageError(`${opts.rulesetFile}: ${err.message}; nothing was imported`);
    throw new UsageError((err as Error).message);
  }
}
