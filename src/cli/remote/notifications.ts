/**
 * `nomos remote notifications`: what the server mails you, for your account or (with --game) for
 * one game, seen and changed; and your address for playing that game by mail.
 */
import type { GameNotificationSettings, NotificationSettings } from "../../api/index.js";
import { output, UsageError } from "../context.js";
import { connect, type Surface } from "../surface.js";
import { gamePath } from "./api.js";

interface Choices {
  duties?: string;
  gameEnd?: string;
  outcomes?: string;
  remind?: string;
  digest?: string;
  followAccount?: boolean;
}

const onOff = (flag: string, value: string | undefined): boolean | undefined => {
  if (value === undefined) return undefined;
  if (/^(on|yes|true)$/i.test(value)) return true;
  if (/^(off|no|false)$/i.test(value)) return false;
  throw new UsageError(`${flag} is on or off, not "${value}"`);
};

/** "your duties on, reminded 12 hours before one lapses; the game's end on" */
const words = (s: NotificationSettings) =>
  `your duties ${s.duties ? "on" : "off"}${s.duties ? (s.reminderHours ? `, reminded ${s.reminderHours} hours before one lapses` : ", no reminders") : ""}; the game's end ${s.gameEnd ? "on" : "off"}${s.outcomes ? "; proposals decided and cases ruled on" : ""}${s.digestHour != null ? `; mailed in one digest a day at ${String(s.digestHour).padStart(2, "0")}:00 your time` : ""}`;

export function registerNotificationCommands(surface: Surface): void {
  surface
    .command("notifications")
    .description("what the server mails you (your account's choice, or one game's with --game), and change it")
    .option("--duties <on|off>", "mail me when a game waits for me")
    .option("--game-end <on|off>", "mail me when a game ends")
    .option("--outcomes <on|off>", "mail me each proposal decided and case ruled on")
    .option("--remind <hours>", "remind me this many hours before a duty lapses (0: never)")
    .option("--digest <hour|off>", "mail it in one digest a day at this hour of your time zone (0 to 23), or off: a mail each")
    .option("--follow-account", "with --game: the game follows your account's choice from now on")
    .action(async (o: Choices) => {
      const g = surface.globals();
      const client = connect();
      const hours = o.remind === undefined ? undefined : Number(o.remind);
      if (hours !== undefined && !(Number.isInteger(hours) && hours >= 0 && hours <= 72))
        throw new UsageError(`--remind is a whole number of hours from 0 to 72, not "${o.remind}"`);
      const digest = o.digest === undefined ? undefined : /^off$/i.test(o.digest) ? null : Number(o.digest);
      if (digest !== undefined && digest !== null && !(Number.isInteger(digest) && digest >= 0 && digest <= 23))
        throw new UsageError(`--digest is an hour from 0 to 23 (your time zone's), or off, not "${o.digest}"`);
      const changes = {
        ...(onOff("--duties", o.duties) !== undefined ? { duties: onOff("--duties", o.duties)! } : {}),
        ...(onOff("--game-end", o.gameEnd) !== undefined ? { gameEnd: onOff("--game-end", o.gameEnd)! } : {}),
        ...(onOff("--outcomes", o.outcomes) !== undefined ? { outcomes: onOff("--outcomes", o.outcomes)! } : {}),
        ...(hours !== undefined ? { reminderHours: hours } : {}),
        ...(digest !== undefined ? { digestHour: digest } : {}),
      };
      const changing = Object.keys(changes).length > 0;
      if (g.game === undefined) {
        if (o.followAccount) throw new UsageError("--follow-account goes with --game <id>: it is a game's choice");
        const now = await client.get<NotificationSettings>("/api/me/notifications");
        const after = changing ? await client.request<NotificationSettings>("PUT", "/api/me/notifications", { ...now, ...changes }).then((r) => r.body) : now;
        output(g, after, () => `${changing ? "Saved. " : ""}Mail for your games: ${words(after)}.`);
        return;
      }
      const path = gamePath(g.game, "/notifications");
      let game = await client.get<GameNotificationSettings>(path);
      if (o.followAccount || changing)
        game = (await client.request<GameNotificationSettings>("PUT", path, { settings: o.followAccount ? null : { ...game.settings, ...changes } })).body;
      output(g, game, () =>
        [
          `${o.followAccount || changing ? "Saved. " : ""}Mail for game ${g.game}: ${words(game.settings)}${game.own ? "" : " (your account's choice)"}.`,
          ...(game.playAddress ? [`To play it by mail, answer its mails: your address for it is ${game.playAddress}.`] : []),
        ].join("\n"),
      );
    });
}
