/**
 * A whole game as one JSON file, so that it can move between servers, be archived and be
 * replayed. The log is the game (state is the fold of the log), so the file is the game's
 * info and its acts: the rules and their code are inside them (the create act enacts the
 * initial rules, later acts amend them).
 */
import { createHash } from "node:crypto";
import type { Act, GameInfo, Json } from "../../kernel/types.js";

export const archiveFormat = "nomos-game";
export const archiveVersion = 1;

export interface GameArchive {
  format: typeof archiveFormat;
  version: typeof archiveVersion;
  /** When the file was written, in ms since 1970 UTC. */
  exportedAt: number;
  game: GameInfo;
  /** Whatever the exporter passed along (a server's settings, such as the time zone); Nomos does not read it. */
  extra?: { [key: string]: Json };
  /** "sha256:" and the hex digest of the acts' canonical JSON: a damaged file is detected. */
  checksum?: string;
  acts: Act[];
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

export function actsChecksum(acts: readonly Act[]): string {
  return `sha256:${createHash("sha256").update(canonicalJson(acts)).digest("hex")}`;
}

/**
 * The file's text: the header indented, then one act per line, so that two exports of a
 * game diff act by act. Parsing it gives back the archive exactly.
 */
export function serializeArchive(archive: GameArchive): string {
  const { acts, ...header } = archive;
  const head = JSON.stringify(header, null, 2).slice(0, -2); // without the closing "\n}"
  const lines = acts.map((act) => `    ${JSON.stringify(act)}`);
  return `${head},\n  "acts": [\n${lines.join(",\n")}\n  ]\n}\n`;
}
