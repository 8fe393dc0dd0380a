/** A game: what it waits for (the banner), then the tabs (play, rules, records, log, channels), all kept live. */
import { useEffect, useState } from "preact/hooks";
import { get, patch } from "../api.js";
import { zones } from "../format.js";
import { follow, navigate } from "../router.js";
import type { Preset } from "../../api/lobby.js";
import { useTitle } from "../title.js";
import type { GamePage, User } from "../types.js";
import { Banner, players } from "./banner.js";
import { ChannelsTab } from "./channels-tab.js";
import { GameMail } from "./game-mail.js";
import { InviteLink } from "./invite-link.js";
import { LeaveGame } from "./leave-game.js";
import { LogTab } from "./log-tab.js";
import { useMarkSeen } from "./mark-seen.js";
import { actionAnchor, PlayTab } from "./play-tab.js";
import { RecordsTab } from "./records-tab.js";
import { RulesTab } from "./rules-tab.js";
import { useGame } from "./use-game.js";
import { WeeklyReports } from "./weekly-reports.js";

/** The game's creator may change the time zone its deadlines are announced in, and when its reports are mailed. */
function Settings({ id, timeZone, mail, onSaved }: { id: string; timeZone: string; mail: boolean; onSaved(): Promise<void> }) {
  const [message, setMessage] = useState<string | null>(null);
  const save = async (event: Event) => {
    event.preventDefault();
    try {
      await patch(`/api/games/${id}/settings`, { timeZone: String(new FormData(event.target as HTMLFormElement).get("timeZone")) });
      setMessage("Saved.");
      await onSaved();
    } catch (err) {
      setMessage((err as Error).message);
    }
  };
  return (
    <details class="settings">
      <summary>Settings</summary>
      <form class="inline" onSubmit={save}>
        <label>
          Game time zone
          <select name="timeZone" defaultValue={timeZone}>
            {zones.map((z) => (
              <option key={z} value={z} selected={z === timeZone}>
                {z}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Save</button>
        {message && <span role="status">{message}</span>}
      </form>
      {mail && <WeeklyReports id={id} />}
    </details>
  );
}

const tabs = [
  ["play", "Play"],
  ["rules", "Rules"],
  ["records", "Records"],
  ["log", "Log"],
  ["channels", "Channels"],
] as const;

/** A preset's title, not its id, once the lobby's list of presets says it. */
function usePresetTitle(preset: string | null | undefined): string | null {
  const [titles, setTitles] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    if (preset)
      get<Preset[]>("/api/presets").then(
        (list) => setTitles(new Map(list.map((p) => [p.name, p.title]))),
        () => undefined,
      );
  }, [preset]);
  return preset ? (titles.get(preset) ?? preset) : null;
}

/**
 * Opens the form of the action the banner prompts for, on the play tab, and puts the cursor in
 * it; a move on a proposal (a vote) goes to the first proposal card that offers it.
 */
function useGoToAction(id: string, tab: string): (action: string, does?: string) => void {
  const [wanted, setWanted] = useState<{ action: string; does: string } | null>(null);
  useEffect(() => {
    if (!wanted || tab !== "play") return;
    const target = document.getElementById(actionAnchor(wanted.action)) ?? document.querySelector(`[data-moves~="${CSS.escape(wanted.action)}"]`);
    if (target instanceof HTMLDetailsElement) target.open = true;
    target?.scrollIntoView({ block: "start", behavior: "smooth" });
    if (target) fillNamed(target, wanted.does);
    target?.querySelector<HTMLElement>("select, input, textarea, [contenteditable=true], button:enabled")?.focus({ preventScroll: true });
    setWanted(null);
  }, [wanted, tab]);
  return (action, does = "") => {
    if (tab !== "play") navigate(`/games/${id}/play`);
    setWanted({ action, does });
  };
}

/**
 * "assess proposal 3": the form the prompt opens starts with proposal 3 (or case 3, ...)
 * in its empty field of that name, as the player was told, rather than a blank to fill.
 */
function fillNamed(form: Element, does: string): void {
  for (const [, noun, number] of does.matchAll(/\b([a-z]+) (\d+)\b/gi)) {
    const field = form.querySelector<HTMLInputElement>(`input[name="${CSS.escape(noun!.toLowerCase())}"]`);
    if (field?.value !== "") continue;
    field.value = number!;
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/** The tab's title: the game's name, after how many moves it awaits from you, if any ("(1) Friday Nomic"). */
function gameTitle(page: GamePage | null): string | null {
  if (!page) return null;
  const mine = page.awaits.filter((a) => a.player === page.me).length;
  return mine ? `(${mine}) ${page.view.name}` : page.view.name;
}

/** `mail`, `push`: whether this server sends mail, pushes, and so whether to offer the game's notification settings and weekly reports. */
export function GameScreen({ id, tab, channel, user, mail, push }: { id: string; tab: string; channel?: string; user: User; mail: boolean; push: boolean }) {
  const notifies = mail || push;
  const live = useGame(id, tab);
  const { page, error } = live;
  useTitle(gameTitle(page));
  const title = usePresetTitle(page?.view.preset);
  const go = useGoToAction(id, tab);
  useMarkSeen(id, page?.view.seq);
  if (!page)
    return error ? (
      <p class="error" role="alert">
        {error}
      </p>
    ) : (
      <p>Loading…</p>
    );
  // Nothing has been played until an action or a timer has been: only the game's creation and joins.
  // A game whose rules offer no start (hand play, Nomic VIII) is in play from its creation: it never waits to start.
  const started = live.started === false && !page.actions.some((a) => a.name === "start") ? true : live.started;
  return (
    <div class="game">
      <header class="game-head">
        <h1>{page.view.name}</h1>
        <span class="muted">
          {title ?? "custom ruleset"} · {started === false ? "Waiting to start · " : ""}
          {players(page.view.players.length)} · <span class={live.connected ? "live on" : "live"}>{live.connected ? "live" : "reconnecting…"}</span>
        </span>
        {page.owner === user.id && <Settings id={id} timeZone={page.timeZone} mail={mail} onSaved={live.refresh} />}
        {notifies && <GameMail id={id} />}
        <LeaveGame page={page} onLeft={live.refresh} />
        <InviteLink page={page} owner={page.owner === user.id} onChanged={live.refresh} />
      </header>
      <Banner page={page} started={started} onGo={go} onActed={live.refresh} />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <nav class="tabs">
        {tabs.map(([key, label]) => (
          <a key={key} href={`/games/${id}/${key}`} onClick={follow} class={tab === key ? "active" : ""} aria-current={tab === key ? "page" : undefined}>
            {label}
          </a>
        ))}
      </nav>
      {tab === "rules" ? (
        <RulesTab page={page} rules={live.rules} lastSeen={live.since?.lastSeen ?? null} />
      ) : tab === "records" ? (
        <RecordsTab page={page} user={user} onChanged={live.refresh} />
      ) : tab === "log" ? (
        <LogTab page={page} log={live.log} />
      ) : tab === "channels" || tab === "forum" ? (
        <ChannelsTab
          page={page}
          chosen={channel}
          rules={live.rules}
          log={live.log}
          channels={live.channels}
          messages={live.messages}
          onChanged={live.loadMessages}
          onActed={live.refresh}
        />
      ) : (
        <PlayTab page={page} rules={live.rules} since={live.since} onActed={live.refresh} />
      )}
    </div>
  );
}
