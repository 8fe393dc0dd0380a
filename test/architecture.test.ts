/**
 * The house's one-way dependencies, read from the source: the kernel imports nothing of
 * Nomos above it (it owns the contracts for its store, sandbox and compiler and is handed
 * their implementations by src/engine.ts), and the guest runtime, which runs inside the
 * sandbox, imports only the kernel's pure modules.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { test } from "node:test";

const src = resolve(import.meta.dirname, "..", "src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sources(path) : /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every module a file imports (static and dynamic), resolved to a path under src/ where relative. */
function imports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)["']([^"']+)["']/gm)].map((m) => m[1]!);
  return specs.map((s) => (s.startsWith(".") ? relative(src, resolve(file, "..", s)) : s));
}

test("the kernel imports nothing of Nomos above it", () => {
  const offending = sources(join(src, "kernel")).flatMap((file) =>
    imports(file)
      .filter((i) => !i.startsWith("node:") && i !== "ajv" && !i.startsWith("kernel/"))
      .map((i) => `${relative(src, file)} imports ${i}`),
  );
  assert.deepEqual(offending, []);
});

test("the guest runtime imports only itself and the kernel's contracts and pure modules", () => {
  const offending = sources(join(src, "guest")).flatMap((file) =>
    imports(file)
      .filter((i) => !i.startsWith("guest/") && !i.startsWith("kernel/"))
      .map((i) => `${relative(src, file)} imports ${i}`),
  );
  assert.deepEqual(offending, []);
});

/** The package a bare specifier names: "@scope/name/sub" -> "@scope/name", "name/sub" -> "name". */
function packageOf(spec: string): string {
  const parts = spec.split("/");
  return spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

test("every package the server and CLI load at run time is a dependency, not a dev one", () => {
  // The image (Dockerfile) and `npm ci --omit=dev` install `dependencies` only; the web bundle
  // (src/web) is built ahead, so its packages may be dev ones. Type-only imports vanish.
  const pkg = JSON.parse(readFileSync(resolve(src, "..", "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const runtime = /^(?:import|export)\s+(?!type\b)[^;]*?from\s+["']([^"'.][^"']*)["']|import\s*\(\s*["']([^"'.][^"']*)["']\s*\)/gm;
  const missing = sources(src)
    .filter((file) => !relative(src, file).startsWith("web/"))
    .flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(runtime)]
        .map((m) => (m[1] ?? m[2])!)
        .filter((spec) => !spec.startsWith("node:") && !(packageOf(spec) in pkg.dependencies))
        .map((spec) => `${relative(src, file)} loads ${spec}`),
    );
  assert.deepEqual(missing, []);
});
