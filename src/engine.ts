/**
 * The composition root: the kernel's contracts (a store, a sandbox, a rule compiler, a
 * scratch store for forks) wired to the implementations Nomos ships. Everything that
 * makes games (the server, the CLI, archives, benchmarks, tests) gets its options here,
 * so the kernel itself imports none of them.
 */
import type { EngineOptions } from "./kernel/game.js";
import type { GameStore } from "./kernel/game-store.js";
import { compileRuleCodeAsync } from "./sandbox/compile-rule.js";
import { createQuickJsSandbox } from "./sandbox/quickjs-sandbox.js";
import { MemoryStore } from "./store/memory-store.js";

/** Engine options over `store`: QuickJS sandboxes with the default limits unless `sandbox` is given. */
export function engineOptions(parts: { store: GameStore } & Partial<EngineOptions>): EngineOptions {
  return {
    sandbox: () => createQuickJsSandbox(),
    compile: compileRuleCodeAsync,
    scratchStore: (info, state) => MemoryStore.fromState(info, state),
    ...parts,
  };
}
