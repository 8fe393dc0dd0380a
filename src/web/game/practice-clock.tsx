/**
 * A practice game's clock: how far the group has moved it ahead of real time, and buttons
 * to move it on (an hour, a day, or to the next deadline), so that a ruleset that waits a
 * day for discussion can be learnt in one sitting. Shows nothing in a game that is not practice.
 */
import { useState } from "preact/hooks";
import { post } from "../api.js";
import { relative, timerWords } from "../format.js";
import { durationWords } from "../../present/practice-clock.js";
import type { GamePage } from "../types.js";

type Timer = GamePage["timers"][number];

/** A timer's words: what its rule said happens then, else its name in words. */
export const deadlineWords = (t: Timer) => t.describe ?? timerWords(t.name);

/**
 * The deadlines soonest first, those saying the same thing for the same rule as one (a check
 * per player reads once): the first of each, and how many more follow.
 */
export function deadlineGroups(timers: readonly Timer[]): { first: Timer; words: string; more: number }[] {
  const groups = new Map<string, { first: Timer; words: string; more: number }>();
  for (const t of [...timers].sort((a, b) => a.at - b.at)) {
    const words = deadlineWords(t);
    const group = groups.get(`${t.rule} ${words}`);
    if (group) group.more++;
    else groups.set(`${t.rule} ${words}`, { first: t, words, more: 0 });
  }
  return [...groups.values()];
}

/** The game's time now: real time, plus how far a practice game's clock was moved ahead. Deadlines count from it. */
export function gameNow(page: GamePage, realNow = Date.now()): number {
  return realNow + (page.practice?.aheadMs ?? 0);
}

export function PracticeClock({ page, onChanged }: { page: GamePage; onChanged(seq?: number): Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!page.practice || page.view.status === "over") return null;
  const ahead = page.practice.aheadMs;
  const next = [...page.timers].sort((a, b) => a.at - b.at)[0];

  const move = async (body: { forward: string } | { toNextDeadline: true }, said: string) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const { seq } = await post<{ seq: number }>(`/api/games/${page.id}/clock`, body);
      setDone(`The clock moved forward ${said}.`);
      await onChanged(seq);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="practice-clock" aria-labelledby="practice-clock-title">
      <p>
        <strong id="practice-clock-title">Practice game</strong> —{" "}
        {ahead > 0 ? `the clock is ${durationWords(ahead)} ahead of real time.` : "the clock keeps real time until the group moves it forward."}{" "}
        <span class="muted">Anyone in the game can move it forward (never back); each move is recorded in the log.</span>
      </p>
      <div class="practice-clock-moves">
        <button type="button" class="secondary" disabled={busy} onClick={() => move({ forward: "1 hour" }, "1 hour")}>
          +1 hour
        </button>
        <button type="button" class="secondary" disabled={busy} onClick={() => move({ forward: "1 day" }, "1 day")}>
          +1 day
        </button>
        {next && (
          <button type="button" class="secondary" disabled={busy} onClick={() => move({ toNextDeadline: true }, "to the next deadline")}>
            To the next deadline ({next.describe ? `${next.describe}, Rule ${next.rule}` : `Rule ${next.rule}'s ${timerWords(next.name)}`},{" "}
            {relative(next.at, gameNow(page))})
          </button>
        )}
      </div>
      {done && (
        <p class="ok" role="status">
          {done}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
