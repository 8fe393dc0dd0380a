// Bundles the web UI (src/web) into dist/web: one script, its styles and the page.
import { copyFileSync, mkdirSync } from "node:fs";
import { build } from "esbuild";

mkdirSync("dist/web", { recursive: true });
await build({
  entryPoints: ["src/web/main.tsx"],
  bundle: true,
  format: "esm",
  target: "es2022",
  outdir: "dist/web",
  minify: true,
  sourcemap: true,
  jsx: "automatic",
  jsxImportSource: "preact",
  logLevel: "warning",
});
copyFileSync("src/web/index.html", "dist/web/index.html");
copyFileSync("src/web/styles.css", "dist/web/styles.css");
