/** Finds files shipped in the package (guest runtime, presets), from src/ (tsx) or dist/ (built). */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the Nomos package root (no package.json above ${fileURLToPath(import.meta.url)})`);
    dir = parent;
  }
  return dir;
}

export const packageRoot = findRoot();

export function packagePath(...parts: string[]): string {
  return join(packageRoot, ...parts);
}
