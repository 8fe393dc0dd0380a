/**
 * Dry runs, a few at a time (issue 34): each boots a sandbox of its own (a worker thread and up
 * to `limits.sandboxMemoryBytes` of memory) and plays every step in it, so twelve at once from one
 * player took 2.4 GB and 44 threads. A server runs `running` of them at once and queues up to
 * `waiting` more, in order; one person holds at most `perPerson` of those places. Beyond that the
 * request is refused at once with a 429 in words, before any sandbox starts.
 */
import { ApiError } from "./errors.js";

export interface DryRunLimit {
  running: number;
  waiting: number;
  perPerson: number;
}

/** Two cores: two previews at once, a few more waiting; two per person (one running, one waiting). */
export const defaultDryRunLimit: DryRunLimit = { running: 2, waiting: 6, perPerson: 2 };

export class DryRunSlots {
  private active = 0;
  private readonly queue: (() => void)[] = [];
  private readonly held = new Map<string, number>();

  constructor(private readonly limit: DryRunLimit) {}

  /** Waits for a place for `person`'s dry run, or refuses it; the place is given back by `release`. */
  async enter(person: string): Promise<() => void> {
    const mine = this.held.get(person) ?? 0;
    if (mine >= this.limit.perPerson)
      throw new ApiError(429, "too-many-previews", `you have ${mine} previews under way already; wait for them to finish, then try again`);
    if (this.active >= this.limit.running && this.queue.length >= this.limit.waiting)
      throw new ApiError(429, "too-many-previews", "the server is busy with other players' previews; try again in a few seconds");
    this.held.set(person, mine + 1);
    if (this.active < this.limit.running) this.active++;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(person) ?? 1) - 1;
      if (left > 0) this.held.set(person, left);
      else this.held.delete(person);
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    };
  }
}
