/** What a player can be mailed about: the account's defaults and a game's own use the same controls. */
import type { NotificationSettings } from "./types.js";

const leads = [0, 1, 3, 12, 24, 48];
const hours = Array.from({ length: 24 }, (_, h) => h);

export function MailChoices({
  settings,
  inGame,
  disabled,
  onChange,
}: {
  settings: NotificationSettings;
  /** On a game's page: "this game", not "a game". */
  inGame: boolean;
  disabled: boolean;
  onChange(settings: NotificationSettings): void;
}) {
  const game = inGame ? "this game" : "a game";
  const box = (key: "duties" | "gameEnd" | "outcomes" | "weeklyReports") => ({
    type: "checkbox" as const,
    checked: settings[key] ?? false,
    disabled,
    onChange: (e: Event) => onChange({ ...settings, [key]: (e.target as HTMLInputElement).checked }),
  });
  const lead = settings.reminderHours ?? 12;
  return (
    <>
      <label class="check">
        <input {...box("duties")} /> When {game} waits for me: my turn, my vote, a decision of mine
      </label>
      <label>
        Remind me before a duty lapses{" "}
        <select
          value={String(lead)}
          disabled={disabled || !settings.duties}
          onChange={(e) => onChange({ ...settings, reminderHours: Number((e.target as HTMLSelectElement).value) })}
        >
          {[...new Set([...leads, lead])]
            .sort((a, b) => a - b)
            .map((h) => (
              <option value={String(h)}>{h === 0 ? "never" : h === 1 ? "an hour before" : `${h} hours before`}</option>
            ))}
        </select>
      </label>
      <label class="check">
        <input {...box("outcomes")} /> When a proposal is decided or a case ruled on in {game}
      </label>
      <label class="check">
        <input {...box("gameEnd")} /> When {game} ends
      </label>
      <label class="check">
        <input {...box("weeklyReports")} /> The ruleset and the proposals report each week, where {inGame ? "its" : "a game's"} creator sends them
      </label>
      <label>
        Mail it{" "}
        <select
          value={settings.digestHour == null ? "" : String(settings.digestHour)}
          disabled={disabled}
          onChange={(e) => {
            const chosen = (e.target as HTMLSelectElement).value;
            onChange({ ...settings, digestHour: chosen === "" ? null : Number(chosen) });
          }}
        >
          <option value="">as it happens</option>
          {hours.map((h) => (
            <option value={String(h)}>in one digest a day, at {String(h).padStart(2, "0")}:00</option>
          ))}
        </select>
      </label>
      <p class="field-note">A digest comes at that hour of your time zone; reminders still come on time.</p>
    </>
  );
}
