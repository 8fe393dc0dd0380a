// Bundles the web UI (src/web) into dist/web: index.html, the service worker (sw.js), and under assets/ the app's script,
// the code editor's (loaded only when a player opens it), the styles and their source maps.
// Every asset's name carries a hash of its content, so the server may tell browsers to keep it
// for good (src/server/web-files.ts); only index.html, which names them, is asked for anew.
// Each file is also written compressed (.br, .gz) once here, rather than on every request.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { build } from "esbuild";

const out = join("dist", "web");
const assets = join(out, "assets");

// Last build's files go: their names change with their content, so nothing else would remove them.
rmSync(out, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });

const { metafile } = await build({
  entryPoints: { main: "src/web/main.tsx", styles: "src/web/styles.css" },
  bundle: true,
  // A dynamic import() becomes a file of its own, fetched when the page first needs it.
  splitting: true,
  format: "esm",
  target: "es2022",
  outdir: assets,
  entryNames: "[name]-[hash]",
  chunkNames: "[name]-[hash]",
  assetNames: "[name]-[hash]",
  minify: true,
  sourcemap: true,
  metafile: true,
  jsx: "automatic",
  jsxImportSource: "preact",
  logLevel: "warning",
});

// The service worker (push notifications) at the site's root, so that its scope is the whole
// site; under a name that never changes, since a page registers it by that name.
await build({
  entryPoints: ["src/web/worker/service-worker.ts"],
  bundle: true,
  format: "iife",
  target: "es2022",
  outfile: join(out, "sw.js"),
  minify: true,
  logLevel: "warning",
});

/** The URL of the file built from an entry point, and of the chunks it imports (which the page may fetch at once, beside it). */
function built(entry) {
  const [file, output] = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === entry) ?? [];
  if (!file) throw new Error(`esbuild wrote nothing for ${entry}`);
  const url = (f) => `/assets/${basename(f)}`;
  return { url: url(file), imports: output.imports.filter((i) => i.kind === "import-statement").map((i) => url(i.path)) };
}

const script = built("src/web/main.tsx");
const styles = built("src/web/styles.css");
let page = readFileSync("src/web/index.html", "utf8");
for (const [name, url] of [
  ['href="/styles.css"', `href="${styles.url}"`],
  ['src="/main.js"', `src="${script.url}"`],
]) {
  if (!page.includes(name)) throw new Error(`src/web/index.html no longer says ${name}: update scripts/build-web.mjs`);
  page = page.replace(name, url);
}
const preloads = script.imports.map((url) => `  <link rel="modulepreload" href="${url}">\n`).join("");
page = page.replace("</head>", `${preloads}</head>`);
writeFileSync(join(out, "index.html"), page);
// The site's icon, under the name every page links to (browsers that ask for /favicon.ico are sent to it).
copyFileSync("src/web/favicon.svg", join(out, "favicon.svg"));

// Compressed once, as hard as the formats go for what pages load (the server only reads these
// files); source maps, which only a browser's developer tools fetch, at a brotli quality that
// takes a tenth of the time (11 would take most of the build's seconds on them).
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const files = [join(out, "index.html"), join(out, "sw.js"), join(out, "favicon.svg"), ...readdirSync(assets).map((f) => join(assets, f))];
await Promise.all(
  files.map(async (file) => {
    const body = readFileSync(file);
    const quality = file.endsWith(".map") ? 5 : constants.BROTLI_MAX_QUALITY;
    const params = { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
    writeFileSync(`${file}.br`, await brotli(body, { params }));
    writeFileSync(`${file}.gz`, await gzipped(body, { level: constants.Z_BEST_COMPRESSION }));
  }),
);
