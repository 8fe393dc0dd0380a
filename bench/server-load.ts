/**
 * Load benchmark of the HTTP server on loopback: a real server in its own process, on a
 * fresh SQLite file with the default durability ("full": every act synced to disk), and
 * 20 games × 10 signed-in players taking real turns (the mover proposes, everyone votes,
 * the turn passes) and reading the game's page. Requests arrive on a fixed schedule (open
 * loop: a slow reply does not delay the next request), and each request's latency is
 * counted from when it was scheduled, so queueing behind a slow reply is counted too.
 * Prints throughput and p50/p99 latency; asserts nothing.
 *
 *   npm run bench:server [-- --rate 500 --duration 30]
 *   BENCH_QUICK=1 npm run bench:server            # smoke test: 2 games × 3 players, 3 s
 *
 * Options (or env BENCH_<NAME>, e.g. BENCH_RATE=800):
 *   --rate <n>          actions (POST act) per second to schedule         (500; quick 40)
 *   --reads <n>         reads (GET /api/games/:id) scheduled per action    (1)
 *   --duration <s>      measured phase                                     (30; quick 3)
 *   --warmup <s>        unmeasured phase before it, same load              (5; quick 1)
 *   --games <n>, --players <n>                                             (20, 10; quick 2, 3)
 *   --durability full|process                                              (full)
 *   --cpu-prof <dir>    write a V8 CPU profile of the server process there
 *   BENCH_DEBUG=1       also list the slowest requests, with when their connection was made and accepted
 *
 * Turns cycle through: enact a rule (adopted), repeal it (adopted), then two proposals that
 * only their proposer votes for (defeated), which keeps the ruleset under Rule 209's cap.
 * Actions are handed out in the order the games make them possible: an arrival that finds
 * every game waiting on a reply waits too, and that wait counts in its latency. A game
 * that is won is replaced by a new one for the same players (those requests are "other").
 *
 * The same file, run with `--serve <db> <durability>`, is the server process.
 * The code is in server-load/: main.ts drives a run, server.ts is the server process.
 */
import { main } from "./server-load/main.js";
import { serve } from "./server-load/server.js";

if (process.argv[2] === "--serve") {
  await serve(process.argv[3]!, process.argv[4] === "process" ? "process" : "full");
} else {
  await main();
}
