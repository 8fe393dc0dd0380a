/**
 * Memory of a server under a stream of mixed requests, as a fuzzer sends them: a real server in
 * its own process (bench/idle-games.ts's `--serve`, idle period 5 minutes as served), 24 players
 * signed up, then 12,474 requests four at a time, each drawn from a fixed seed: new games of the
 * four coded presets, joins, starts, proposals, votes, pages, logs, rules, malformed acts and
 * unknown paths. Prints the server's RSS and JS heap (after collecting garbage), games loaded and
 * sandboxes running every 2,000 requests: what a server keeps per request shows as growth that
 * does not level off. Asserts nothing.
 *
 *   npm run bench:requests [-- --requests 12474 --max-sandboxes N --max-loaded-games N]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { ApiClient } from "../test/server-helpers.js";

const { values } = parseArgs({ options: { requests: { type: "string" }, "max-sandboxes": { type: "string" }, "max-loaded-games": { type: "string" } } });
const total = Number(values.requests ?? 12_474);
const dir = mkdtempSync(join(tmpdir(), "nomos-requests-"));
const bounds = [values["max-sandboxes"] ?? "", values["max-loaded-games"] ?? ""];
const child = spawn(process.execPath, ["--import", "tsx", "--expose-gc", "bench/idle-games.ts", "--serve", join(dir, "games.db"), "300000", ...bounds], {
  stdio: ["pipe", "pipe", "inherit"],
});
const waiting: ((line: string) => void)[] = [];
createInterface({ input: child.stdout! }).on("line", (line) => line.startsWith("{") && waiting.shift()?.(line));
const next = () => new Promise<string>((done) => waiting.push(done));
const { url } = JSON.parse(await next()) as { url: string };
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
async function report(what: string): Promise<void> {
  const reply = next();
  child.stdin!.write("figures\n");
  const f = JSON.parse(await reply) as { rss: number; heapUsed: number; loaded: number; running: number };
  console.log(
    `${what.padEnd(16)} RSS ${mb(f.rss).padStart(8)}   heap ${mb(f.heapUsed).padStart(7)}   games loaded ${String(f.loaded).padStart(5)}   sandboxes ${f.running}`,
  );
}

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const players: ApiClient[] = [];
for (let i = 0; i < 24; i++) players.push(await new ApiClient(url).signup(`player-${i}`, `Player ${i}`));
const games: { id: string; invite: string }[] = [];
const presets = ["suber", "nomic-viii", "nomicron", "n_omic"] as const;
const malformed = () =>
  pick([{}, { x: "y".repeat(1000) }, { action: 5 }, "not json", { action: "propose", input: { change: { kind: "enact", text: "z".repeat(5000) } } }]);

async function one(n: number): Promise<unknown> {
  const p = pick(players);
  const g = games.length ? pick(games) : null;
  const r = random();
  if (r < 0.12 || !g) {
    const created = await p.post("/api/games", { name: `Game ${n}`, preset: pick(presets) });
    if (created.status === 201) games.push({ id: created.body.id, invite: created.body.invite });
    return created;
  }
  if (r < 0.25) return p.post(`/api/invites/${g.invite}/join`);
  if (r < 0.32) return p.act(g.id, "start");
  if (r < 0.45) return p.act(g.id, "propose", { change: { kind: "enact", text: `Rule ${n}` } });
  if (r < 0.55) return p.act(g.id, "vote", { proposal: 301 + Math.floor(random() * 3), vote: pick(["for", "against"]) });
  if (r < 0.75) return p.get(`/api/games/${g.id}`);
  if (r < 0.82) return p.get(`/api/games/${g.id}/log`);
  if (r < 0.87) return p.get(`/api/games/${g.id}/rules`);
  if (r < 0.95) return p.request("POST", `/api/games/${g.id}/act`, malformed());
  return p.get(pick(["/api/nope", "/api/games/zzz", "/%zz", `/api/games/${g.id}/past/3`]));
}

console.log(`Nomos request-memory benchmark: Node ${process.version}, ${total} requests, four at a time`);
await report("before");
let sent = 0;
let reporting = Promise.resolve();
async function sender(): Promise<void> {
  while (sent < total) {
    const n = ++sent;
    await one(n).catch(() => undefined);
    if (n % 2000 === 0) reporting = reporting.then(() => report(`${n} requests`));
    await reporting;
  }
}
await Promise.all([sender(), sender(), sender(), sender()]);
if (total % 2000 !== 0) await report(`${total} requests`);
console.log(`${games.length} games made`);
child.stdin!.end();
await new Promise((done) => child.once("exit", done));
rmSync(dir, { recursive: true, force: true });
