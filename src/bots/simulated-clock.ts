/**
 * The clock of a simulated game: it starts where asked, moves one step per reading (so acts
 * have distinct, reproducible times) and jumps ahead when the driver waits out a period the
 * rules impose (a day of discussion, the hours until a vote). It never goes back.
 */
export class SimulatedClock {
  private time: number;
  constructor(
    start: number,
    private readonly step = 60_000,
  ) {
    this.time = start;
  }
  readonly now = (): number => (this.time += this.step);
  advance(ms: number): void {
    this.time += Math.max(0, ms);
  }
  /** Moves the clock to `at`, if that is later than its time. */
  moveTo(at: number): void {
    this.time = Math.max(this.time, at);
  }
}
