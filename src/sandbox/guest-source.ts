/**
 * The guest runtime's source: src/guest/ bundled by esbuild into one script, once per
 * process. The script's completion value is the runtime's API, so nothing of the engine
 * needs to stay on the sandbox's global object.
 */
import { buildSync } from "esbuild";
import { packagePath } from "./package-root.js";

let cached: string | undefined;

export function guestSource(): string {
  if (cached === undefined) {
    const built = buildSync({
      entryPoints: [packagePath("src", "guest", "main.ts")],
      bundle: true,
      write: false,
      format: "iife",
      globalName: "guest",
      target: "es2022",
      platform: "neutral",
      logLevel: "silent",
    });
    const script = built.outputFiles[0]!.text;
    // Wrapped in a function so that `guest` is a local, and the script's value is the API.
    cached = `(function () {\n${script}\nreturn guest.default;\n})()`;
  }
  return cached;
}
