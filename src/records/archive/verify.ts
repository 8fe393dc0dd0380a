/**
 * Deterministic replay: every act's input re-run through a fresh engine, at the act's
 * recorded time, with the game's seed, must give the act's recorded effects. Loading a
 * game never runs rule code (it folds the effects), so this is how to check that a log's
 * effects are what its rules made of its inputs: a difference means the log was altered,
 * or that the engine or the sandbox now behave differently from when it was recorded.
 */
import { fireAllDueTimers, Game, type EngineOptions } from "../../kernel/game.js";
import type { Act, Input, Json } from "../../kernel/types.js";
import type { SandboxFactory } from "../../kernel/sandbox.js";
import { replayFacts } from "../../kernel/messages.js";
import { checkArchive } from "./check.js";
import { ReplayStore, replayTexts, type ReplayText } from "./replay-messages.js";
import { withRecordedCalendar } from "./recorded-calendar.js";
import { canonicalJson, type GameArchive } from "./format.js";
import { own } from "../../kernel/own.js";
import { clockAhead } from "../../kernel/practice-clock.js";
import { engineOptions } from "../../engine.js";

export interface ActDifference {
  seq: number;
  kind: Input["kind"];
  /** The parts of the act that differ ("time", "seed", "input", "effects"); empty when the replay could not re-run it at all. */
  parts: string[];
  /** What differs, in words: the first differing effect, or why the replay could not re-run it. */
  detail: string;
}

export interface ReplayReport {
  /** Every act was re-run and none came out differently (those in `inexact` could not be re-run exactly). */
  identical: boolean;
  /** Acts in the archive, and how many were re-run and compared. */
  acts: number;
  compared: number;
  /** The acts that came out differently, in order: the first is where the log and the engine part. */
  differences: ActDifference[];
  /** Why the replay ended before the last act, or null. */
  stopped: string | null;
  /**
   * Message acts that could not be re-run exactly: the text their rules read is gone (deleted,
   * redacted, replaced by an edit) and without it they came out otherwise; each was taken as the log has it.
   */
  inexact: { seq: number; detail: string }[];
  /** What the replay could not check exactly, in words. */
  caveats: string[];
}

export interface VerifyOptions {
  /** Stop after this many differing acts (20 by default): past the first, most are its consequences. */
  maxDifferences?: number;
}

const parts = ["time", "seed", "input", "effects"] as const;

function short(value: unknown): string {
  const text = value === undefined ? "nothing" : canonicalJson(value);
  return text.length > 240 ? `${text.slice(0, 240)}…` : text;
}

function compare(recorded: Act, replayed: Act): ActDifference | null {
  const differ = parts.filter((p) => canonicalJson(recorded[p]) !== canonicalJson(replayed[p]));
  if (differ.length === 0) return null;
  const first = differ[0]!;
  let detail: string;
  if (first === "effects") {
    const k = recorded.effects.findIndex((e, i) => canonicalJson(e) !== canonicalJson(replayed.effects[i]));
    detail =
      k < 0
        ? `the replay gives ${replayed.effects.length} effects where the log has ${recorded.effects.length}; the first extra one is ${short(replayed.effects[recorded.effects.length])}`
        : `effect ${k + 1} of ${recorded.effects.length}: the log has ${short(recorded.effects[k])}, the replay gives ${short(replayed.effects[k])}`;
  } else if (first === "time") {
    detail = `the log has it at ${new Date(recorded.time).toISOString()}, the replay at ${new Date(replayed.time).toISOString()}`;
  } else {
    detail = `its ${first}: the log has ${short(recorded[first])}, the replay gives ${short(replayed[first])}`;
  }
  return { seq: recorded.seq, kind: recorded.input.kind, parts: differ, detail };
}

/**
 * An action's input as the player sent it: the log keeps rule code compiled ({ source, js }),
 * the action takes its source. Walks the action's form as prepareInput does.
 */
