/**
 * Scripted players for Suber's Initial Set, for demos, tests and benchmarks. A bot only
 * chooses; the driver (./driver.ts) acts for it through the Game's public API, as a
 * person at the command line would. A bot is deterministic given its seed: its
 * randomness is its own, never the engine's.
 */
import type { Game } from "../../../kernel/game.js";
import type { Json, RuleRecord } from "../../../kernel/types.js";
import { botRandom, pick, type Random } from "../../../bots/random.js";

export { botRandom } from "../../../bots/random.js";
export { playBotGame, type BotPlayer, type DriverOptions, type TurnReport } from "./driver.js";

/** Rule 209 allows at most 25 mutable rules; at 24 a bot repeals rather than enacts. */
const crowded = 24;
const cap = 25;

const subjects = [
  "The Judge",
  "Every player",
  "The proposer",
  "The scorekeeper",
  "The youngest player",
  "The player to move",
  "Each voter",
  "The last player to join",
];
const duties = [
  "shall announce each vote aloud",
  "may speak only in rhyme",
  "must thank the previous player",
  "shall keep a public diary of moves",
  "may not use the letter Q",
  "shall greet newcomers warmly",
  "must wear a hat while proposing",
  "shall summarize the ruleset on request",
];
const qualifiers = [
  "except on Sundays",
  "unless the Judge objects",
  "during the first circuit only",
  "whenever the score is tied",
  "if asked politely",
  "for the rest of the game",
];

export interface BotOptions {
  seed: string;
  /** The chance of voting for another player's proposal (default 0.8). */
  favour?: number;
}

export class SuberBot {
  private readonly random: Random;
  private readonly favour: number;

  constructor(
    readonly player: string,
    options: BotOptions,
  ) {
    this.random = botRandom(`${options.seed}:${player}`);
    this.favour = options.favour ?? 0.8;
  }

  /**
   * Rule-changes to propose now, best first. The first is the bot's choice; the rest are
   * fallbacks the driver tries in order when the rules refuse one.
   */
  proposals(game: Game): Json[] {
    const rules = Object.values(game.state.rules);
    const mutableCount = rules.filter((r) => r.mutable).length;
    // Rules the bots invented: numbered from the proposals (301 on) and text only, so
    // amending or repealing them never touches a mechanic of the game.
    const invented = rules.filter((r) => r.number >= 301 && r.code === null);
    const ownMutable = invented.filter((r) => r.mutable);
    const ownImmutable = invented.filter((r) => !r.mutable);

    const roll = this.random();
    let first: Json;
    if (mutableCount >= crowded && ownMutable.length) first = this.repeal(ownMutable);
    else if (roll < 0.62 || ownMutable.length === 0) first = this.enact();
    else if (roll < 0.8) first = this.amend(ownMutable);
    else if (roll < 0.96) first = this.repeal(ownMutable);
    else first = this.transmute(ownMutable, ownImmutable, mutableCount);

    const fallbacks: Json[] = [];
    if (mutableCount < cap) fallbacks.push(this.enact());
    for (const rule of ownMutable) fallbacks.push({ kind: "repeal", rule: rule.number });
    if (ownMutable.length) fallbacks.push(this.amend(ownMutable));
    return [first, ...fallbacks];
  }

  /** For its own proposal always; for others' with the bot's favour. */
  vote(_game: Game, proposal: { proposer: string }): "for" | "against" {
    if (proposal.proposer === this.player) return "for";
    return this.random() < this.favour ? "for" : "against";
  }

  private sentence(): string {
    return `${pick(this.random, subjects)} ${pick(this.random, duties)}`;
  }

  private enact(): Json {
    return { kind: "enact", text: `${this.sentence()}.` };
  }

  private amend(candidates: RuleRecord[]): Json {
    const rule = pick(this.random, candidates);
    // Invented texts have a comma only before a qualifier: amending swaps the qualifier.
    const base = (rule.text.split(",")[0] ?? rule.text).replace(/\.$/, "");
    return { kind: "amend", rule: rule.number, text: `${base}, ${pick(this.random, qualifiers)}.` };
  }

  private repeal(candidates: RuleRecord[]): Json {
    return { kind: "repeal", rule: pick(this.random, candidates).number };
  }

  /** Rarely: an invented immutable rule back to mutable (if there is room), else a mutable one to immutable. */
  private transmute(ownMutable: RuleRecord[], ownImmutable: RuleRecord[], mutableCount: number): Json {
    const pool = ownImmutable.length && mutableCount < crowded ? ownImmutable : ownMutable;
    return pool.length ? { kind: "transmute", rule: pick(this.random, pool).number } : this.enact();
  }
}
