/**
 * Scripted players for N_omic (April 2001). As with the Suber bots, a bot only chooses,
 * from its own seeded random source; the driver (./driver.ts) acts for it.
 */
import type { Game } from "../../../kernel/game.js";
import type { Json, RuleRecord } from "../../../kernel/types.js";
import { amountOf, filesOf, moveCost, playersOf, positionOf, proposalsOf, suggestionsOf, type NomicProposal, type Square, type Vote } from "./state.js";
export { playNomicGame, SimulatedClock, type NomicDriverOptions, type NomicTurnReport } from "./driver.js";
import { botRandom, pick, shuffle, type Random } from "../../../bots/random.js";

/** Rule 209: at most 25 mutable rules. Every plan keeps the count within it, change by change. */
const cap = 25;

const subjects = [
  "The mover",
  "Each Player",
  "Whoever holds the most Groks",
  "The Judge",
  "The proponent",
  "The last voter",
  "Whoever stands highest on the board",
  "Every Reyalp",
];
const duties = [
  "shall hum while voting",
  "must count eir Groks aloud",
  "may walk the cylinder only clockwise",
  "shall praise the previous proposal",
  "must sign each message with a haiku",
  "shall keep a hand-drawn map of the board",
  "may read the Epic Poem only backwards",
  "shall bow to row ten",
];
const conditions = [
  "on Tuesdays",
  "while a discussion lasts",
  "unless the poem rhymes",
  "whenever a Grok changes hands",
  "after a win",
  "in leap years only",
  "if the Judge agrees",
];
const openers = [
  "Across the cylinder",
  "Beneath row ten",
  "With fifty Groks",
  "Where labels hide",
  "From the suggestions list",
  "Through a day of discussion",
  "Past the highest square",
];
const middles = [
  "the players wander slow",
  "a proposal waits its turn",
  "the Judge keeps watch",
  "a bought vote tips the scale",
  "the poem grows a line",
  "the files wrap round again",
  "a forehead keeps its word",
];
const endings = [",", ";", "...", "!", "."];

/** What the driver needs of a bot: every choice of a turn, and of the turns of others. */
export interface NomicBotPlayer {
  readonly player: string;
  /** A change to put on the suggestions list now (replacing eir own), or null. */
  suggestion(game: Game): Json | null;
  /** How many extra rule-changes to buy in the Purchase phase. */
  purchase(game: Game): number;
  /** Inputs for `propose` with `wanted` rule-changes, best first; the driver tries them in order. */
  proposals(game: Game, wanted: number): Json[];
  /** A new version of the bot's proposal under discussion, or null to keep it. */
  revision(game: Game, proposal: NomicProposal): Json[] | null;
  vote(game: Game, proposal: NomicProposal, last: boolean): { vote: Vote; extra: boolean };
  /** Squares to move to, best first; none to stay. */
  moves(game: Game): Square[];
  /** Whether to add the poem lines early in the turn rather than after moving. */
  poemFirst(game: Game): boolean;
  poem(game: Game): string[];
}

export interface NomicBotOptions {
  seed: string;
  /** The chance of voting for another player's proposal (default 0.8). */
  favour?: number;
}

export class NomicBot implements NomicBotPlayer {
  private readonly random: Random;
  private readonly favour: number;

  constructor(
    readonly player: string,
    options: NomicBotOptions,
  ) {
    this.random = botRandom(`n_omic:${options.seed}:${player}`);
    this.favour = options.favour ?? 0.8;
  }

  suggestion(game: Game): Json | null {
    // Most bots keep one suggestion on the list, so that movers can use it; few replace it.
    if (this.random() >= (suggestionsOf(game).has(this.player) ? 0.1 : 0.6)) return null;
    const own = invented(game).filter((r) => r.mutable && ownerOf(game, r.number) === this.player);
    const roll = this.random();
    if (own.length && roll < 0.3) return this.amend(pick(this.random, own));
    // A repeal keeps room under Rule 209's cap for the enactments on the list.
    if (own.length && roll < 0.55) return { kind: "repeal", rule: pick(this.random, own).number };
    return this.enact();
  }

