/** Loading a game's state into a fresh sandbox: what the guest gets, and a sandbox booted with it. */
import type { EngineOptions } from "./game.js";
import type { BootSnapshot } from "./guest-protocol.js";
import { founderOf } from "./participants.js";
import type { Sandbox } from "./sandbox.js";
import type { GameState } from "./types.js";

/** A fresh sandbox with the state loaded; one that cannot boot is not kept. */
export async function bootedSandbox(options: EngineOptions, state: GameState): Promise<Sandbox> {
  const sandbox = await options.sandbox();
  try {
    await sandbox.boot(bootSnapshot(state));
    return sandbox;
  } catch (err) {
    sandbox.dispose();
    throw err;
  }
}

/** What the guest needs to rebuild its mirror of a game. */
export function bootSnapshot(state: GameState): BootSnapshot {
  return {
    rules: Object.values(state.rules),
    players: state.players,
    values: state.values,
    timers: Object.values(state.timers),
    ...(state.channels ? { channels: Object.values(state.channels) } : {}),
    decisions: Object.values(state.decisions ?? {}),
    status: state.status,
    ...(state.applicants?.length ? { applicants: state.applicants } : {}),
    ...(state.observers?.length ? { observers: state.observers } : {}),
    founder: founderOf(state),
    skip: state.broken,
    suspended: state.suspended ?? {},
    statusCorrected: state.statusCorrected ?? {},
  };
}
