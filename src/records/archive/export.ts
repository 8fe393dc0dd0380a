/** Writing a game file: everything comes from the store, whose log is the game. */
import type { Act, Json } from "../../kernel/types.js";
import type { GameStore } from "../../kernel/game-store.js";
import { actsChecksum, ArchiveError, archiveFormat, archiveVersion, type GameArchive } from "./format.js";

/**
 * The whole game as an archive: its info and every act. `extra` travels with it untouched
 * (a server's own settings for the game, such as its time zone), and must be JSON.
 */
export async function exportGame(store: GameStore, gameId: string, extra?: { [key: string]: Json }): Promise<GameArchive> {
  const info = await store.getGame(gameId);
  if (!info) throw new ArchiveError("no-game", `there is no game "${gameId}" in this store to export; list the games to see their ids`);
  // Through JSON, as the file will be: what is exported is what an import reads back.
  const acts = JSON.parse(JSON.stringify(await store.readActs(gameId))) as Act[];
  // The key order is the file's order: the header, then the acts.
  const archive: GameArchive = {
    format: archiveFormat,
    version: archiveVersion,
    exportedAt: Date.now(),
    game: { id: info.id, name: info.name, preset: info.preset, createdAt: info.createdAt, seed: info.seed },
    ...(extra !== undefined ? { extra: JSON.parse(JSON.stringify(extra)) as { [key: string]: Json } } : {}),
    checksum: actsChecksum(acts),
    acts,
  };
  return archive;
}
