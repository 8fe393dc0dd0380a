/**
 * The shapes the API sends, as the page reads them: the contract's types (src/api), the
 * same the server validates its replies against. Types only: nothing of src/api runs here.
 */
import type * as api from "../api/index.js";

export type Json = api.Json;
export type User = api.User;
export type Session = api.Session;
export type GameSummary = api.GameSummary;
export type HistoryEntry = api.HistoryEntry;
export type Rule = api.Rule;
export type Permissions = api.Permissions;
export type StateView = api.StateView;
export type Player = api.Player;
export type GameView = api.GameView;
export type PageView = api.PageView;
export type ActionInfo = api.ActionInfo;
export type GamePage = api.GamePage;
export type Awaited = api.Awaited;
export type BoardMove = api.BoardMove;
export type Decision = api.Decision;
export type Post = api.Post;
export type Channel = api.Channel;
export type Message = api.Message;
export type InviteAbout = api.InviteAbout;
export type Notice = api.Notice;
export type SessionInfo = api.SessionInfo;
export type NotificationSettings = api.NotificationSettings;
export type GameNotificationSettings = api.GameNotificationSettings;
export type PushSetup = api.PushSetup;
export type WeeklyReportsSchedule = api.WeeklyReportsSchedule;
/** The JSON Schema of an action's input, from which the page draws its form. */
export type Schema = api.InputSchema;

/**
 * The page reads effects and inputs field by field, whatever their kind (rules add their
 * own events), so it takes the contract's log entry with their fields left open.
 */
export type Effect = { e: string; [key: string]: any };
export type LogEntry = Omit<api.LogEntry, "input" | "effects"> & { input: { kind: string; [key: string]: any }; effects: Effect[] };
