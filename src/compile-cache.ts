/**
 * Node 22 and later can keep the code V8 compiled from a module on disk (in the system's
 * temporary folder) and reuse it in the next process: a twentieth of a CLI command's CPU, and
 * most of the time TypeScript takes to load (9 MB of JavaScript) in the type-checker's thread.
 * Each thread turns it on for itself. Node 20 has no such cache: this does nothing there.
 */
import * as nodeModule from "node:module";

export function keepCompiledCode(): void {
  (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
}
