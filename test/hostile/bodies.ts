/**
 * The hostile rule bodies: one table, split by class into files of its own. Each body is
 * the TypeScript of a rule a hostile player proposes in a game of Suber's set; the harness
 * (harness.ts) has it adopted, triggers it, plays on, and checks what a player cares about.
 */
import { authorityBodies, ossificationBodies } from "./bodies-authority.js";
import { blameBodies } from "./bodies-blame.js";
import { forgeryBodies } from "./bodies-forgery.js";
import { limitsBodies } from "./bodies-limits.js";
import { realmBodies } from "./bodies-realm.js";
import { replayBodies, secretBodies, terminalBodies } from "./bodies-secrets.js";

export type BodyClass = "realm" | "limits" | "blame" | "authority" | "forgery" | "ossification" | "secrets" | "replay" | "terminal";

export interface Body {
  id: string;
  class: BodyClass;
  /** What the body tries, in a line. */
  what: string;
  /** The rule's TypeScript. */
  code: string;
  title?: string;
  text?: string;
  /**
   * How it is set off once adopted: "attack" is the action the body declares, taken by the
   * rule's author; "play" means its handlers fire during the play that follows (the next
   * proposal, votes, turn).
   */
  trigger: "attack" | "play";
  attackInput?: Record<string, unknown>;
  /** The attack must be refused or fail, named to the hostile rule (a change it may not make). */
  attackMustFail?: boolean;
  /** Adopting it must be refused, with the reason shown: it would stop rule-changes being adopted. */
  adoptionMustFail?: boolean;
  /** Played in a game whose players each hold an owner-only secret word. */
  secret?: boolean;
  /**
   * Played through the server only: its class's defence lies wholly in the engine, and a sibling
   * body plays it through the CLI too (a CLI body starts Node some twenty times, ~15 s).
   */
  serverOnly?: boolean;
}

/** A string hostile bodies put into what they forge, so the log shows whose it really is. */
export const MARK = "HOSTILE-MARK";

/**
 * The mark is written in rule code as "HOSTILE-\u004DARK", so that the code itself (which the
 * proposals record and the rule's history carry) never holds it: only what the code makes does.
 */
const unmarked = (b: Body): Body => ({ ...b, code: b.code.replaceAll(MARK, "HOSTILE-\\u004DARK") });

/**
 * Classes whose defence lies wholly in the guest and the engine, the same code the server runs:
 * through the CLI only a few of each play, those that show what the CLI adds (its words, its
 * exit codes, a process that survives, and rule code that every command boots again: the limits
 * bodies that strike as a rule loads), and the rest are `serverOnly`, each still played through
 * the server. Classes not named here (forgery, secrets, replay, terminal: what the CLI prints and
 * records of its own) play whole through the CLI. 38 of the 91 bodies play through it, the
 * suite's longest file.
 */
const cliRepresentatives: Partial<Record<BodyClass, ReadonlySet<string>>> = {
  realm: new Set(["realm-json-parse", "realm-proxy-answer", "realm-constructor-escape"]),
  blame: new Set(["blame-top-level-builtin", "blame-forbid-loop", "blame-event-data-huge"]),
  limits: new Set([
    "limits-array-join",
    "limits-huge-string",
    "limits-state-20mb",
    "limits-emit-storm",
    "limits-loop-after-adoption",
    "limits-loop-when-armed",
    "limits-module-memory",
    "limits-slow-types",
  ]),
  authority: new Set(["authority-amend-101", "authority-apply-all", "authority-forged-js"]),
  ossification: new Set(["ossify-forbid-propose", "ossify-decoy-repeal-104", "ossify-turn-blocked"]),
};
const engineOnly = (b: Body): Body => {
  const played = cliRepresentatives[b.class];
  return played && !played.has(b.id) ? { ...b, serverOnly: true } : b;
};

export const bodies: Body[] = [
  ...realmBodies,
  ...limitsBodies,
  ...blameBodies,
  ...authorityBodies,
  ...forgeryBodies,
  ...ossificationBodies,
  ...secretBodies,
  ...replayBodies,
  ...terminalBodies,
].map((b) => engineOnly(unmarked(b)));

// A representative misspelt would leave its class unplayed through the CLI, silently.
for (const [cls, ids] of Object.entries(cliRepresentatives))
  for (const id of ids) if (!bodies.some((b) => b.id === id && b.class === cls)) throw new Error(`no ${cls} body "${id}" to play through the CLI`);

/**
 * The bodies a run plays, by an environment variable: "even" or "odd" plays every other one, and
 * unset or "all" plays them all. CI plays one half on each Node version (.ci/run), so that every
 * body is played on one of them, through the CLI (HOSTILE_CLI) and through the server
 * (HOSTILE_SERVER), and neither suite's time is paid twice.
 */
export function half<T>(list: readonly T[], variable: "HOSTILE_CLI" | "HOSTILE_SERVER"): T[] {
  const which = process.env[variable];
  if (which !== undefined && which !== "even" && which !== "odd" && which !== "all") throw new Error(`${variable} is "even", "odd" or "all", not "${which}"`);
  return list.filter((_, i) => (which === "even" ? i % 2 === 0 : which === "odd" ? i % 2 === 1 : true));
}
