/**
 * Starts a worker thread whose entry file sits next to the calling module: its .js in the
 * build, or its .ts source when the engine runs under tsx (tests, benchmarks). tsx's hooks
 * do not reach worker threads on Node 20, and loading any TypeScript stripper in each
 * worker costs ~200 ms; so for a source worker the main thread strips the worker's own
 * modules once per process (sucrase, to CommonJS) and hands their code to a small loader.
 * Worker entries must therefore avoid top-level await.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";
import { createRequire } from "node:module";

const boots = new Map<string, string>();

export function startWorker(base: string, name: string, options: WorkerOptions): Worker {
  if (!base.endsWith(".ts")) return new Worker(new URL(`./${name}.js`, base), options);
  const entry = fileURLToPath(new URL(`./${name}.ts`, base));
  let boot = boots.get(entry);
  if (!boot) boots.set(entry, (boot = bootCode(entry)));
  return new Worker(boot, { ...options, eval: true });
}

/** A CommonJS script that loads `entry` and the project modules it imports from code stripped here. */
function bootCode(entry: string): string {
  const sources = strippedGraph(entry);
  return `"use strict";
const Module = require("node:module");
const sources = ${JSON.stringify(sources)};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (parent && sources[parent.filename] !== undefined && request.startsWith(".") && request.endsWith(".js")) {
    const ts = require("node:path").resolve(require("node:path").dirname(parent.filename), request.slice(0, -3) + ".ts");
    if (sources[ts] !== undefined) return ts;
  }
  return resolve.call(this, request, parent, ...rest);
};
Module._extensions[".ts"] = (module, filename) => {
  if (sources[filename] === undefined) throw new Error("the worker cannot load " + filename + " (not stripped by its host)");
  module._compile(sources[filename], filename);
};
require(${JSON.stringify(entry)});`;
}

/** The entry and every .ts module it reaches through relative imports, stripped to CommonJS. */
function strippedGraph(entry: string): Record<string, string> {
  // Loaded only here: a built Nomos never strips TypeScript.
  const { transform } = createRequire(import.meta.url)("sucrase") as typeof import("sucrase");
  const out: Record<string, string> = {};
  const todo = [entry];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (out[file] !== undefined) continue;
    const source = readFileSync(file, "utf8");
    for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*["'](\.\.?\/[^"']+)\.js["']/g)) todo.push(resolve(dirname(file), `${spec}.ts`));
    const code = source.replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(file).href));
    out[file] = transform(code, { transforms: ["typescript", "imports"], filePath: file }).code;
  }
  return out;
}
