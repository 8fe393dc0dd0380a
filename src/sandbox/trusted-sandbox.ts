/**
 * FOR BENCHMARKS ONLY: runs the guest runtime and rule code directly in Node, with no
 * limits and no protection, to measure what the QuickJS sandbox costs. Never use it for
 * a game: rule code is untrusted.
 */
import { createContext, runInContext } from "node:vm";
import { guestSource } from "./guest-source.js";
import type { BootSnapshot, Culprit, GuestRequest, GuestResult } from "./protocol.js";
import type { Sandbox } from "./sandbox.js";

interface GuestApi {
  boot(s: string): string;
  handle(s: string): string;
  abort(): string;
  dump(): string;
}

export async function createTrustedSandbox(): Promise<Sandbox> {
  const context = createContext({});
  const api = runInContext(guestSource(), context) as GuestApi;
  return {
    boot: (snapshot: BootSnapshot) => JSON.parse(api.boot(JSON.stringify(snapshot))) as { failed: Record<string, string> },
    handle: (request: GuestRequest) => JSON.parse(api.handle(JSON.stringify(request))) as GuestResult,
    abort: () => JSON.parse(api.abort()) as Culprit | null,
    dump: () => JSON.parse(api.dump()),
    dispose: () => {},
  };
}
