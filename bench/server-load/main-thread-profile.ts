/**
 * Where a process's main thread spends its time, from V8's sampling profiler (one stack
 * every millisecond). The main thread's work for one request interleaves with every other
 * request's at each await, so timers around calls cannot split it; a stack sample says
 * whose code was running. Each sample goes to the first frame, from the innermost out, in
 * code that says which part it is (below); library and Node frames only say "HTTP" when no
 * frame of Nomos or of the bench is on the stack.
 *
 * V8 takes a sample when the thread runs its signal: a thread kept off the CPU (on a busy
 * machine, often just after waking a worker or the client) gives one late sample, whose
 * whole gap would count as that spot's work. So no sample counts for more than one interval.
 * Work outside JS while the loop is between polls (Node's C++ reading sockets and messages)
 * is sampled as idle: time-shares.ts counts it from the thread's CPU time.
 */
import { Session } from "node:inspector/promises";

export const parts = ["quickjs", "sqlite", "engine", "http", "bench", "gc", "other"] as const;
export type Part = (typeof parts)[number];
export type PartTimes = Record<Part, number>;

/** Nomos's own files, by the part they are: the store's SQLite calls, the sandbox's host side, the web layer. */
function partOfSource(path: string): Part | undefined {
  if (path.includes("/bench/")) return "bench";
  const src = /\/src\/(.*)$/.exec(path)?.[1];
  if (src === undefined) return undefined;
  if (src === "store/sqlite-driver.ts" || src === "store/wal-sync.ts") return "sqlite";
  if (src.startsWith("sandbox/")) return "quickjs";
  // The hub, the page builder and the page cache are what the in-process run drives too.
  if (src === "server/hub.ts" || src === "server/views.ts" || src === "server/page-cache.ts") return "engine";
  if (src.startsWith("server/") || src.startsWith("api/")) return "http";
  return "engine";
}

/** Node's and the libraries' frames, when nothing of Nomos is on the stack: most libraries are the web layer's. */
function partOfLibrary(url: string): Part | undefined {
  const library = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (library === "better-sqlite3") return "sqlite";
  if (library?.startsWith("quickjs-emscripten") || library?.startsWith("@jitl/")) return "quickjs";
  if (library === "tsx" || library === "sucrase" || library === "typescript" || library === "esbuild") return "other";
  if (library !== undefined) return "http";
  if (/^node:(_http_|net$|internal\/(http|streams|stream_base_commons|child_process|url))/.test(url)) return "http";
  return undefined;
}

const intervalUs = 1000;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export class MainThreadProfile {
  private constructor(private readonly session: Session) {}

  /** Starts sampling (early: starting costs a pause while V8 records the code already compiled). */
  static async start(): Promise<MainThreadProfile> {
    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: intervalUs });
    await session.post("Profiler.start");
    return new MainThreadProfile(session);
  }

  /** Stops sampling; the time of the busy samples taken between `sinceUs` and `untilUs` (process.hrtime, µs), ms by part. */
  async stop(sinceUs: number, untilUs: number): Promise<PartTimes> {
    const { profile } = (await this.session.post("Profiler.stop")) as unknown as { profile: Profile };
    this.session.disconnect();
    return partTimes(profile, sinceUs, untilUs);
  }
}

/** Busy time by part (idle samples left out), ms. */
function partTimes(profile: Profile, sinceUs: number, untilUs: number): PartTimes {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const memo = new Map<number, Part | "idle">();
  const partOf = (id: number): Part | "idle" => {
    const known = memo.get(id);
    if (known) return known;
    const name = byId.get(id)!.callFrame.functionName;
    let part: Part | "idle" | undefined =
      name === "(idle)" ? "idle" : name === "(garbage collector)" ? "gc" : name === "(program)" || name === "(root)" ? "other" : undefined;
    let library: Part | undefined;
    for (let at: number | undefined = id; part === undefined && at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)!.callFrame.url;
      part = partOfSource(url);
      library ??= partOfLibrary(url);
    }
    part ??= library ?? "other";
    memo.set(id, part);
    return part;
  };
  const times: PartTimes = { quickjs: 0, sqlite: 0, engine: 0, http: 0, bench: 0, gc: 0, other: 0 };
  // BENCH_DEBUG: the functions each part's time was in, to check how samples are sorted.
  const debug = process.env.BENCH_DEBUG ? new Map<string, number>() : undefined;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < sinceUs || at > untilUs) continue;
    const part = partOf(profile.samples[i]!);
    if (part === "idle") continue;
    const delta = Math.min(profile.timeDeltas[i] ?? 0, intervalUs);
    times[part] += delta / 1000;
    if (debug) {
      const { functionName, url } = byId.get(profile.samples[i]!)!.callFrame;
      const key = `${part} ${functionName || "(anonymous)"} ${url.replace(/^.*\/(src|bench|node_modules)\//, "$1/")}`;
      debug.set(key, (debug.get(key) ?? 0) + delta / 1000);
    }
  }
  if (debug) {
    const top = [...debug].sort((a, b) => b[1] - a[1]).slice(0, 40);
    console.error(`main thread, most sampled functions (ms):\n${top.map(([k, ms]) => `  ${ms.toFixed(0).padStart(6)} ${k}`).join("\n")}`);
  }
  return times;
}
