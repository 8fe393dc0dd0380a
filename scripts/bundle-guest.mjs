// After tsc: writes the guest runtime's bundle beside the built sandbox (dist/sandbox/guest-runtime.js),
// so that the built Nomos never starts esbuild; scripts/bundle-cli.mjs copies it beside the bundled CLI. Usage: node scripts/bundle-guest.mjs [outDir]
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const out = resolve(process.argv[2] ?? "dist");
const { bundleGuest } = await import(pathToFileURL(resolve(out, "sandbox", "guest-source.js")).href);
writeFileSync(resolve(out, "sandbox", "guest-runtime.js"), bundleGuest());
