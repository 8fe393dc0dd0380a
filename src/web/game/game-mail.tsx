/**
 * "Mail me about this game": this game's own choice of mail, or the account's, and the player's
 * address for playing it by mail. Read when first opened (not on every visit to the game), and
 * saved as each box is ticked.
 */
import { useState } from "preact/hooks";
import { get, post, put } from "../api.js";
import { MailChoices } from "../mail-choices.js";
import { failed, type Outcome, Said } from "../said.js";
import type { GameNotificationSettings, NotificationSettings } from "../types.js";

export function GameMail({ id }: { id: string }) {
  const [current, setCurrent] = useState<GameNotificationSettings | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const path = `/api/games/${encodeURIComponent(id)}/notifications`;

  const read = (event: Event) => {
    if ((event.target as HTMLDetailsElement).open && !current) get<GameNotificationSettings>(path).then(setCurrent, (e: Error) => setOutcome(failed(e)));
  };
  /** null: follow the account's settings from now on. The boxes show the choice at once (and again as it was if refused). */
  const save = async (settings: NotificationSettings | null) => {
    const before = current!;
    setCurrent({ ...before, settings: settings ?? before.settings, own: settings !== null });
    setBusy(true);
    try {
      setCurrent(await put<GameNotificationSettings>(path, { settings }));
      setOutcome({ ok: true, text: settings ? "Saved for this game." : "This game follows your account's settings." });
    } catch (err) {
      setCurrent(before);
      setOutcome(failed(err));
    } finally {
      setBusy(false);
    }
  };

  /** A new address for playing by mail, when the old one leaked: mail to the old one is refused from now on. */
  const renew = async () => {
    setBusy(true);
    try {
      setCurrent(await post<GameNotificationSettings>(`/api/games/${encodeURIComponent(id)}/mail-address`));
      setOutcome({ ok: true, text: "Your address for this game is new; mail to the old one is refused." });
    } catch (err) {
      setOutcome(failed(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details class="game-mail" onToggle={read}>
      <summary>Mail me about this game</summary>
      {current && (
        <div class="mail-choices">
          <label class="check">
            <input
              type="checkbox"
              checked={!current.own}
              disabled={busy}
              onChange={(e) => save((e.target as HTMLInputElement).checked ? null : current.settings)}
            />{" "}
            Use my account's settings
          </label>
          <MailChoices settings={current.settings} inGame disabled={busy || !current.own} onChange={save} />
          {current.playAddress && (
            <p>
              To play by mail, answer the game's mails: they come from your own address for this game, <code>{current.playAddress}</code>.{" "}
              <button type="button" class="link" disabled={busy} onClick={renew}>
                Give me a new address
              </button>
            </p>
          )}
        </div>
      )}
      <Said outcome={outcome} />
    </details>
  );
}
