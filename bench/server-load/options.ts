/** The benchmark's options, from the command line or BENCH_<NAME> variables (see server-load.ts). */
import { parseArgs } from "node:util";
import type { Durability } from "./server.js";

export interface Options {
  quick: boolean;
  rate: number;
  reads: number;
  duration: number;
  warmup: number;
  games: number;
  players: number;
  durability: Durability;
  cpuProf: string | undefined;
  /** Count where the time goes (time-shares.ts). */
  shares: boolean;
  /** Which runs: over HTTP, in-process, or both (HTTP first). */
  runs: ("http" | "engine")[];
  /** Rates to run over HTTP one after another, each on a fresh server, in place of `rate` (sweep.ts). */
  sweep: number[] | undefined;
  /**
   * Where rule code runs: in QuickJS sandboxes as on every real server, or ("trusted") straight
   * in V8 on the main thread, with no limits: what the rest of the server costs without QuickJS.
   */
  rules: Rules;
}

export type Rules = "quickjs" | "trusted";

export function options(): Options {
  const { values } = parseArgs({
    options: {
      rate: { type: "string" },
      reads: { type: "string" },
      duration: { type: "string" },
      warmup: { type: "string" },
      games: { type: "string" },
      players: { type: "string" },
      durability: { type: "string" },
      "cpu-prof": { type: "string" },
      shares: { type: "string" },
      only: { type: "string" },
      sweep: { type: "string" },
      rules: { type: "string" },
      quick: { type: "boolean" },
    },
  });
  const quick = values.quick === true || (process.env.BENCH_QUICK ?? "") === "1";
  const pick = (name: keyof typeof values, env: string, full: number, smoke: number): number => {
    const given = (values[name] as string | undefined) ?? process.env[`BENCH_${env}`];
    const n = given === undefined ? (quick ? smoke : full) : Number(given);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number, not "${given}"`);
    return n;
  };
  const durability = values.durability ?? process.env.BENCH_DURABILITY ?? "full";
  if (durability !== "full" && durability !== "process") throw new Error(`--durability is "full" or "process", not "${durability}"`);
  const shares = values.shares ?? process.env.BENCH_SHARES ?? "on";
  if (shares !== "on" && shares !== "off") throw new Error(`--shares is "on" or "off", not "${shares}"`);
  const only = values.only ?? process.env.BENCH_ONLY;
  if (only !== undefined && only !== "http" && only !== "engine") throw new Error(`--only is "http" or "engine", not "${only}"`);
  const sweepText = values.sweep ?? process.env.BENCH_SWEEP;
  const sweep = sweepText === undefined ? undefined : sweepText.split(",").map(Number);
  if (sweep?.some((n) => !Number.isFinite(n) || n <= 0)) throw new Error(`--sweep is a list of rates in actions/s, such as 100,200,400, not "${sweepText}"`);
  if (sweep && only === "engine") throw new Error("--sweep runs over HTTP only: leave out --only engine");
  const rules = values.rules ?? process.env.BENCH_RULES ?? "quickjs";
  if (rules !== "quickjs" && rules !== "trusted") throw new Error(`--rules is "quickjs" or "trusted", not "${rules}"`);
  const o: Options = {
    quick,
    rate: pick("rate", "RATE", 2000, 40),
    reads: pick("reads", "READS", 1, 1),
    duration: pick("duration", "DURATION", 30, 3),
    warmup: pick("warmup", "WARMUP", 5, 1),
    games: Math.round(pick("games", "GAMES", 20, 2)),
    players: Math.round(pick("players", "PLAYERS", 10, 3)),
    durability,
    cpuProf: values["cpu-prof"] ?? process.env.BENCH_CPU_PROF,
    shares: shares === "on",
    runs: sweep ? ["http"] : only ? [only] : ["http", "engine"],
    // Each rate once (its run has a folder of its own), lowest first.
    sweep: sweep && [...new Set(sweep)].sort((a, b) => a - b),
    rules,
  };
  if (o.rate <= 0 || o.duration <= 0 || o.games < 1 || o.players < 2) throw new Error("need a positive rate and duration, at least 1 game and 2 players");
  return o;
}
