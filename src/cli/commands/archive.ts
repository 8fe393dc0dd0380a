/**
 * `nomos export`, `nomos import-game` and `nomos verify`: a whole game as one file, to move it
 * between servers, archive it, and check that replaying its inputs gives back its log.
 */
import { writeFileSync } from "node:fs";
import type { Command } from "commander";
import { ArchiveError, exportGame, importGame, parseArchive, serializeArchive, verifyArchive, type ArchivedMessage } from "../../records/archive/index.js";
import { createQuickJsSandbox } from "../../sandbox/quickjs-sandbox.js";
import { limits } from "../../kernel/limits.js";
import { messageTable, output, UsageError, withGame, withStore, type GlobalOptions } from "../context.js";
import { readText } from "../parse.js";

function readArchive(file: string) {
  try {
    return parseArchive(readText(file));
  } catch (err) {
    if (err instanceof ArchiveError) throw new UsageError(`${file}: ${err.message}`, err.code);
    throw err;
  }
}

export function registerArchiveCommands(program: Command, globals: () => GlobalOptions): void {
  program
    .command("export [file]")
    .description("write the whole game (its log, with every rule's text and code) to one file; - for standard output")
    .action(async (file: string | undefined) => {
      const g = globals();
      await withGame(g, async (game, engine) => {
        const table = messageTable(engine);
        const text = serializeArchive(await exportGame(engine.store, game.id, undefined, table && (() => table.archived(game.id))));
        const target = file ?? `${game.id}.nomos.json`;
        if (target === "-") {
          process.stdout.write(text);
          return;
        }
        writeFileSync(target, text);
        output(
          g,
          { game: game.id, file: target, acts: game.state.seq },
          () => `Wrote game ${game.id} "${game.info.name}" (${game.state.seq} acts) to ${target}.`,
        );
      });
    });

  program
    .command("import-game <file>")
    .description("add a game exported by nomos export (or a server) to the game file, after checking it")
    .option("--id <id>", "give it this id (when its own is taken in this file)")
    .action(async (file: string, o: { id?: string }) => {
      const g = globals();
      const archive = readArchive(file);
      await withStore(
        g,
        async (engine) => {
          try {
            const table = messageTable(engine);
            const info = await importGame(engine.store, archive, {
              ...(o.id !== undefined ? { id: o.id } : {}),
              ...(table ? { messages: (id: string, messages: ArchivedMessage[]) => table.restore(id, messages) } : {}),
            });
            const messages = archive.messages?.length ?? 0;
            output(
              g,
              { game: info.id, name: info.name, acts: archive.acts.length, messages },
              () =>
                `Imported game ${info.id} "${info.name}" (${archive.acts.length} acts, ${messages} messages) into ${g.db}. Play on with: nomos --game ${info.id} state`,
            );
          } catch (err) {
            if (err instanceof ArchiveError) throw new UsageError(err.message, err.code);
            throw err;
          }
        },
        true,
      );
    });

  program
    .command("verify <file>")
    .description("replay a game file's inputs through the rules' code from the start and check that every act comes out as recorded")
    .action(async (file: string) => {
      const g = globals();
      const report = await verifyArchive(readArchive(file), () => createQuickJsSandbox({ actMs: limits.replayActMs }));
      output(g, report, () =>
        [
          report.identical
            ? report.inexact.length
              ? `All ${report.acts} acts replay as recorded; ${report.inexact.length} could not be re-run exactly, their messages' text being gone (see the note).`
              : `All ${report.acts} acts replay exactly as recorded.`
            : `${report.differences.length} of ${report.compared} acts replayed differ from the record; the first is act ${report.differences[0]?.seq ?? "?"}: ${report.differences[0]?.detail ?? ""}`,
          ...(report.stopped ? [`Stopped: ${report.stopped}`] : []),
          ...report.caveats.map((c) => `note: ${c}`),
        ].join("\n"),
      );
      if (!report.identical) process.exitCode = 1;
    });
}
