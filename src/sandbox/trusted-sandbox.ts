/**
 * FOR BENCHMARKS ONLY: runs the guest runtime and rule code directly in Node, on the
 * calling thread, with no limits and no protection, to measure what the QuickJS sandbox
 * costs. Never use it for a game: rule code is untrusted.
 */
import { createContext, runInContext } from "node:vm";
import { answerCalendar } from "./calendar.js";
import { reusableCode } from "./reusable-code.js";
import { changesRulesByCode } from "./rule-changing-code.js";
import { compiledOnHost } from "./strip-rule-code.js";
import { guestSource } from "./guest-source.js";
import type { BootSnapshot, GuestQuery, GuestQueryResult, GuestRequest, GuestResult } from "../kernel/guest-protocol.js";
import type { Sandbox } from "../kernel/sandbox.js";

interface GuestApi {
  boot(s: string): string;
  handle(s: string): string;
  query(s: string): string;
  dump(): string;
}

export async function createTrustedSandbox(): Promise<Sandbox> {
  const context = createContext({
    __nomosHost: { running: () => {}, calendar: answerCalendar, reusable: reusableCode, changes: changesRulesByCode, compile: compiledOnHost },
  });
  const api = runInContext(guestSource(), context) as GuestApi;
  return {
    alive: true,
    boot: async (snapshot: BootSnapshot) => JSON.parse(api.boot(JSON.stringify(snapshot))) as { failed: Record<string, string> },
    handle: async (request: GuestRequest) => JSON.parse(api.handle(JSON.stringify(request))) as GuestResult,
    query: async (request: GuestQuery) => JSON.parse(api.query(JSON.stringify(request))) as GuestQueryResult,
    dump: async () => JSON.parse(api.dump()),
    dispose: () => {},
  };
}
