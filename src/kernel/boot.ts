/** Loading a game's state into a fresh sandbox: what the guest gets, and a sandbox booted with it. */
import type { EngineOptions } from "./game.js";
import type { BootSnapshot } from "./guest-protocol.js";
import { founderOf } from "./participants.js";
import { SandboxInterrupted, type Sandbox } from "./sandbox.js";
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

/**
 * A sandbox booted with `state` as it stands when the rules are first asked something: a
 * game loaded only to be read (a lobby listing a player's games) starts no worker. A boot
 * that fails is tried again at the next call.
 */
export function lazySandbox(options: EngineOptions, state: GameState): Sandbox {
  let booted: Promise<Sandbox> | null = null;
  let inner: Sandbox | null = null;
  let disposed = false;
  const ready = (): Promise<Sandbox> => {
    if (disposed) return Promise.reject(new SandboxInterrupted("crash", "this sandbox was disposed"));
    booted ??= bootedSandbox(options, state).then(
      (sandbox) => {
        if (disposed) sandbox.dispose();
        return (inner = sandbox);
      },
      (err: unknown) => {
        booted = null;
        throw err;
      },
    );
    return booted;
  };
  return {
    get alive() {
      return !disposed && (inner?.alive ?? true);
    },
    boot: async (snapshot) => (await ready()).boot(snapshot),
    handle: async (request) => (await ready()).handle(request),
    query: async (request) => (await ready()).query(request),
    dump: async () => (await ready()).dump(),
    dispose: () => {
      disposed = true;
      inner?.dispose();
    },
  };
}
