/** The guest runtime's source, stripped of types once per process. */
import { readFileSync } from "node:fs";
import { transform } from "sucrase";
import { packagePath } from "./package-root.js";

let cached: string | undefined;

export function guestSource(): string {
  cached ??= transform(readFileSync(packagePath("src", "guest", "runtime.ts"), "utf8"), {
    transforms: ["typescript"],
    disableESTransforms: true,
  }).code;
  return cached;
}
