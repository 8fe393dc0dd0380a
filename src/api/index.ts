/**
 * The API's contract: the shapes of every request and reply, as JSON Schemas (TypeBox)
 * with the static types derived from them. The server validates and serializes with these
 * schemas and describes them at /api/openapi.json; the web UI and the remote CLI import
 * the types (types only: nothing here runs in the page).
 */
import { Completions, Diagnostics, Post } from "./forum.js";
import {
  ActionInfo,
  Awaited,
  BoardMove,
  Decision,
  GamePage,
  GameSettings,
  GameView,
  HistoryEntry,
  PageView,
  Permissions,
  PracticeClock,
  Player,
  RecordConvention,
  Rule,
  StateDisplay,
  RulesReply,
  StateView,
} from "./game.js";
import { ErrorBody } from "./errors.js";
import { Channel, Message } from "./messages.js";
import { ActReply, DryRunReply, Effect, Input, LogEntry, LogPage } from "./log.js";
import { GameSummary, Preset, RulesetPreview } from "./lobby.js";
import { CorrectionReply, GameArchiveSchema, ImportReply, RecordDocumentSchema } from "./records.js";
import { Session, SessionInfo, User } from "./accounts.js";
import { GameNotificationSettings, NotificationSettings } from "./notifications.js";

export * from "./accounts.js";
export * from "./clock.js";
export * from "./errors.js";
export * from "./forum.js";
export * from "./game.js";
export * from "./health.js";
export * from "./lobby.js";
export * from "./log.js";
export * from "./membership.js";
export * from "./messages.js";
export * from "./notifications.js";
export * from "./push.js";
export * from "./records.js";
export type { Json } from "./shared.js";
export { JsonValue, Nullable, ref } from "./shared.js";

/** Every schema referenced by id: the server registers each once (in an order where each follows what it refers to). */
export const sharedSchemas = [
  ErrorBody,
  User,
  Session,
  SessionInfo,
  NotificationSettings,
  GameNotificationSettings,
  Preset,
  GameSummary,
  RulesetPreview,
  HistoryEntry,
  Permissions,
  Rule,
  Player,
  RecordConvention,
  StateDisplay,
  StateView,
  GameView,
  PageView,
  ActionInfo,
  Awaited,
  BoardMove,
  Decision,
  PracticeClock,
  GamePage,
  RulesReply,
  GameSettings,
  Effect,
  Input,
  LogEntry,
  LogPage,
  ActReply,
  DryRunReply,
  RecordDocumentSchema,
  CorrectionReply,
  GameArchiveSchema,
  ImportReply,
  Post,
  Channel,
  Message,
  Diagnostics,
  Completions,
];
