/**
 * How much rule code may do: the one place for every limit, read by the guest runtime
 * (which charges a breach to the rule that made it) and by the host (which trusts nothing
 * the sandbox returns and checks the same bounds again). Numbers are per act unless they
 * say otherwise; an act is one input and everything the rules make of it.
 */
export const limits = {
  /** Interrupt ticks of QuickJS (each about 10,000 operations) one act may use. */
  fuel: 1000,
  /** CPU time one act may take in the sandbox, built-ins included, before it is stopped (ms; src/sandbox/thread-clock.ts). */
  actMs: 500,
  /**
   * CPU time one act may take when a log is replayed to verify it (ms). A replay honours
   * the stops the log records; an act that was not stopped finished in time once, so a
   * slower machine must not stop it now and report a difference that is not there.
   */
  replayActMs: 30_000,
  /** CPU time loading a game's rules into a fresh sandbox may take (ms). */
  bootMs: 5000,
  /** The largest single allocation of one game's sandbox (bytes): QuickJS's own limit, which under Emscripten bounds no more than that. */
  memoryBytes: 64 * 1024 * 1024,
  /**
   * All the memory of one game's sandbox, its WebAssembly memory (bytes). Well above one act's
   * needs: whether an act runs out depends on what earlier acts left in the heap, so a bound
   * near them would make acts fail, or replays differ, by history.
   */
  sandboxMemoryBytes: 256 * 1024 * 1024,
  /** JavaScript heap of the thread around a game's sandbox (MB): its messages, not the rules' memory. */
  sandboxHeapMb: 128,
  /** Wall time a sandbox's thread may take to start, before any rule runs (ms). */
  sandboxStartMs: 60_000,
  /** Runs of one act that may be interrupted (fuel, memory, time) before the act fails unrecorded. */
  interruptedRuns: 4,
  /** QuickJS stack (bytes): larger stacks let deep recursion overflow the host. */
  stackBytes: 256 * 1024,
  /** Effects one act may record, and their size as JSON (characters). */
  effects: 10_000,
  effectsChars: 1_000_000,
  /** One state value as JSON (characters), entries in one record state, and all of a game's state. */
  valueChars: 256_000,
  recordEntries: 10_000,
  stateChars: 8_000_000,
  /** Events one act may raise (rules triggering each other). */
  events: 2000,
  /** Messages one act may post, and the length of one. */
  messages: 100,
  messageChars: 10_000,
  /** Timers a game may have pending, and that one act may set. */
  timers: 1000,
  timersPerAct: 100,
  /** A timer set while one of the same rule's timers fires is due at least this much later (ms). */
  timerChainGapMs: 60_000,
  /** Officers' decisions a game may have open (src/kernel/decisions.ts). */
  decisions: 1000,
  /** Timer acts a game makes in a row before it lets other games run. */
  timerActsInARow: 50,
  /** Levels of nesting of one JSON value (a state value, event data, a timer's data). */
  jsonDepth: 64,
  /** Names of state, actions, events, questions and timers; keys of record entries. */
  nameChars: 100,
  keyChars: 200,
  /** Text of a rule, title, cause or reason (characters). */
  textChars: 100_000,
  /**
   * CPU time and memory of one type-check of rule code, off the event loop (ms; src/sandbox/thread-clock.ts).
   * The largest preset rule (N_omic's 324, 19 KB) takes about 2 s as a fresh checker's first check.
   */
  checkMs: 5_000,
  checkMemoryMb: 512,
} as const;

/** Names a host record must never take: they reach an object's prototype instead of a key. */
export const reservedNames: readonly string[] = ["__proto__", "constructor", "prototype"];

/** Why a name (of state, an action, an event, a question, a timer) or a key cannot be used, or null if it can. */
export function nameProblem(name: unknown, what: string, max: number = limits.nameChars): string | null {
  if (typeof name !== "string" || name.length === 0) return `${what} needs a name (a non-empty string)`;
  if (name.length > max) return `${what} "${name.slice(0, 40)}…" is too long (at most ${max} characters)`;
  if (reservedNames.includes(name)) return `${what} cannot be named "${name}" (a reserved word of JavaScript objects)`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(name)) return `${what} "${JSON.stringify(name)}" contains control characters`;
  return null;
}
