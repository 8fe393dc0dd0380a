/** What both runs set up alike: the players' accounts, one table per game, and the games begun. */
import type { Options } from "./options.js";
import type { Bench } from "./players.js";
import { Table } from "./table.js";
import type { Account } from "./transport.js";

/** Runs `work` on every item, at most `limit` at a time. */
export async function pool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Each game's players, named alike in both runs. */
export function tablesFor(o: Options): Table[] {
  return Array.from({ length: o.games }, (_, g) => {
    const accounts: Account[] = Array.from({ length: o.players }, (_, i) => ({
      username: `bench-g${g + 1}-p${i + 1}`,
      name: `Player${String(i + 1).padStart(2, "0")} G${g + 1}x${String.fromCharCode(97 + (i % 26))}`,
    }));
    return new Table(g, accounts);
  });
}

/** Begins every table's game and hands its first move to the schedule. */
export async function beginGames(bench: Bench): Promise<void> {
  await pool(bench.tables, 4, (t) => bench.newGame(t, null));
  for (const t of bench.tables) bench.scheduler.offer({ table: t, kind: "propose" });
  (globalThis as { gc?: () => void }).gc?.();
}
