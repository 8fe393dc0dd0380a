/** A whole game as one file: export, import, and the replay check. See format.ts for the file. */
export {
  archiveChecksum,
  ArchiveError,
  archiveFormat,
  archiveVersion,
  canonicalJson,
  serializeArchive,
  type ArchivedMessage,
  type ArchiveErrorCode,
  type GameArchive,
} from "./format.js";
export { checkArchive, parseArchive, validGameId } from "./check.js";
export { exportGame } from "./export.js";
export { importGame, type ImportOptions } from "./import.js";
export { verifyArchive, type ActDifference, type ReplayReport, type VerifyOptions } from "./verify.js";
