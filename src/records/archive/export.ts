/** Writing a game file: everything comes from the store, whose log is the game. */
import type { Act, Json } from "../../kernel/types.js";
import type { GameStore } from "../../kernel/game-store.js";
import { archiveChecksum, ArchiveError, archiveFormat, archiveVersion, type ArchivedMessage, type GameArchive } from "./format.js";

/**
 * The whole game as an archive: its info and every act. `extra` travels with it untouched
 * (a server's own settings for the game, such as its time zone), and must be JSON.
 * `messages` reads the game's messages (where the text is kept beside the log: the server's
 * table), right after the acts: both must be of one moment.
 */
export async function exportGame(store: GameStore, gameId: string, extra?: { [key: string]: Json }, messages?: () => ArchivedMessage[]): Promise<GameArchive> {
  const info = await store.getGame(gameId);
  if (!info) throw new ArchiveError("no-game", `there is no game "${gameId}" in this store to export; list the games to see their ids`);
  let read = await store.readActs(gameId);
  let told = messages?.();
  // A message act written between the two reads would leave its text without its act: read again.
  for (let tries = 0; told && tries < 3 && (await store.lastSeq(gameId)) !== (read.at(-1)?.seq ?? 0); tries++) {
    read = await store.readActs(gameId);
    told = messages?.();
  }
  // Through JSON, as the file will be: what is exported is what an import reads back.
  const acts = JSON.parse(JSON.stringify(read)) as Act[];
  // A deleted or redacted text stays gone, whatever the reader handed over.
  const kept = told?.map((m) => ({ ...m, text: m.deleted || m.redacted ? null : m.text }));
  // The key order is the file's order: the header, then the acts, then the messages.
  const archive: GameArchive = {
    format: archiveFormat,
    version: archiveVersion,
    exportedAt: Date.now(),
    game: { id: info.id, name: info.name, preset: info.preset, createdAt: info.createdAt, seed: info.seed },
    ...(extra !== undefined ? { extra: JSON.parse(JSON.stringify(extra)) as { [key: string]: Json } } : {}),
    checksum: archiveChecksum(acts, kept),
    acts,
    ...(kept ? { messages: kept } : {}),
  };
  return archive;
}