  purchase(game: Game): number {
    const groks = amountOf(game, "groks", this.player);
    const roll = this.random();
    // Two suggestions pay the proponent 125 Groks for the 50 spent.
    const pair = this.listed(game, 2);
    if (groks >= 50 && pair && roll < (pair.discarded ? 0.3 : 0.5)) return 1;
    // Rich: more changes of its own, where the cap leaves room for them.
    if (groks >= 150 && roll < 0.7 && capacity(game) >= 2) return groks >= 300 && capacity(game) >= 3 && this.random() < 0.5 ? 2 : 1;
    return 0;
  }

  proposals(game: Game, wanted: number): Json[] {
    const found = this.listed(game, wanted);
    // A single change from the list is worth proposing only if it can take effect.
    const listed = found && (wanted > 1 || found.discarded === 0) ? found.players : null;
    const own = this.plan(game, wanted);
    const inputs: Json[] = [];
    const fromList = listed !== null && (own === null || this.random() < 0.65);
    if (fromList) inputs.push({ suggestions: listed });
    if (own) inputs.push({ changes: own });
    if (listed && !fromList) inputs.push({ suggestions: listed });
    const again = this.plan(game, wanted);
    if (again) inputs.push({ changes: again });
    return inputs;
  }

  revision(game: Game, proposal: NomicProposal): Json[] | null {
    return this.random() < 0.15 ? this.plan(game, proposal.changes.length) : null;
  }

  vote(game: Game, proposal: NomicProposal, last: boolean): { vote: Vote; extra: boolean } {
    const mine = proposal.proposer === this.player;
    const vote: Vote = mine || this.random() < this.favour ? "for" : "against";
    // Rule 311: 100 Groks for the additional vote, 150 for the last to vote; keep a little back.
    const price = last ? 150 : 100;
    const extra = amountOf(game, "groks", this.player) >= price + 25 && this.random() < (mine ? 0.6 : 0.12);
    return { vote, extra };
  }

  moves(game: Game): Square[] {
    const at = positionOf(game, this.player);
    if (!at || at.y === 0 || at.y === 10 || this.random() < 0.1) return [];
    // Towards row 0 (100 points), as far as Rule 324 allows and the Groks reach.
    const reach = Math.max(2, playersOf(game).length) - 1;
    const files = filesOf(game);
    const groks = amountOf(game, "groks", this.player);
    const toward = Math.sign(-at.y);
    const out: Square[] = [];
    for (let d = reach; d >= 1; d--) {
      const y = toward < 0 ? Math.max(0, at.y - d) : Math.min(0, at.y + d);
      if (y === 10 || y === at.y || out.some((s) => s.y === y)) continue;
      if (moveCost(at.y, y) > groks) continue;
      out.push({ x: (at.x + pick(this.random, [-1, 0, 1]) + files) % files, y });
    }
    return out;
  }

  poemFirst(_game: Game): boolean {
    return this.random() < 0.4;
  }

  poem(_game: Game): string[] {
    const count = 1 + Math.floor(this.random() * 5);
    return Array.from({ length: count }, () => `${pick(this.random, openers)} ${pick(this.random, middles)}${pick(this.random, endings)}`);
  }

