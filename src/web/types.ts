/** The shapes the API sends (see /api/openapi.json). */
import type { RecordConvention } from "../kernel/types.js";
import type { Permissions } from "../present/permissions.js";

export type { Permissions };
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface User { id: string; username: string; displayName: string; timeZone: string | null }
export interface Session { user: User | null; csrf: string | null }

export interface GameSummary { id: string; name: string; preset: string | null; status: string; players: { id: string; name: string }[]; me: string | null; timeZone: string; createdAt: number; invite?: string }

/** `at` is null, and `published` set, for history an imported ruleset states from before the game. */
export interface HistoryEntry { change: string; at: number | null; seq: number; revision: number; cause: string; detail?: Json; published?: string }
export interface Rule { number: number; title: string | null; text: string; mutable: boolean; revision: number; code: { source: string } | null; permissions?: Permissions; history: HistoryEntry[]; props: Record<string, Json> }
export interface StateView { name: string; scope: "game" | "player"; describe: string | null; rule: number; record?: RecordConvention; value?: Json; values?: Record<string, Json> }
export interface Player { id: string; name: string; joinedAt: number }
export interface GameView { name: string; preset: string | null; seq: number; time: number; status: "active" | "over"; result: { winners?: string[]; reason?: string } | null; viewer: string | null; players: Player[]; rules: Rule[]; state: StateView[]; failures: { rule: number; error: string; seq: number }[] }
export type PageView = Omit<GameView, "rules">;
export interface ActionInfo { name: string; describe: string; input: Schema; changesRules: boolean; rule: number }
/** A player's page of a game; its rules come apart, from GET .../rules, when rulesVersion changes. */
export interface GamePage { id: string; rulesVersion: number; timeZone: string; invite: string | null; owner: string | null; me: string; view: PageView; actions: ActionInfo[]; timers: { id: string; name: string; at: number; rule: number }[] }

export interface Schema {
  type?: string | string[];
  format?: string;
  enum?: Json[];
  const?: Json;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  discriminator?: { propertyName: string };
  minimum?: number;
  maximum?: number;
  default?: Json;
}

export type Effect = { e: string; [key: string]: any };
export interface LogEntry { seq: number; time: number; input: { kind: string; [key: string]: any }; effects: Effect[] }
export interface Post { id: number; author: { id: string; displayName: string }; body: string; createdAt: number }
