/** N_omic's extras, registered in ../../extras.ts. Its turn and rule-changes read as Suber's, from which it grew. */
import type { PresetExtras } from "../../extras.js";
import { turnView } from "../../suber/extras/cli.js";
import { playNomic } from "./play.js";

const extras: PresetExtras = { play: playNomic, turn: turnView };
export default extras;
