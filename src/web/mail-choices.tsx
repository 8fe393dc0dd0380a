/** The two things a player can be mailed about, as checkboxes: the account's defaults and a game's own use the same. */
import type { NotificationSettings } from "./types.js";

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
  const box = (key: keyof NotificationSettings) => ({
    type: "checkbox" as const,
    checked: settings[key],
    disabled,
    onChange: (e: Event) => onChange({ ...settings, [key]: (e.target as HTMLInputElement).checked }),
  });
  return (
    <>
      <label class="check">
        <input {...box("duties")} /> When {game} waits for me: my turn, my vote, a decision of mine
      </label>
      <label class="check">
        <input {...box("gameEnd")} /> When {game} ends
      </label>
    </>
  );
}
