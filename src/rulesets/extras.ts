/**
 * What each preset brings besides its rules, for the command line: its scripted players
 * (`nomos play`) and its readings of the game (whose turn it is).
 * A preset registers its extras here, from its own folder; nothing outside src/rulesets/
 * names a preset or reads a game's state by name.
 */
import type { GlobalOptions } from "../cli/context.js";
import type { GameView } from "../kernel/visibility.js";
import nOmic from "./n_omic/extras/index.js";
import nomicViii from "./nomic-viii/extras/index.js";
import suber from "./suber/extras/index.js";
import type { TurnView } from "./suber/extras/cli.js";

export type { TurnView };
export interface PlayOptions {
  preset: string;
  bots: number;
  seed?: string;
  maxTurns: number;
  quiet?: boolean;
}
export type Print = (line: string) => void;

export interface PresetExtras {
  /** `nomos play`: a whole game between the preset's scripted players, one for each name. */
  play?(g: GlobalOptions, o: PlayOptions, seed: string, players: string[], print: Print): Promise<void>;
  /** How many scripted players `nomos play` seats when --bots is not given (4 if not said). */
  bots?: number;
  /** Whose turn it is, and the state that keeps it (shown on its own, not among other state). */
  turn?(view: GameView): { state: string; turn: TurnView } | undefined;
}

/** By preset name (the folder's, as in its preset.json). The first is the default of `nomos play`. */
const registered: Record<string, PresetExtras> = { suber, n_omic: nOmic, "nomic-viii": nomicViii };

export function presetExtras(preset: string | null | undefined): PresetExtras {
  return (typeof preset === "string" && Object.hasOwn(registered, preset) ? registered[preset] : undefined) ?? {};
}

/** The presets whose scripted players `nomos play` can run. */
export const playablePresets: string[] = Object.keys(registered).filter((name) => registered[name]!.play);
