/**
 * A whole game as one JSON file, so that it can move between servers, be archived and be
 * replayed. The log is the game (state is the fold of the log), so the file is the game's
 * info and its acts: the rules and their code are inside them (the create act enacts the
 * initial rules, later acts amend them). The log holds no message's text: the file carries
 * the texts that stand beside it (version 2).
 */
import { createHash } from "node:crypto";
import type { Act, GameInfo, Json } from "../../kernel/types.js";

export const archiveFormat = "nomos-game";
/** 2: with the game's messages, which the checksum covers. A file of version 1 has none. */
export const archiveVersion = 2;

/**
 * A message of the game as its file keeps it (the server's messages table): its text only
 * while it stands, never a deleted or redacted one's, which stays gone.
 */
export interface ArchivedMessage {
  id: number;
  channel: string;
  /** The author's person id in the game. */
  author: string;
  text: string | null;
  at: number;
  editedAt: number | null;
  deleted: boolean;
  redacted: { by: string; reason: string } | null;
}

export interface GameArchive {
  format: typeof archiveFormat;
  /** The version of the format it was written in; an archive read from a file of version 1 says so. */
  version: 1 | typeof archiveVersion;
  /** When the file was written, in ms since 1970 UTC. */
  exportedAt: number;
  game: GameInfo;
  /** Whatever the exporter passed along (a server's settings, such as the time zone); Nomos does not read it. */
  extra?: { [key: string]: Json };
  /** "sha256:" and the hex digest of the acts' canonical JSON, with the messages' if any ({@link archiveChecksum}): a damaged file is detected. */
  checksum?: string;
  acts: Act[];
  /** Every message of the game, numbered, oldest first; absent from a file made without them. */
  messages?: ArchivedMessage[];
}

export type ArchiveErrorCode = "not-json" | "not-an-archive" | "newer" | "invalid" | "damaged" | "unfoldable" | "id-taken" | "no-game";

/** A file that cannot be imported, or a game that cannot be exported; the message says what is wrong and what to do. */
export class ArchiveError extends Error {
  constructor(
    readonly code: ArchiveErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ArchiveError";
  }
}

/** JSON with object keys sorted and no spaces: the same value always gives the same text, whoever wrote it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The file's checksum: of its acts alone (as version 1 had it), or of its acts and messages together. */
export function archiveChecksum(acts: readonly Act[], messages?: unknown): string {
  return `sha256:${createHash("sha256")
    .update(canonicalJson(messages === undefined ? acts : { acts, messages }))
    .digest("hex")}`;
}

/**
 * The file's text: the header indented, then one act per line and one message per line, so
 * that two exports of a game diff act by act. Parsing it gives back the archive exactly.
 */
export function serializeArchive(archive: GameArchive): string {
  const { acts, messages, ...header } = archive;
  const head = JSON.stringify(header, null, 2).slice(0, -2); // without the closing "\n}"
  const list = (name: string, items: readonly unknown[]) => `  "${name}": [\n${items.map((item) => `    ${JSON.stringify(item)}`).join(",\n")}\n  ]`;
  return `${head},\n${list("acts", acts)}${messages ? `,\n${list("messages", messages)}` : ""}\n}\n`;
}
