/**
 * One hostile body, played through an interface (the CLI or the HTTP API, each a Driver):
 * a game of Suber's set between three players; the mover proposes the hostile rule and
 * everyone votes for it; it is set off; the next mover proposes an ordinary rule-change
 * and everyone votes. Then every property a player cares about is checked, and each one
 * broken is named, so one run says which bodies fail and why.
 */
import { limits } from "../../src/kernel/limits.js";
import { MARK, type Body } from "./bodies.js";
import { SECRET_RULE } from "./bodies-secrets.js";

export interface Outcome {
  /** The interface answered: a process that exited with JSON, or an HTTP reply below 500 with JSON. */
  answered: boolean;
  ok: boolean;
  error: { code: string; message: string; rule: number | null } | null;
  /** The act's effects the actor may see (acts only). */
  effects: Effect[];
  failed: { rule: number; error: string } | null;
  /** Everything sent back, as text: what the viewer saw. */
  text: string;
  /** CPU the command took: the process (CLI), or the server while handling the request. */
  cpuMs: number | null;
  ms: number;
}
export type Effect = { e: string; [key: string]: any };
export interface LogEntry {
  seq: number;
  input: { kind: string; actor?: string; name?: string; input?: any };
  effects: Effect[];
}
export interface StateView {
  name: string;
  value?: any;
  values?: Record<string, any>;
}
export interface Sent {
  what: string;
  viewer: string | null;
  outcome: Outcome;
}

export interface Driver {
  /** Player ids in turn order (by surname: Hopper, Lovelace, Turing). */
  readonly players: readonly [string, string, string];
  /** Every command sent, with who saw its answer. */
  readonly sent: Sent[];
  act(as: string, action: string, input: Record<string, unknown>): Promise<Outcome>;
  view(as: string | null): Promise<{ state: StateView[]; status: string } | null>;
  log(as: string | null): Promise<LogEntry[] | null>;
  verify(): Promise<{ identical: boolean; detail: string }>;
  /** Each player's secret word, read as the player (or by the game's keeper). */
  words(): Promise<Record<string, string>>;
  /** What a terminal would print of the game (human output), for the terminal checks. */
  terminal(rule: number | null): Promise<{ what: string; text: string }[]>;
  /** Checks only this interface can make (the server's realm and other game; the CLI's files). */
  extra(): Promise<string[]>;
  /**
   * CPU (ms) the same command takes with harmless rule code, which {@link hostileCpuMs} comes on top
   * of: a CLI command starts Node and, to propose code, TypeScript. The bound is on what
   * hostile code can add.
   */
  readonly cpuAllowanceMs: number;
}

/**
 * The most CPU (ms) hostile code may add to one command. An act with one rule to blame (each
 * body here has one) runs to its deadline, runs again to learn which rule it was, and boots
 * the sandbox after each (src/kernel/game.ts): 1.4 s on a quiet machine. The rest is room for
 * a loaded host, where the boots cost up to three times as much (2.04 s in all once in CI).
 * Export and replay have the same bound. A deadline that failed would cost far more.
 */
const hostileCpuMs = 2 * limits.actMs + 2000;

/** What to report of a command that took more CPU than {@link hostileCpuMs} on top of a harmless one's; null if it did not. */
export function overCpu(what: string, cpuMs: number | null, allowanceMs: number): string | null {
  return cpuMs !== null && cpuMs > hostileCpuMs + allowanceMs
    ? `${what} took ${Math.round(cpuMs)} ms of CPU (a harmless one takes ${Math.round(allowanceMs)})`
    : null;
}

/** The numbers and texts of the rules before the hostile rule: none of them may change. */
export type Protected = Map<number, { text: string; mutable: boolean }>;

const ordinaryChange = { kind: "enact", text: "Players shall greet one another politely." };
// eslint-disable-next-line no-control-regex
const rawControl = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export interface BodyResult {
  problems: string[];
  notes: string[];
}

