/**
 * Load benchmark of the HTTP server on loopback: a real server in its own process, on a
 * fresh SQLite file with the default durability ("full": every act synced to disk), and
 * 20 games × 10 signed-in players taking real turns (the mover proposes, everyone votes,
 * the turn passes) and reading the game's page. Requests arrive on a fixed schedule (open
 * loop: a slow reply does not delay the next request), and each request's latency is
 * counted from when it was scheduled, so queueing behind a slow reply is counted too.
 *
 * Then the same again in-process: the same games, players, turns, reads and schedule played
 * straight against the engine in this process (the server's game hub, page builder and page
 * cache; its own SQLite file, same durability, rules in QuickJS), so that the two side by side
 * show what HTTP costs: actions and reads answered per second, p50/p99 latency, CPU per action.
 * And where each process's CPU time went: rule code in QuickJS, SQLite, HTTP, the engine
 * (server-load/time-shares.ts). Prints its figures and whether the target was met
 * (2,000 actions/s, p99 ≤ 50 ms for actions and reads); asserts nothing. On a machine shared
 * with other work the figures are noisy: the report prints the load average and CPU pressure.
 *
 *   npm run bench:server [-- --rate 300 --duration 30]
 *   BENCH_QUICK=1 npm run bench:server            # smoke test: 2 games × 3 players, 3 s
 *
 * Options (or env BENCH_<NAME>, e.g. BENCH_RATE=800):
 *   --rate <n>          actions (acts) per second to schedule              (2000; quick 40)
 *   --reads <n>         reads (a player's page) scheduled per action       (1)
 *   --duration <s>      measured phase                                     (30; quick 3)
 *   --warmup <s>        unmeasured phase before it, same load              (5; quick 1)
 *   --games <n>, --players <n>                                             (20, 10; quick 2, 3)
 *   --durability full|process                                              (full)
 *   --only http|engine  one run: over HTTP, or in-process                  (both, HTTP first)
 *   --sweep <rates>     over HTTP once per rate (100,200,400), each on a fresh server, then
 *                       a line per rate and the highest one served within the target's
 *                       latency (98% of the actions answered, p99 ≤ 50 ms): how far short
 *                       of the target a server is, where a run at 2,000/s says only "never"
 *   --shares on|off     count where the time goes (V8's sampling profiler  (on)
 *                       on the main thread costs it a few per cent)
 *   --rules quickjs|trusted  where rule code runs: QuickJS sandboxes as on a real server   (quickjs)
 *                       or, to see what the rest costs, unsandboxed in V8 on the main thread
 *   --cpu-prof <dir>    write a V8 CPU profile of the server process there
 *   BENCH_SERVER_FLAGS  Node flags for the server process, e.g. "--trace-gc" (NODE_OPTIONS refuses some)
 *   BENCH_DEBUG=1       also list the slowest requests, with when their connection was made
 *                       and accepted, and the functions the main thread was sampled in
 *
 * Turns cycle through: enact a rule (adopted), repeal it (adopted), then two proposals that
 * only their proposer votes for (defeated), which keeps the ruleset under Rule 209's cap.
 * Actions are handed out in the order the games make them possible: an arrival that finds
 * every game waiting on a reply waits too, and that wait counts in its latency. A load more
 * than a run can serve leaves arrivals waiting: those of the measured phase never served
 * count as infinitely late, and throughput counts what was answered during the phase. A game
 * that is won is replaced by a new one for the same players (those requests are "other").
 *
 * The same file, run with `--serve <db> <durability> [shares] [trusted]`, is the server process.
 * The code is in server-load/: main.ts drives the runs, server.ts is the server process,
 * players.ts the turn logic both runs share through transport.ts.
 */
import { main } from "./server-load/main.js";
import { serve } from "./server-load/server.js";

if (process.argv[2] === "--serve") {
  const flags = process.argv.slice(5);
  await serve(
    process.argv[3]!,
    process.argv[4] === "process" ? "process" : "full",
    flags.includes("shares"),
    flags.includes("trusted") ? "trusted" : "quickjs",
  );
} else {
  await main();
}
