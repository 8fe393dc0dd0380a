/**
 * The records: the published ruleset, the officers' reports, corrections, and a whole game
 * as a file. The documents are made in src/records; their schemas here name the fields
 * every one of them has and keep the rest (open objects), since each kind has its own.
 */
import { Type, type Static } from "@sinclair/typebox";
import type { RecordDocument } from "../records/documents.js";
import type { GameArchive } from "../records/archive/format.js";
import type { ProposalReport } from "../records/reports/proposals.js";
import type { Scoreboard } from "../records/reports/scoreboard.js";
import type { CourtReport } from "../records/reports/court.js";
import type { RulesetDocument } from "../records/publish/ruleset.js";
import { LogEntry } from "./log.js";
import { JsonValue, Open, ref } from "./shared.js";

export type { RecordDocument, RulesetDocument, ProposalReport, Scoreboard, CourtReport, GameArchive };

const formats = ["text", "markdown", "json"] as const;

export const MomentQuery = Type.Object(
  {
    format: Type.Optional(
      Type.Union(
        formats.map((f) => Type.Literal(f)),
        { default: "json" },
      ),
    ),
    seq: Type.Optional(Type.Integer({ minimum: 1, description: "As it stood after this act" })),
    time: Type.Optional(Type.String({ maxLength: 40, description: "As it stood at this time (ISO 8601)" })),
    download: Type.Optional(Type.Boolean({ default: false, description: "Send it as a file to save" })),
  },
  { additionalProperties: false },
);
export type MomentQuery = Static<typeof MomentQuery>;

export const RulesetQuery = Type.Object({ ...MomentQuery.properties, full: Type.Optional(Type.Boolean({ default: false })) }, { additionalProperties: false });

export const RecordDocumentSchema = Type.Unsafe<RecordDocument>(
  Type.Object(
    {
      game: Type.String(),
      seq: Type.Integer({ description: "The act the record stands at" }),
      format: Type.Optional(Type.String({ description: "A ruleset's format (nomos.ruleset/1)" })),
      report: Type.Optional(Type.String({ description: "A report's kind: proposals, scoreboard or court" })),
    },
    {
      ...Open,
      $id: "RecordDocument",
      title: "RecordDocument",
      description: "A ruleset document or an officer's report, as JSON (see src/records for each kind's fields)",
    },
  ),
);

/** A record in the format asked for: JSON, or text for people (plain or Markdown). */
export const recordContent = {
  description: "The record, in the format asked for",
  content: {
    "application/json": { schema: ref(RecordDocumentSchema) },
    "text/plain": { schema: Type.String() },
    "text/markdown": { schema: Type.String() },
  },
};

export const CorrectionRequest = Type.Object(
  {
    cites: Type.Object(
      { rule: Type.Optional(Type.Integer()), ruling: Type.Optional(Type.String({ maxLength: 200 })) },
      { additionalProperties: false, description: 'What the correction rests on: a rule, a ruling (such as "case 2"), or both' },
    ),
    reason: Type.String({
      minLength: 1,
      maxLength: 5000,
      description: "Why, in words every player reads (the values set reach only those who may see them: do not repeat a secret value here)",
    }),
    changes: Type.Array(
      Type.Union([
        Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 120 }),
            player: Type.Optional(Type.String({ maxLength: 120 })),
            key: Type.Optional(Type.String({ maxLength: 120 })),
            value: JsonValue,
          },
          { additionalProperties: false, description: "A value to set" },
        ),
        Type.Object(
          { rule: Type.Integer(), inEffect: Type.Boolean(), reason: Type.Optional(Type.String({ maxLength: 2000 })) },
          { additionalProperties: false, description: "A rule ruled void (inEffect false) or restored: it stands until another correction changes it" },
        ),
        Type.Object(
          { player: Type.String({ maxLength: 120 }), remove: Type.Literal(true), reason: Type.Optional(Type.String({ maxLength: 1000 })) },
          { additionalProperties: false, description: "A player's status: no longer a player" },
        ),
        Type.Object(
          { winners: Type.Array(Type.String({ maxLength: 120 }), { maxItems: 100 }) },
          { additionalProperties: false, description: "The game's winners: the game ends (cite the rule by which they win)" },
        ),
      ]),
      { minItems: 1, maxItems: 100 },
    ),
    asHost: Type.Optional(Type.Boolean({ description: "Record it as the game's host (its creator only) rather than as your player" })),
  },
  { additionalProperties: false },
);
export type CorrectionRequest = Static<typeof CorrectionRequest>;

export const CorrectionReply = Type.Object({ seq: Type.Integer(), entry: ref(LogEntry) }, { $id: "CorrectionReply", title: "CorrectionReply" });

export const GameArchiveSchema = Type.Unsafe<GameArchive>(
  Type.Object(
    {
      format: Type.Literal("nomos-game"),
      version: Type.Integer(),
      exportedAt: Type.Number(),
      game: Type.Object({}, Open),
      checksum: Type.Optional(Type.String()),
      acts: Type.Array(Type.Object({}, Open)),
      messages: Type.Optional(
        Type.Array(Type.Object({}, Open), {
          description: "The game's messages, numbered: the texts that stand (null where deleted or redacted); the checksum covers them",
        }),
      ),
    },
    { ...Open, $id: "GameArchive", title: "GameArchive", description: "A whole game: its info, its log and its messages, with a checksum" },
  ),
);

export const ImportRequest = Type.Object(
  {
    archive: Type.Object({}, { ...Open, description: "The file GET .../export wrote" }),
    as: Type.String({ maxLength: 120, description: "Your player in the game (its id)" }),
  },
  { additionalProperties: false },
);

export const ImportReply = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    me: Type.String(),
    invite: Type.String(),
    acts: Type.Integer(),
  },
  { $id: "ImportedGame", title: "ImportedGame" },
);
