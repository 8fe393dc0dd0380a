/**
 * A scripted player of Nomic VIII: the season (./season.ts) says what each player does and
 * when, as a story; the bot says it in its own words, from its own seeded random source (the
 * engine's belongs to the rules): which phrase it votes with, what its proposals and its
 * chatter say, a few minutes' lateness.
 */
import { botRandom, pick, type Random } from "../../../bots/random.js";
import type { Side } from "./state.js";

const phrases: Record<Side | "withdraw", string[]> = {
  for: ["aye", "Aye", "yay", "yes", "Yes", "y", "AYE"],
  against: ["nay", "Nay", "no", "n", "NO"],
  withdraw: ["withdraw", "abstain"],
};

const titles = ["Quiet hours", "Tea at four", "The Archivist", "Proposal titles", "Weekly digest", "Haiku Fridays", "Polite objections", "The Scribe"];
const bodies = [
  "No player shall post in the Proposals channel between 02:00 and 06:00 UTC.",
  "Tea is served at four, UTC, and every player is welcome to it.",
  "The Archivist keeps a list of every adopted proposal, in the General channel, once a week.",
  "Every proposal shall have a title of at most eight words.",
  "Each Monday a player volunteers to post a digest of the week's votes.",
  "On Fridays every message in the General channel shall be a haiku.",
  "A player who objects to a request to join says why, in one sentence.",
  "The Scribe copies each Judgment into the General channel within a day.",
];
const greetings = ["Morning, all.", "Still here, still reading.", "Quiet day today.", "Back from lunch.", "What a week.", "Checking in."];

export class ViiiBot {
  private readonly random: Random;

  constructor(
    readonly player: string,
    seed: string,
  ) {
    this.random = botRandom(`nomic-viii:${seed}:${player}`);
  }

  /** The message that votes this way, in this player's favourite spelling (Rule 207's phrases, Rule 206's withdrawal). */
  word(side: Side | "withdraw"): string {
    return pick(this.random, phrases[side]);
  }

  /** A proposal of the bot's own: a short rule of custom (text only). */
  idea(): { title: string; text: string } {
    const i = Math.floor(this.random() * titles.length);
    return { title: titles[i]!, text: bodies[i]! };
  }

  /** Something to say in the General channel (presence, Rule 109). */
  chatter(): string {
    return pick(this.random, greetings);
  }

  /** A few minutes of lateness, up to `most`, in ms: players do not act on the stroke of the hour. */
  late(most = 50): number {
    return Math.floor(this.random() * most) * 60_000;
  }
}
