/**
 * The CLI built as `npm run build` lays it out (dist/ beside src/), once for a whole test run.
 * Tests run the CLI as a user does, a process per command: started under tsx, each spent about
 * a second of CPU loading TypeScript (its modules, the guest's bundle, the workers' stripping)
 * before doing anything, over a third of the suite's CPU; built, about 0.3 s. The sources are
 * transpiled by esbuild (as tsx does, so the code run is the code the other tests run) into a
 * folder named by a hash of src/, and the CLI is bundled as the build bundles it
 * (scripts/bundle-cli.mjs): every test file of a run shares it, and a changed source is never
 * run stale. Type errors are the typecheck's to find, not this build's.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");
const builds = join(root, ".tmp", "test-cli");
const web = join(src, "web") + sep;

function sources(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : [join(dir, e.name)]))
    .filter((f) => f.endsWith(".ts"))
    .sort();
}

let built: string | null = null;

/**
 * Node's arguments for a CLI command. Each command asks V8 for its baseline compiler alone
 * (compileQuickJsForShortRuns); Node 24's V8 ignores flags set at run time, so there the tests
 * give it on the command line: a command then costs what it costs on Node 20 and 22 (a quarter
 * less CPU), and acts the same. Not for `nomos serve`, which keeps the optimizing compiler.
 */
export const cliNodeArgs: readonly string[] = Number(process.versions.node.split(".")[0]) >= 24 ? ["--liftoff-only"] : [];

/** The built CLI's entry, dist/cli/main.js, building it first if this run has not. */
export function builtCli(): string {
  built ??= build();
  return built;
}

function build(): string {
  const files = sources();
  const hash = createHash("sha256");
  // The guest's bundle and the rules read from src/ count too: all of src/ names the build, and
  // the locked dependencies, which the guest's bundle may take in.
  for (const f of [
    ...files,
    join(root, "package-lock.json"),
    join(root, "scripts", "bundle-guest.mjs"),
    join(root, "scripts", "bundle-cli.mjs"),
    import.meta.filename,
  ]) {
    hash.update(relative(root, f)).update("\0").update(readFileSync(f)).update("\0");
  }
  const name = hash.digest("hex").slice(0, 16);
  const home = join(builds, name);
  const entry = join(home, "dist", "cli", "main.js");
  if (existsSync(entry)) return entry;

  // Built beside, then renamed into place: test files building at once never see half a build.
  const temp = join(builds, `${name}.${process.pid}.${Date.now()}`);
  mkdirSync(temp, { recursive: true });
  writeFileSync(join(temp, "package.json"), JSON.stringify({ type: "module" }));
  // Files shipped in the package (the rules' sources, presets) are found from the package root: here.
  symlinkSync(src, join(temp, "src"));
  buildSync({
    // Every file but the web page's, though dist/ needs only what tsconfig.json builds: the rest
    // (the guest, rules' sources) is never loaded from here, and a second list of it would drift.
    entryPoints: files.filter((f) => !f.startsWith(web)),
    outdir: join(temp, "dist"),
    outbase: src,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "error",
  });
  // The web UI as `npm test` built it before the tests (scripts/build-web.mjs), for `nomos serve` to serve.
  symlinkSync(join(root, "dist", "web"), join(temp, "dist", "web"));
  return finish(temp, home, entry);
}

function finish(temp: string, home: string, entry: string): string {
  // As after tsc in `npm run build`: the guest runtime's bundle beside the built sandbox, then the CLI's bundle.
  for (const script of ["bundle-guest.mjs", "bundle-cli.mjs"])
    execFileSync(process.execPath, [join(root, "scripts", script), join(temp, "dist")], { stdio: "inherit" });
  try {
    renameSync(temp, home);
  } catch {
    // Another test file finished the same build first.
    rmSync(temp, { recursive: true, force: true });
  }
  prune(home);
  return entry;
}

/** Builds of sources gone for an hour: a run that changed src/ left them. */
function prune(keep: string): void {
  for (const other of readdirSync(builds)) {
    const path = join(builds, other);
    // Another test file may be renaming or removing its own meanwhile.
    const age = Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (path !== keep && age > 3_600_000) rmSync(path, { recursive: true, force: true });
  }
}
