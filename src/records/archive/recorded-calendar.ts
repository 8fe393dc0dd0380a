/**
 * A replay reads back the calendar answers its log recorded (game.calendar: local time in a
 * time zone, which only the host knows) instead of asking this machine again: its
 * time-zone data may be older or newer than the one that played the game.
 */
import type { SandboxFactory } from "../../kernel/sandbox.js";
import type { Act } from "../../kernel/types.js";

/** `sandbox`, handing each act of `acts` the calendar answers recorded in it. */
export function withRecordedCalendar(sandbox: SandboxFactory, acts: readonly Act[]): SandboxFactory {
  const answers = new Map(
    acts.map((a) => [a.seq, a.effects.flatMap((e) => (e.e === "calendar" ? [{ ask: e.ask, value: e.value }] : []))] as const).filter(([, list]) => list.length),
  );
  if (answers.size === 0) return sandbox;
  return async () => {
    const inner = await sandbox();
    return {
      boot: (snapshot) => inner.boot(snapshot),
      handle: (request) => {
        const calendar = answers.get(request.seq);
        return inner.handle(calendar ? { ...request, calendar } : request);
      },
      query: (request) => inner.query(request),
      dump: () => inner.dump(),
      get alive() {
        return inner.alive;
      },
      dispose: () => inner.dispose(),
    };
  };
}
