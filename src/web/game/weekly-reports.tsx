/** The creator's choice of when the game's short ruleset and proposals report are mailed each week, inside the game's Settings. */
import { useEffect, useState } from "preact/hooks";
import { get, put } from "../api.js";
import { failed, type Outcome, Said } from "../said.js";
import type { WeeklyReportsSchedule } from "../types.js";

const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export function WeeklyReports({ id }: { id: string }) {
  const [schedule, setSchedule] = useState<WeeklyReportsSchedule["schedule"] | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const path = `/api/games/${encodeURIComponent(id)}/weekly-reports`;
  useEffect(() => {
    get<WeeklyReportsSchedule>(path).then(
      (r) => setSchedule(r.schedule),
      (e: Error) => setOutcome(failed(e)),
    );
  }, [path]);
  if (schedule === undefined) return <Said outcome={outcome} />;
  const save = async (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const weekday = String(data.get("weekday"));
    const chosen = weekday === "" ? null : { weekday: Number(weekday), hour: Number(data.get("hour")) };
    try {
      setSchedule((await put<WeeklyReportsSchedule>(path, { schedule: chosen })).schedule);
      setOutcome({ ok: true, text: chosen ? "Saved: players who ask for them get the reports from then on." : "Saved: no weekly reports." });
    } catch (err) {
      setOutcome(failed(err));
    }
  };
  return (
    <form class="inline" onSubmit={save}>
      <label>
        Mail the ruleset and proposals report weekly on
        <select name="weekday">
          <option value="" selected={!schedule}>
            never
          </option>
          {weekdays.map((d, i) => (
            <option value={String(i)} selected={schedule?.weekday === i}>
              {d}
            </option>
          ))}
        </select>
      </label>
      <label>
        at
        <select name="hour">
          {Array.from({ length: 24 }, (_, h) => (
            <option value={String(h)} selected={h === (schedule?.hour ?? 9)}>
              {String(h).padStart(2, "0")}:00
            </option>
          ))}
        </select>
      </label>
      <button type="submit">Save</button>
      <Said outcome={outcome} />
    </form>
  );
}
