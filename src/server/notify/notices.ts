/**
 * The words of each notification, whichever way it goes (a mail, a push to a browser): what
 * the recipient's own page would show them and nothing more (the game's name, the rule's words
 * for what awaits them, said by the rules to every player; deadlines in their zone). Each
 * channel adds only its own frame: a mail its greeting, link and unsubscribe footer.
 */

/** One thing a game awaits of its recipient. */
export interface Duty {
  does: string;
  rule: number;
  /** When it lapses: by the game's clock in a duty told when new, by the host's in a reminder. */
  until?: number;
}

/** A notification's words: a subject line, then the lines that say it. */
export interface Notice {
  subject: string;
  lines: string[];
  /** Worth nothing later: sent at once even to one who reads a daily digest (a reminder). */
  timely?: true;
}

/** "proposal 301: adopted". */
export interface Outcome {
  kind: string;
  number: string;
  status: string;
}

/** "Tue 1 Dec 2026, 14:00 (Europe/Paris)": a moment in the recipient's zone. */
export function momentIn(time: number, zone = "UTC"): string {
  const words = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(time);
  return `${words} (${zone})`;
}

const dutyLine = (d: Duty, zone?: string) => `  - ${d.does} (rule ${d.rule})${d.until !== undefined ? `, by ${momentIn(d.until, zone)}` : ""}`;
const outcomeLine = (o: Outcome) => `${o.kind} ${o.number}: ${o.status}`;
const hours = (n: number) => (n === 1 ? "an hour" : `${n} hours`);

export function dutiesNotice(gameName: string, duties: Duty[], zone?: string): Notice {
  const more = duties.length > 1 ? ` (and ${duties.length - 1} more)` : "";
  return {
    subject: `${gameName}: the game waits for you to ${duties[0]!.does}${more}`,
    lines: [`In "${gameName}", the game waits for you:`, "", ...duties.map((d) => dutyLine(d, zone))],
  };
}

/** Before a duty lapses; `now` and `duty.until` by the host's clock. */
export function reminderNotice(gameName: string, duty: Duty, now: number, zone?: string): Notice {
  const left = hours(Math.max(1, Math.round((duty.until! - now) / 3_600_000)));
  return {
    timely: true,
    subject: `${gameName}: reminder, ${left} left to ${duty.does}`,
    lines: [`In "${gameName}", the game still waits for you, for about ${left} more:`, "", dutyLine({ does: duty.does, rule: duty.rule }, zone)],
  };
}

export function outcomesNotice(gameName: string, outcomes: Outcome[]): Notice {
  const more = outcomes.length > 1 ? ` (and ${outcomes.length - 1} more)` : "";
  return { subject: `${gameName}: ${outcomeLine(outcomes[0]!)}${more}`, lines: [`In "${gameName}":`, "", ...outcomes.map((o) => `  - ${outcomeLine(o)}`)] };
}

export function gameOverNotice(gameName: string, how: string): Notice {
  return { subject: `${gameName}: the game is over`, lines: [`"${gameName}" is over: ${how}.`] };
}
