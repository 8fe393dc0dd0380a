/** `nomos backup <file>`: a consistent copy of the whole game file (games, accounts, sessions, messages), even while it is served. */
import type { Command } from "commander";
import { BackupError, backupDatabase } from "../../store/backup.js";
import { output, UsageError, type GlobalOptions } from "../context.js";

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

function size(bytes: number): string {
  if (bytes < 1024) return plural(bytes, "byte");
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

export function registerBackupCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command("backup <file>")
    .description("copy the whole game file (games, accounts, sessions, messages) as it stands, even while a server serves it; restore by serving the copy")
    .option("--force", "replace <file> if it exists")
    .action((file: string, o: { force?: boolean }) => {
      const g = globals();
      let report: ReturnType<typeof backupDatabase>;
      try {
        report = backupDatabase(g.db, file, { force: o.force ?? false });
      } catch (err) {
        if (err instanceof BackupError) throw new UsageError(err.message, "backup");
        throw err;
      }
      output(
        g,
        report,
        () =>
          `Backed up ${report.source} to ${report.target}: ${size(report.bytes)}, ${plural(report.games, "game")} (${plural(report.acts, "act")}), ` +
          `${plural(report.accounts, "account")}, ${plural(report.sessions, "session")}, ${plural(report.messages, "message")}; the copy checks out.\n` +
          `To restore: stop the server, put ${report.target} in place of ${report.source} (removing ${report.source}-wal and -shm if left), start it again; or serve the copy: nomos serve --db ${report.target}`,
      );
    });
}
