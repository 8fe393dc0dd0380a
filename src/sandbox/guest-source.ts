/**
 * The guest runtime's source: src/guest/ bundled by esbuild into one script. The script's
 * completion value is the runtime's API, so nothing of the engine needs to stay on the
 * sandbox's global object. A build writes the bundle beside this module (scripts/bundle-guest.mjs
 * beside the per-file build, and scripts/bundle-cli.mjs beside the bundled CLI, which holds this
 * module), so a built Nomos never starts esbuild; run from source (tsx), the runtime is bundled
 * once per process from the current source.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { packagePath } from "./package-root.js";

const prebuilt = new URL("./guest-runtime.js", import.meta.url);
let cached: string | undefined;

export function guestSource(): string {
  cached ??= import.meta.url.endsWith(".js") && existsSync(prebuilt) ? readFileSync(prebuilt, "utf8") : bundleGuest();
  return cached;
}

export function bundleGuest(): string {
  const { buildSync } = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
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
  return `(function () {\n${script}\nreturn guest.default;\n})()`;
}
