/** Nomic VIII's extras, registered in ../../extras.ts: its scripted season, for six players by default. */
import type { PresetExtras } from "../../extras.js";
import { playViii } from "./play.js";

const extras: PresetExtras = { play: playViii, bots: 6 };
export default extras;