  /**
   * `wanted` other Players' suggestions the rules will take now, those that can all take
   * effect first, and how many of the rest Rule 324 would discard at adoption (each costs
   * 5 points); or null if the list holds too few.
   */
  private listed(game: Game, wanted: number): { players: string[]; discarded: number } | null {
    const now = mutableCount(game);
    const proposable = shuffle(
      this.random,
      [...suggestionsOf(game)].filter(([player, change]) => {
        const c = change as { kind?: string; rule?: number };
        const target = c.rule === undefined ? undefined : game.state.rules[c.rule];
        return player !== this.player && (c.kind === "enact" ? now < cap : target?.mutable === true);
      }),
    );
    let count = now;
    const touched = new Set<number>();
    const fits = ([, change]: [string, Json]): boolean => {
      const c = change as { kind?: string; rule?: number };
      if (c.kind === "enact") {
        if (count >= cap) return false;
        count++;
        return true;
      }
      if (c.rule === undefined || touched.has(c.rule)) return false;
      touched.add(c.rule);
      if (c.kind !== "amend") count--;
      return true;
    };
    // Rule 209 counts the earlier changes of a proposal: every suggestion used must fit in turn.
    const first = proposable.filter(fits);
    if (first.length < wanted) return null;
    return { players: first.slice(0, wanted).map(([player]) => player), discarded: 0 };
  }

  /**
   * `wanted` own rule-changes that can be enacted one after another within Rule 209's cap,
   * touching only rules invented in play (the bot's own first, others' when it has none
   * and cannot enact), or null if there is no such plan. Rule 209 counts the earlier changes
   * of the proposal, so below the cap an untouched rule is worth two changes (repeal it,
   * then enact in its place).
   */
  private plan(game: Game, wanted: number): Json[] | null {
    const all = invented(game).filter((r) => r.mutable);
    let own = shuffle(
      this.random,
      all.filter((r) => ownerOf(game, r.number) === this.player),
    );
    let others = shuffle(
      this.random,
      all.filter((r) => ownerOf(game, r.number) !== this.player),
    );
    let count = mutableCount(game);
    const enactable = count < cap;
    const take = (): RuleRecord => {
      const rule = (own.length ? own : others)[0]!;
      own = own.filter((r) => r !== rule);
      others = others.filter((r) => r !== rule);
      return rule;
    };
    const out: Json[] = [];
    while (out.length < wanted) {
      const free = own.length + others.length;
      const room = enactable ? 2 * free + (cap - count) : free;
      const left = wanted - out.length;
      if (room < left) return null;
      const roll = this.random();
      if (enactable && count < cap && (free === 0 || !own.length || room === left || roll < 0.45)) {
        // With no room to spare an amendment would waste a place, so every change enacts or frees one.
        out.push(this.enact());
        count++;
      } else if (roll < 0.6) {
        out.push({ kind: "repeal", rule: take().number });
        count--;
      } else if (roll < 0.85 && (!enactable || room > left)) {
        out.push(this.amend(take()));
      } else {
        // Entrench one of its rules: it stays, and its place under the cap is free for more.
        out.push({ kind: "transmute", rule: take().number });
        count--;
      }
    }
    return out;
  }

  private enact(): Json {
    return { kind: "enact", text: `${pick(this.random, subjects)} ${pick(this.random, duties)} (${pick(this.random, conditions)}).` };
  }

  /** Invented texts end in a parenthesised condition: the amendment changes it. */
  private amend(rule: RuleRecord): Json {
    const base = rule.text.replace(/\s*\([^()]*\)\.?$/, "").replace(/\.$/, "");
    return { kind: "amend", rule: rule.number, text: `${base} (${pick(this.random, conditions)}).` };
  }
}

function mutableCount(game: Game): number {
  return Object.values(game.state.rules).filter((r) => r.mutable).length;
}

/** Rules made in play, text only: changing them never touches a mechanic of the game. */
function invented(game: Game): RuleRecord[] {
  return Object.values(game.state.rules).filter((r) => r.code === null && (r.history[0]?.seq ?? 0) > 1);
}

/** Whose proposal gave the rule its number (Rule 329), and so whose rule it now is. */
function ownerOf(game: Game, rule: number): string | undefined {
  return proposalsOf(game).find((p) => p.numbers.includes(rule))?.proposer;
}

/** The most own changes a plan can hold now: see `plan`. */
function capacity(game: Game): number {
  const free = invented(game).filter((r) => r.mutable).length;
  const count = mutableCount(game);
  return count < cap ? 2 * free + (cap - count) : free;
}
