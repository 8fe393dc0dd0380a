/**
 * The sandboxes a server's games hold running now: a worker thread each, the bulk of a loaded
 * game's memory. Counted where they are made, for the operator's figures (bench:idle) and the
 * tests of idle games; a sandbox leaves the count when disposed or stopped.
 */
import type { Sandbox, SandboxFactory } from "../kernel/sandbox.js";

export class RunningSandboxes {
  private readonly live = new Set<Sandbox>();

  /** `make`, with each sandbox it makes counted. */
  counting(make: SandboxFactory): SandboxFactory {
    return async () => {
      const sandbox = await make();
      const counted: Sandbox = {
        get alive() {
          return sandbox.alive;
        },
        boot: (snapshot) => sandbox.boot(snapshot),
        handle: (request) => sandbox.handle(request),
        query: (request) => sandbox.query(request),
        dump: () => sandbox.dump(),
        dispose: () => {
          this.live.delete(counted);
          sandbox.dispose();
        },
      };
      this.live.add(counted);
      return counted;
    };
  }

  /** How many run now. */
  count(): number {
    for (const sandbox of this.live) if (!sandbox.alive) this.live.delete(sandbox);
    return this.live.size;
  }
}
