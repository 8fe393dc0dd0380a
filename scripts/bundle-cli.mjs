// After tsc and bundle-guest.mjs: bundles the command line (src/cli/main.ts, which also serves) and
// the worker threads it starts into dist/cli/: one file per entry and the chunks they share, the
// packages left to node_modules. A command then loads a few files instead of two hundred modules
// (Node loads each ES module separately: a third of a short command's CPU). Every bundled module's
// import.meta.url is dist/cli/, so the workers' entries and the guest's runtime are written there,
// where startWorker and guestSource look beside the module that asks.
// Usage: node scripts/bundle-cli.mjs [outDir]  (outDir's parent holds src/)
import { copyFileSync, existsSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { buildSync } from "esbuild";

const out = resolve(process.argv[2] ?? "dist");
const src = join(dirname(out), "src");
const cli = join(out, "cli");
// The bundle's entries replace the per-file build's main.js (the rest of that build stays whole,
// its modules importable); chunks of an earlier bundle go.
for (const file of existsSync(cli) ? readdirSync(cli) : []) if (file.startsWith("chunk-")) rmSync(join(cli, file));
buildSync({
  entryPoints: {
    main: join(src, "cli", "main.ts"),
    // Each worker thread's entry, by the name its starter gives startWorker (src/sandbox/worker-file.ts).
    "sandbox-worker": join(src, "sandbox", "sandbox-worker.ts"),
    "type-check-worker": join(src, "authoring", "type-check-worker.ts"),
    "checkpoint-worker": join(src, "store", "checkpoint-worker.ts"),
  },
  outdir: cli,
  bundle: true,
  splitting: true,
  chunkNames: "chunk-[hash]",
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  // As tsc writes them for the rest of dist/: stack traces point into src/ under --enable-source-maps.
  sourcemap: true,
  logLevel: "error",
});
copyFileSync(join(out, "sandbox", "guest-runtime.js"), join(cli, "guest-runtime.js"));