function rawInput(schema: Json, value: Json, seen: { code: number }): Json {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return value;
  const s = schema as Record<string, Json>;
  if (s.format === "rule-code" && value && typeof value === "object" && !Array.isArray(value) && typeof value.source === "string") {
    seen.code++;
    return value.source;
  }
  if (Array.isArray(s.oneOf) && value && typeof value === "object" && !Array.isArray(value)) {
    const variant = s.oneOf.find((v) => {
      const kind = ((v as Record<string, Json>)?.properties as Record<string, Record<string, Json>> | undefined)?.kind;
      return kind && (kind.const === value.kind || (Array.isArray(kind.enum) && kind.enum.includes(value.kind as Json)));
    });
    return variant ? rawInput(variant, value, seen) : value;
  }
  if (s.type === "object" && value && typeof value === "object" && !Array.isArray(value)) {
    const props = (s.properties ?? {}) as Record<string, Json>;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, props[k] ? rawInput(props[k], v, seen) : v]));
  }
  if (s.type === "array" && Array.isArray(value)) return value.map((v) => rawInput(s.items as Json, v, seen));
  return value;
}

/** Gives one input to the game as its player, officer or clock first did; a message act with its text, where the file has it. */
async function rerun(game: Game, input: Input, seen: { code: number }, text: ReplayText | undefined): Promise<void> {
  switch (input.kind) {
    case "join":
      await game.join(input.player.name, input.player.id);
      return;
    case "rename":
      await game.rename(input.player, input.name);
      return;
    case "leave":
      await game.leave(input.player);
      return;
    case "attend":
      await game.attend(input.person.name, input.person.id);
      return;
    case "action": {
      const decl = game.actions().find((a) => a.name === input.name);
      await game.act(input.actor, input.name, decl ? rawInput(decl.input, input.input, seen) : input.input);
      return;
    }
    case "timer": {
      // Timers fire oldest first, so firing those due by this one's time fires it next
      // (and any due at the same moment after it, as the engine did then).
      const timer = own(game.state.timers, input.id);
      if (!timer) throw new Error(`timer "${input.id}" is not set in the replay`);
      await fireAllDueTimers(game, timer.at);
      return;
    }
    case "decision": {
      const open = game.state.decisions?.[input.id];
      await game.decide(input.by, input.id, open ? rawInput(open.input, input.input, seen) : input.input);
      return;
    }
    case "post":
      await game.replayMessage(input);
      return;
    case "message":
      // The log holds no message's text: the file's messages give it, where it still stands.
      await game.replayMessage(input, text && "text" in text ? { ...replayFacts(game.state, input), text: text.text } : undefined);
      return;
    case "correction":
      await game.correct(input.by, { cites: input.cites, reason: input.reason, changes: input.changes });
      return;
    case "clock":
      await game.moveClock(input.by, input.deadline ? { toNextDeadline: true } : { forwardMs: input.forwardMs });
      return;
    case "create":
      throw new Error("a game is created once, by act 1");
  }
}

/**
 * Re-runs every act's input of the archive through a fresh engine on a memory store and
 * compares what comes out with the log, act by act. Throws ArchiveError if the archive
 * itself is not valid (see parseArchive).
 */
