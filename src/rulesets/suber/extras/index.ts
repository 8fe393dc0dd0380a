/** Suber's extras, registered in ../../extras.ts. */
import type { PresetExtras } from "../../extras.js";
import { turnView } from "./cli.js";
import { playSuber } from "./play.js";

const extras: PresetExtras = { play: playSuber, turn: turnView };
export default extras;