export async function runBody(d: Driver, body: Body, initial: Protected): Promise<BodyResult> {
  const problems: string[] = [];
  const notes: string[] = [];
  const problem = (property: string, detail: string) => problems.push(`${property}: ${detail}`);
  const [grace] = d.players;
  const order = [...d.players];
  let moverIndex = 0;
  const ours: { number: number; proposer: string }[] = [];
  const acted: { actor: string; name: string }[] = [];

  const act = async (as: string, action: string, input: Record<string, unknown>) => {
    const outcome = await d.act(as, action, input);
    if (outcome.ok) acted.push({ actor: as, name: action });
    return outcome;
  };
  /** The mover proposes; everyone votes for. Returns the proposal's number, or null if refused. */
  const turn = async (change: Record<string, unknown>, what: string): Promise<number | null> => {
    const proposer = order[moverIndex % 3]!;
    const proposed = await act(proposer, "propose", { change });
    if (!proposed.ok) {
      notes.push(`${what} proposal refused: ${proposed.error?.message.slice(0, 160) ?? "no answer"}`);
      return null;
    }
    const number = proposalNumber(proposed.effects);
    if (number === null) {
      problem("goes on", `the ${what} proposal's number is not in its act`);
      return null;
    }
    ours.push({ number, proposer });
    for (const voter of order) {
      const vote = await act(voter, "vote", { proposal: number, vote: "for" });
      if (!vote.ok && !/no longer open/.test(vote.error?.message ?? ""))
        notes.push(`${voter}'s vote on ${number}: ${vote.error?.message.slice(0, 160) ?? "no answer"}`);
    }
    moverIndex++;
    return number;
  };

  const protectedRules = new Map(initial);
  if (body.secret) {
    const n = await turn({ kind: "enact", title: "Secret words", text: "Each player holds a word only they may see.", code: SECRET_RULE }, "secret-words");
    if (n !== null) protectedRules.set(n, { text: "Each player holds a word only they may see.", mutable: true });
  }

  // The hostile rule, proposed by the mover, everyone voting for it.
  const hostileText = body.text ?? `A hostile rule: it ${body.what}.`;
  const hostileChange: Record<string, unknown> = { kind: "enact", text: hostileText, code: body.code };
  if (body.title !== undefined) hostileChange.title = body.title;
  const hostile = await turn(hostileChange, "hostile");

  // What became of it: adopted (the rule is in effect, with the proposal's number) or not.
  let view = await d.view(null);
  const record = (v: typeof view, n: number | null) => (n === null ? undefined : (stateValue(v, "proposals") as Record<string, any> | undefined)?.[String(n)]);
  const hostileRecord = record(view, hostile);
  const adopted = hostileRecord?.status === "adopted";
  if (body.adoptionMustFail) {
    // Adopted is fine if its attack on rule-changing fails some other way: the ordinary
    // rule-change after it must still be adopted ("goes on" checks it).
    if (adopted) notes.push(`adopted: the ordinary rule-change after it must still be adopted`);
    else if (hostile !== null && !(typeof hostileRecord?.reason === "string" && hostileRecord.reason.length > 0))
      problem("stays changeable", "the refusal shows no reason");
    else notes.push(`adoption refused: ${String(hostileRecord?.reason ?? "(proposal refused)").slice(0, 200)}`);
  } else if (!adopted) notes.push(`not adopted: ${String(hostileRecord?.reason ?? "proposal refused").slice(0, 200)}`);
  const hostileRule = adopted ? hostile : null;

  // Set it off.
  if (body.trigger === "attack" && adopted) {
    const attacked = await act(grace, "attack", body.attackInput ?? {});
    const charged = attacked.failed?.rule ?? attacked.error?.rule ?? null;
    if (attacked.answered && charged !== null && charged !== hostileRule)
      problem("blame", `the attack's failure or refusal names Rule ${charged}, not Rule ${hostileRule}`);
    if (body.attackMustFail && attacked.answered && attacked.ok && attacked.failed === null)
      problem(body.class === "forgery" ? "forgery" : "authority", "the attack was neither refused nor failed: nothing says it was not allowed");
    if (!attacked.ok) notes.push(`attack refused: ${attacked.error?.message.slice(0, 200)}`);
    else if (attacked.failed) notes.push(`attack failed: ${attacked.failed.error.slice(0, 200)}`);
  }

  // The game goes on: the next mover proposes an ordinary rule-change and everyone votes.
  const ordinary = await turn(ordinaryChange, "ordinary");
  view = await d.view(null);
  const ordinaryRecord = record(view, ordinary);
  if (ordinaryRecord?.status !== "adopted")
    problem(
      "goes on",
      `the ordinary rule-change after it was not adopted (${ordinary === null ? "its proposal was refused" : String(ordinaryRecord?.reason ?? ordinaryRecord?.status ?? "no record")})`,
    );
  const turnNow = stateValue(view, "turn") as { player?: string } | undefined;
  if (view && turnNow?.player !== order[moverIndex % 3]) problem("goes on", `the turn is ${String(turnNow?.player)}'s, not ${order[moverIndex % 3]}'s`);
  if (view && view.status !== "active") problem("goes on", `the game is ${view.status}`);

  // Scores: Rule 202 gives the proposer (number - 291) times the fraction of votes for; 206 takes 10 for a defeat.
  if (view) {
    const proposals = (stateValue(view, "proposals") ?? {}) as Record<string, { votes: Record<string, string>; status: string }>;
    const expected: Record<string, number> = Object.fromEntries(order.map((p) => [p, 0]));
    for (const { number, proposer } of ours) {
      const p = proposals[String(number)];
      if (!p || p.status === "voting") continue;
      const votes = Object.values(p.votes);
      const favour = votes.length ? votes.filter((v) => v === "for").length / votes.length : 0;
      expected[proposer]! += Math.round((number - 291) * favour) + (p.status === "defeated" ? -10 : 0);
    }
    const points = stateValue(view, "points", true) as Record<string, number> | undefined;
    for (const p of order) if (points?.[p] !== expected[p]) problem("scores", `${p} has ${points?.[p]} points; Suber's scoring gives ${expected[p]}`);
  } else problem("answers", "the game's state could not be read");

  const log = await d.log(null);
  if (!log) problem("answers", "the game's log could not be read");
  else {
    // Failures are named to the rule that did the work; no other rule fails or is switched off.
    for (const entry of log) {
      for (const e of entry.effects) {
        if (e.e === "rule.failed" && e.rule !== hostileRule)
          problem("blame", `act ${entry.seq}: Rule ${e.rule} failed (${e.during}: ${String(e.error).slice(0, 120)})`);
        if (e.e === "rule.loaded" && e.failed && e.number !== hostileRule)
          problem("blame", `act ${entry.seq}: Rule ${e.number} was switched off (${String(e.failed).slice(0, 120)})`);
        // No rule that was there before may change.
        const touched =
          e.e === "rule.enacted"
            ? e.rule?.number
            : ["rule.amended", "rule.repealed", "rule.transmuted", "rule.renumbered", "rule.property", "rule.annotated"].includes(e.e)
              ? e.number
              : undefined;
        const reEnacted = e.e === "rule.enacted" && !initial.has(touched);
        if (entry.input.kind !== "create" && typeof touched === "number" && protectedRules.has(touched) && !reEnacted)
          problem("authority", `act ${entry.seq}: ${e.e} of Rule ${touched} (${String(e.cause ?? "")})`);
      }
    }
    // No act or effect forged: the actions in the log are ours, in order; whatever carries the mark is the hostile rule's.
    const setupEnd = log.findIndex((e) => e.input.kind === "action" && e.input.name === "propose");
    const actions = log.slice(Math.max(0, setupEnd)).filter((e) => e.input.kind !== "timer");
    const logged = actions.map((e) => `${e.input.kind}:${e.input.actor}:${e.input.name}`);
    const mine = acted.map((a) => `action:${a.actor}:${a.name}`);
    if (JSON.stringify(logged) !== JSON.stringify(mine)) problem("forgery", `the log's acts differ from those taken (${firstDifference(logged, mine)})`);
    for (const entry of log) {
      for (const e of entry.effects) {
        if (JSON.stringify(e).includes(MARK) && "rule" in e && typeof e.rule === "number" && e.rule !== hostileRule)
          problem("forgery", `act ${entry.seq}: a ${e.e} carrying the hostile rule's mark is attributed to Rule ${e.rule}`);
      }
    }
    // The engine's own bounds hold for every act it recorded.
    for (const entry of log) {
      const chars = JSON.stringify(entry.effects).length;
      const messages = entry.effects.filter((e) => e.e === "message");
      if (entry.effects.length > limits.effects || chars > limits.effectsChars)
        problem("limits", `act ${entry.seq} recorded ${entry.effects.length} effects, ${chars} characters`);
      if (messages.length > limits.messages || messages.some((m) => String(m.text).length > limits.messageChars))
        problem(
          "limits",
          `act ${entry.seq} posted ${messages.length} messages, the longest ${Math.max(...messages.map((m) => String(m.text).length))} characters`,
        );
      const big = entry.effects.find((e) => e.e === "state.set" && JSON.stringify(e.value ?? null).length > limits.valueChars);
      if (big) problem("limits", `act ${entry.seq} set ${big.name} to ${JSON.stringify(big.value).length} characters`);
    }
    // Running out of memory ends the act, whoever catches it: nothing recorded shows it caught
    // (a message or state that says so, or a failure in QuickJS's words rather than the engine's stop).
    for (const entry of log)
      for (const e of entry.effects) {
        const caught =
          e.e === "rule.failed"
            ? /out of memory/i.test(String(e.error)) && !/^ran out of memory/.test(String(e.error))
            : e.e === "message" && /out of memory/i.test(String(e.text));
        if (caught) problem("limits", `act ${entry.seq}: running out of memory was caught and the act went on (${e.e}: ${JSON.stringify(e).slice(0, 120)})`);
      }
    const pending = new Set<string>();
    for (const entry of log)
      for (const e of entry.effects)
        if (e.e === "timer.set") pending.add(e.timer.id);
        else if (e.e === "timer.cleared") pending.delete(e.id);
    if (pending.size > limits.timers) problem("limits", `${pending.size} timers are pending`);
  }

  // Every command answered, within the CPU bound.
  for (const s of d.sent) {
    if (!s.outcome.answered) problem("answers", `${s.what} did not answer (${s.outcome.text.slice(0, 160)})`);
    const over = overCpu(s.what, s.outcome.cpuMs, d.cpuAllowanceMs);
    if (over) problem("cpu", over);
  }

  const verified = await d.verify();
  if (!verified.identical) problem("replay", `verify: ${verified.detail.slice(0, 240)}`);

  if (body.secret) {
    const words = await d.words();
    const dealt = Object.values(words).filter((w) => /^qz[a-z]{10,15}$/.test(w));
    if (dealt.length !== 3 || new Set(dealt).size !== 3) problem("secrets", "the control failed: the players were not each dealt a word");
    for (const p of order) {
      await d.view(p);
      await d.log(p);
    }
    for (const s of d.sent) {
      const hidden = Object.entries(words)
        .filter(([owner]) => owner !== s.viewer)
        .map(([, w]) => w);
      const seen = hidden.filter((w) => w && s.outcome.text.includes(w)).length;
      if (seen) problem("secrets", `${s.what}, seen by ${s.viewer ?? "anyone"}, shows ${seen} word(s) of other players`);
    }
  }

  if (body.class === "terminal") {
    for (const { what, text } of await d.terminal(hostileRule)) {
      const m = rawControl.exec(text);
      if (m) problem("terminal", `${what} prints U+${m[0].codePointAt(0)!.toString(16).padStart(4, "0")} raw`);
    }
  }
  problems.push(...(await d.extra()));
  return { problems: [...new Set(problems)], notes };
}

function proposalNumber(effects: Effect[]): number | null {
  for (const e of effects) if (e.e === "state.set" && e.name === "proposals" && e.value?.status === "voting") return Number(e.value.number ?? e.key);
  for (const e of effects)
    if (e.e === "message") {
      const m = /proposes (\d+)/.exec(String(e.text));
      if (m) return Number(m[1]);
    }
  return null;
}

export function stateValue(view: { state: StateView[] } | null, name: string, perPlayer = false): unknown {
  const s = view?.state.find((x) => x.name === name);
  return perPlayer ? s?.values : s?.value;
}

function firstDifference(a: string[], b: string[]): string {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return `at ${i}: logged ${a[i] ?? "nothing"}, taken ${b[i] ?? "nothing"}`;
  return "";
}

/** One line per body for the summary table. */
export function summarize(id: string, result: BodyResult | Error): string {
  if (result instanceof Error) return `${id.padEnd(32)} ERROR ${result.message.slice(0, 120)}`;
  const props = [...new Set(result.problems.map((p) => p.split(":")[0]))];
  return `${id.padEnd(32)} ${props.length ? `FAIL ${props.join(", ")}` : "pass"}`;
}
