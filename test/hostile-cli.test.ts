/**
 * The hostile bodies through the command line: the CLI as the tests build it (built-cli.ts)
 * on a game file, each body in a game of its own, each command a process whose CPU is
 * measured (bash's `times`) and which is killed if it has not answered in 60 s.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { builtCli, cliNodeArgs } from "./built-cli.js";
import { bodies, half } from "./hostile/bodies.js";
import { overCpu, runBody, summarize, type BodyResult, type Driver, type LogEntry, type Outcome, type Protected, type Sent } from "./hostile/harness.js";

const dir = mkdtempSync(join(tmpdir(), "nomos-hostile-cli-"));
const cli = builtCli();
const template = join(dir, "template.db");
const players = ["grace-hopper", "ada-lovelace", "alan-turing"] as const;
const initial: Protected = new Map();
const results = new Map<string, BodyResult | Error>();

interface Run {
  answered: boolean;
  code: number;
  stdout: string;
  stderr: string;
  cpuMs: number | null;
  ms: number;
}

/** Runs the built CLI under bash, which reports the child's CPU time on fd 3. */
function run(db: string, args: string[], cwd = dir): Promise<Run> {
  const started = Date.now();
  const script = 'timeout -s KILL 60 "$@"; rc=$?; times >&3; exit $rc';
  return new Promise((done) => {
    const child = spawn("bash", ["-c", script, "bash", process.execPath, ...cliNodeArgs, cli, "--db", db, ...args], {
      cwd,
      stdio: ["ignore", "pipe", "pipe", "pipe"],
      env: { ...process.env, NOMOS_DB: "" },
    });
    const out: Buffer[] = [],
      err: Buffer[] = [],
      times: Buffer[] = [];
    child.stdout!.on("data", (b: Buffer) => out.push(b));
    child.stderr!.on("data", (b: Buffer) => err.push(b));
    (child.stdio[3] as NodeJS.ReadableStream).on("data", (b: Buffer) => times.push(b));
    child.on("close", (code) => {
      // `times`: the shell's user and system time, then its children's.
      const m = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(Buffer.concat(times).toString().trim());
      const cpuMs = m ? (Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000 : null;
      const stdout = Buffer.concat(out).toString(),
        stderr = Buffer.concat(err).toString();
      done({
        answered: code !== 137 && code !== null && (stdout.length > 0 || stderr.length > 0),
        code: code ?? -1,
        stdout,
        stderr,
        cpuMs,
        ms: Date.now() - started,
      });
    });
  });
}
const parse = (text: string): any => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

class CliDriver implements Driver {
  readonly players = players;
  readonly sent: Sent[] = [];
  private codes = 0;
  readonly cpuAllowanceMs = allowance.ms;
  constructor(
    readonly home: string,
    readonly db: string,
  ) {}

  private async json(what: string, viewer: string | null, args: string[]): Promise<{ outcome: Outcome; out: any }> {
    const r = await run(this.db, ["--json", ...args], this.home);
    const out = parse(r.stdout);
    const error = parse(r.stderr)?.error ?? null;
    const answered = r.answered && (out !== undefined || error !== null);
    const outcome: Outcome = {
      answered,
      ok: r.code === 0 && out !== undefined,
      error: r.code === 0 ? null : (error ?? { code: "crash", message: r.stderr.slice(0, 300), rule: null }),
      effects: out?.effects ?? [],
      failed: out?.failed ?? null,
      text: r.stdout + r.stderr,
      cpuMs: r.cpuMs,
      ms: r.ms,
    };
    this.sent.push({ what: `nomos ${what}`, viewer, outcome });
    return { outcome, out };
  }

  async act(as: string, action: string, input: Record<string, any>): Promise<Outcome> {
    if (action === "propose" && input.change.kind === "enact") {
      const c = input.change;
      const args = ["propose", "--as", as, "--enact", "--text", c.text];
      if (c.title !== undefined) args.push("--title", c.title);
      if (c.code !== undefined) {
        const file = join(this.home, `rule-${++this.codes}.ts`);
        writeFileSync(file, c.code);
        args.push("--code-file", file);
      }
      return (await this.json(`propose --as ${as}`, as, args)).outcome;
    }
    if (action === "vote") return (await this.json(`vote ${input.proposal} --as ${as}`, as, ["vote", String(input.proposal), input.vote, "--as", as])).outcome;
    return (await this.json(`act ${action} --as ${as}`, as, ["act", action, "--as", as, "--input", JSON.stringify(input)])).outcome;
  }

  async view(as: string | null) {
    const { out } = await this.json(`state${as ? ` --as ${as}` : ""}`, as, ["state", ...(as ? ["--as", as] : [])]);
    return out ?? null;
  }

  async log(as: string | null): Promise<LogEntry[] | null> {
    const { out } = await this.json(`log${as ? ` --as ${as}` : ""}`, as, ["log", ...(as ? ["--as", as] : [])]);
    return Array.isArray(out) ? out : null;
  }

  private get exported(): string {
    return join(this.home, "game.nomos.json");
  }
  async verify() {
    // The keeper's file: not a player's view, so not scanned for secrets.
    const exported = await run(this.db, ["--json", "export", this.exported], this.home);
    if (exported.code !== 0) return { identical: false, detail: `export failed: ${exported.stderr.slice(0, 200)}` };
    const r = await run(this.db, ["--json", "verify", this.exported], this.home);
    for (const [what, x] of [
      ["export", exported],
      ["verify", r],
    ] as const) {
      const over = overCpu(`nomos ${what}`, x.cpuMs, allowance.ms);
      if (over) this.slow.push(`cpu: ${over}`);
    }
    const report = parse(r.stdout);
    if (!report) return { identical: false, detail: `verify did not answer: ${r.stderr.slice(0, 200)}` };
    return { identical: report.identical === true, detail: report.identical ? "" : JSON.stringify(report.differences?.[0] ?? report.stopped) };
  }
  private slow: string[] = [];

  async words(): Promise<Record<string, string>> {
    const archive = existsSync(this.exported) ? parse(readFileSync(this.exported, "utf8")) : null;
    const words: Record<string, string> = {};
    for (const act of archive?.acts ?? []) for (const e of act.effects) if (e.e === "state.set" && e.name === "secret" && e.player) words[e.player] = e.value;
    return words;
  }

  async terminal(rule: number | null) {
    const shown = [];
    for (const args of [["rules"], ...(rule ? [["rules", String(rule)]] : []), ["log"], ["state"]]) {
      const r = await run(this.db, args, this.home);
      shown.push({ what: `nomos ${args.join(" ")}`, text: r.stdout + r.stderr });
    }
    return shown;
  }

  async extra(): Promise<string[]> {
    // Nothing outside the sandbox changed: the game's folder holds only what the CLI was asked to write.
    const allowed = /^(game\.db(-wal|-shm|-journal)?|rule-\d+\.ts|game\.nomos\.json)$/;
    const stray = readdirSync(this.home).filter((f) => !allowed.test(f));
    return [...this.slow, ...(stray.length ? [`sandbox: files appeared beside the game: ${stray.join(", ")}`] : [])];
  }
}

before(async () => {
  const created = await run(template, [
    "--json",
    "new",
    "Hostile",
    "--preset",
    "suber",
    "--seed",
    "hostile",
    "--player",
    "Grace Hopper",
    "--player",
    "Ada Lovelace",
    "--player",
    "Alan Turing",
    "--start",
  ]);
  assert.equal(created.code, 0, created.stderr);
  const rules = parse((await run(template, ["--json", "rules"])).stdout) as { number: number; text: string; mutable: boolean }[];
  for (const r of rules) initial.set(r.number, { text: r.text, mutable: r.mutable });
  assert.equal(initial.size, 29);
  // What harmless commands cost: proposing code (Node and TypeScript start) and verifying.
  const home = mkdtempSync(join(dir, "harmless-"));
  const db = join(home, "game.db");
  copyFileSync(template, db);
  writeFileSync(join(home, "rule.ts"), `const n = gameState("n", { initial: 0 });\non("vote.cast", () => n.update((x) => x + 1));\n`);
  const proposed = await run(db, ["--json", "propose", "--as", players[0], "--enact", "--text", "Count votes.", "--code-file", join(home, "rule.ts")], home);
  const exported = await run(db, ["--json", "export", join(home, "g.json")], home);
  const verified = await run(db, ["--json", "verify", join(home, "g.json")], home);
  allowance.ms = Math.max(...[proposed, exported, verified].map((r) => r.cpuMs ?? 0));
});

after(() => {
  const lines = cliBodies.map((b) => summarize(b.id, results.get(b.id) ?? new Error("not run")));
  process.stdout.write(`\nHostile bodies through the CLI:\n${lines.join("\n")}\n`);
  rmSync(dir, { recursive: true, force: true });
});

const allowance = { ms: 0 };

// Every body runs through the server (test/hostile-server.test.ts) and through the CLI, which
// starts Node for each of a body's ~20 commands; HOSTILE_CLI=even or odd plays half of them (half()).
// A body marked `serverOnly` is one of a class whose defence lies wholly in the engine, which a
// sibling body already plays through the CLI.
const cliBodies = half(
  bodies.filter((b) => !b.serverOnly),
  "HOSTILE_CLI",
);

describe("hostile rule bodies through the CLI", { concurrency: Math.max(2, availableParallelism()) }, () => {
  for (const body of cliBodies) {
    test(`${body.class}: ${body.id} (${body.what})`, async () => {
      const home = mkdtempSync(join(dir, `${body.id}-`));
      const db = join(home, "game.db");
      copyFileSync(template, db);
      try {
        const result = await runBody(new CliDriver(home, db), body, initial);
        results.set(body.id, result);
        assert.deepEqual(result.problems, [], `${body.id} broke: ${result.problems.join("; ")} [notes: ${result.notes.join("; ")}]`);
      } catch (err) {
        if (!results.has(body.id)) results.set(body.id, err as Error);
        throw err;
      }
    });
  }
});