export async function verifyArchive(archive: GameArchive, sandbox: SandboxFactory, options: VerifyOptions = {}): Promise<ReplayReport> {
  const { archive: checked } = checkArchive(archive);
  const acts = checked.acts;
  const report: ReplayReport = { identical: false, acts: acts.length, compared: 0, differences: [], stopped: null, inexact: [], caveats: [] };
  const max = options.maxDifferences ?? 20;
  const texts = replayTexts(acts, checked.messages);
  const store = new ReplayStore(acts, texts);
  let now = acts[0]!.time;
  // The engine reads its clock once per act: it reads the recorded time of the act being re-run.
  // Rules the log says were stopped (a deadline depends on the machine) are stopped again.
  const stops = new Map(acts.filter((a) => a.stopped).map((a) => [a.seq, a.stopped]));
  // A practice game's recorded times include how far its clock was ahead: the host's clock is that much behind.
  const engine: EngineOptions = engineOptions({
    store,
    sandbox: withRecordedCalendar(sandbox, acts),
    clock: () => now - (game ? clockAhead(game.state) : 0),
    snapshotEvery: Number.MAX_SAFE_INTEGER,
    stopped: (seq) => stops.get(seq),
  });
  const id = checked.game.id;
  const seen = { code: 0 };
  let game: Game | undefined;
  try {
    const create = acts[0]!.input;
    if (create.kind !== "create") throw new Error("act 1 is not a create"); // checkArchive made sure
    try {
      game = await Game.create(engine, {
        name: create.name,
        preset: create.preset,
        rules: create.rules,
        ...(create.archived ? { archived: create.archived } : {}),
        ...(create.practice ? { practice: true } : {}),
        seed: checked.game.seed,
        id,
      });
    } catch (err) {
      report.differences.push({ seq: 1, kind: "create", parts: [], detail: `the replay could not create the game: ${(err as Error).message}` });
      report.stopped = "the game could not be created again from act 1";
      return report;
    }
    let made = await store.readActs(id);
    for (let i = 0; i < acts.length; ) {
      if (i > 0) {
        const act = acts[i]!;
        now = act.time;
        const before = await store.lastSeq(id);
        try {
          await rerun(game, act.input, seen, texts.get(act.seq));
        } catch (err) {
          // Refused without its text, which is gone: taken as the log has it (store.taken), like one that came out otherwise.
          if (!store.takeAsRecorded(id, act.seq)) {
            report.differences.push({ seq: act.seq, kind: act.input.kind, parts: [], detail: `the replay could not re-run it: ${(err as Error).message}` });
            report.stopped = `act ${act.seq} could not be re-run, so the acts after it cannot be compared`;
            break;
          }
        }
        if (store.taken) {
          // The game folded what the replay made: it is loaded again from the log's act, then goes on from a snapshot.
          report.inexact.push(store.taken);
          store.taken = null;
          game.close();
          game = await Game.load(engine, id);
          await store.saveSnapshot(id, { seq: game.state.seq, state: game.state });
        }
        made = await store.readActs(id, before);
        if (made.length === 0) {
          report.differences.push({ seq: act.seq, kind: act.input.kind, parts: [], detail: "the replay recorded no act for it" });
          report.stopped = `act ${act.seq} made no act on replay, so the acts after it cannot be compared`;
          break;
        }
      }
      // One input can make several acts (timers due at the same moment): each is compared with the log's next.
      let aligned = true;
      for (const replayed of made) {
        const recorded = acts[i];
        if (!recorded) {
          report.stopped = `the replay made act ${replayed.seq}, past the log's last act`;
          aligned = false;
          break;
        }
        report.compared++;
        i++;
        const difference = compare(recorded, replayed);
        if (!difference) continue;
        report.differences.push(difference);
        // A different input means the replay took another path: what follows cannot line up.
        if (difference.parts.includes("input")) {
          report.stopped = `act ${recorded.seq}'s input differs on replay, so the acts after it cannot be compared`;
          aligned = false;
          break;
        }
      }
      if (!aligned) break;
      if (report.differences.length >= max && i < acts.length) {
        report.stopped = `stopped after ${max} differing acts`;
        break;
      }
    }
  } finally {
    game?.close();
    store.close();
  }
  if (report.inexact.length > 0) {
    const n = report.inexact.length;
    report.caveats.push(
      `${n} message act${n === 1 ? "" : "s"} could not be re-run exactly: the rules read ${n === 1 ? "its" : "their"} text, which is gone (${report.inexact.map((a) => `act ${a.seq}: ${a.detail}`).join("; ")}); the log's effects were taken for ${n === 1 ? "it" : "them"}, and the acts after compared on that footing`,
    );
  }
  if (seen.code > 0) {
    report.caveats.push(
      `${seen.code} piece${seen.code === 1 ? "" : "s"} of rule code in players' inputs ${seen.code === 1 ? "was" : "were"} compiled again from source by this version of Nomos; a different compiler would show as a difference in those acts' input`,
    );
  }
  report.identical = report.differences.length === 0 && report.stopped === null && report.compared === acts.length;
  return report;
}
