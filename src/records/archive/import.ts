/** Bringing a game file into a store: checked whole first, then written all or nothing. */
import type { GameInfo } from "../../kernel/types.js";
import type { GameStore } from "../../kernel/game-store.js";
import { checkArchive, validGameId } from "./check.js";
import { ArchiveError, type ArchivedMessage, type GameArchive } from "./format.js";

export interface ImportOptions {
  /** The id to keep the game under, when its own is taken here (or to give it a new one). */
  id?: string;
  /**
   * Writes the file's messages for the game imported as `gameId` (the server's messages table),
   * in the same transaction as the game. Needed when the file holds any.
   */
  messages?: (gameId: string, messages: ArchivedMessage[]) => void;
}

/**
 * Writes the archive's game and all its acts (and its messages, through `options.messages`)
 * into the store, in one step, with a snapshot of the state they fold to (so loading it
 * does not fold the whole log). Acts do not name
 * their game, and each act's seed derives from the game's seed, not its id: a game
 * imported under a new id plays on exactly as it would have under its own.
 */
export async function importGame(store: GameStore, archive: GameArchive, options: ImportOptions = {}): Promise<GameInfo> {
  // Checked again here: the archive may have been built or changed in code since parsing.
  const { archive: checked, state } = checkArchive(archive);
  const id = options.id ?? checked.game.id;
  if (!validGameId(id)) throw new ArchiveError("invalid", `the id ${JSON.stringify(id)} cannot name a game: use 1 to 100 letters, digits, "-", "_" or "."`);
  if (await store.getGame(id)) {
    throw new ArchiveError(
      "id-taken",
      `a game with the id "${id}" already exists in this store; nothing was imported. Import it under another id (the "id" option), such as "${id}-2"`,
    );
  }
  const info: GameInfo = { ...checked.game, id };
  const messages = checked.messages ?? [];
  const write = options.messages;
  if (messages.length > 0 && !write) throw new Error("this game file holds messages, and nothing was given to keep them: nothing was imported");
  try {
    const game = () => Promise.resolve(store.importGame(info, checked.acts, { seq: state.seq, state }));
    await (write && messages.length > 0 ? store.alongside(id, () => write(id, messages), game) : game());
  } catch (err) {
    // Another writer may have taken the id since the check; the store wrote nothing.
    if (await store.getGame(id))
      throw new ArchiveError(
        "id-taken",
        `a game with the id "${id}" already exists in this store; nothing was imported. Import it under another id (the "id" option)`,
      );
    throw err;
  }
  return info;
}
