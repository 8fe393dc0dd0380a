/**
 * What the game waits for, first on the page and in the rules' words (the page's `awaits`):
 * your own moves, each with a button to the form that makes it; whom the others wait for;
 * the end of the game and its winners; and the deadlines, as times in the viewer's zone.
 */
import { capitalise as capital } from "../../present/display.js";
import { relative, viewerZone, when } from "../format.js";
import { follow } from "../router.js";
import { post } from "../api.js";
import { Said, useAction } from "../said.js";
import { deadlineGroups, deadlineWords, gameNow } from "./practice-clock.js";
import type { Awaited, GamePage } from "../types.js";
import { channelPath } from "./channels-tab.js";
import { namer } from "./names.js";
import { ActMessage, useAct } from "./use-act.js";

/** "Ada", "Ada and Grace", "Ada, Grace and Alan". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * What play awaits, one line per thing to do with the players it waits for named together:
 * "Your turn: propose a rule-change" when it waits for you alone, "Waiting for you and Ada to
 * vote on proposal 301", "Waiting for Grace to rule on case 1". Yours come first.
 */
interface Line {
  does: string;
  who: string[];
  mine: boolean;
  action: string | null;
  /** Where it is done, if in a channel (a vote as a message). */
  channel: string | null;
  /** Any one of them may do it for all (starting the game). */
  anyOne: boolean;
  rule: number;
}

function lines(awaits: Awaited[], me: string, name: (id: string) => string): Line[] {
  const byDoing = new Map<string, Line>();
  for (const a of awaits) {
    const line = byDoing.get(a.does) ?? { does: a.does, who: [], mine: false, action: a.action, channel: a.channel ?? null, anyOne: false, rule: a.rule };
    if (a.anyOne) line.anyOne = true;
    if (a.player === me) line.mine = true;
    else line.who.push(name(a.player));
    byDoing.set(a.does, line);
  }
  const all = [...byDoing.values()];
  return [...all.filter((l) => l.mine), ...all.filter((l) => !l.mine)];
}

/** Who may do it, for all: "Any player may start the game", or "Any one of you and Ada may ...". */
function anyOneLine(l: Line, players: number): preact.ComponentChildren {
  const count = l.who.length + (l.mine ? 1 : 0);
  const who = count === players ? "Any player" : `Any one of ${listNames([...(l.mine ? ["you"] : []), ...l.who])}`;
  return (
    <>
      {l.mine ? <strong>{who}</strong> : who} may {l.does}
    </>
  );
}

export function Banner({
  page,
  started,
  onGo,
  onActed,
}: {
  page: GamePage;
  started: boolean | null;
  onGo(action: string, does: string): void;
  onActed(): Promise<void>;
}) {
  const { view } = page;
  const name = namer(view);
  const { busy, message, act } = useAct(page.id, onActed);
  if (view.status === "over") {
    const winners = view.result?.winners ?? [];
    return (
      <section class="banner over" role="status" aria-label="What the game waits for">
        <p class="banner-line">The game is over{winners.length ? `: ${listNames(winners.map((w) => (w === page.me ? "you" : name(w))))} won` : ""}.</p>
        {view.result?.reason && (
          <p class="muted">
            {capital(view.result.reason)} (Rule {view.result.rule})
          </p>
        )}
      </section>
    );
  }
  const awaited = lines(page.awaits, page.me, name);
  const open = new Set(page.actions.filter((a) => a.refused === null).map((a) => a.name));
  // An action with nothing to fill in and nothing to confirm is taken by the banner's button itself.
  const direct = (action: string) => {
    const info = page.actions.find((a) => a.name === action);
    return info !== undefined && info.confirm === undefined && Object.keys(info.input.properties ?? {}).length === 0 && !info.input.oneOf;
  };
  return (
    <section class={awaited.some((l) => l.mine) ? "banner yours" : "banner"} role="status" aria-label="What the game waits for">
      {view.observers?.some((o) => o.id === page.me) && <p class="banner-line">You take part without playing.</p>}
      {awaited.map((l) => (
        <div key={l.does} class="banner-line">
          <span>
            {l.anyOne ? (
              anyOneLine(l, view.players.length)
            ) : l.mine && !l.who.length ? (
              <>
                <strong>Your turn:</strong> {l.does}
              </>
            ) : (
              <>
                Waiting for {l.mine ? <strong>{listNames(["you", ...l.who])}</strong> : listNames(l.who)} to {l.does}
              </>
            )}{" "}
            <span class="muted">(Rule {l.rule})</span>
          </span>
          {l.mine && l.action !== null && open.has(l.action) && (
            <button
              type="button"
              class="banner-go"
              disabled={busy}
              onClick={() => (direct(l.action!) ? act(l.action!, {}, `Done: ${l.does}.`) : onGo(l.action!, l.does))}
            >
              {capital(l.does)}
            </button>
          )}
          {l.mine && (l.action === null || !open.has(l.action)) && l.channel !== null && location.pathname !== channelPath(page.id, l.channel) && (
            <a class="banner-go button-link" href={channelPath(page.id, l.channel)} onClick={follow}>
              Go to its channel
            </a>
          )}
        </div>
      ))}
      <ActMessage message={message} />
      {page.awaits.length === 0 && started !== null && (
        <div class="banner-line">
          {started ? (
            <NextDeadline page={page} onActed={onActed} />
          ) : (
            <p>{`Waiting to start: ${players(view.players.length)} joined so far.${page.invite && page.joining === "open" ? " Invite more with the invitation link above." : ""}`}</p>
          )}
        </div>
      )}
      {page.timers.length > 0 && (
        <ul class="deadlines">
          {deadlineGroups(page.timers).map(({ first: t, words, more }) => (
            <li key={t.id} title={`${when(t.at, page.timeZone)} in the game's time zone (${page.timeZone})`}>
              {capital(words)}: <time dateTime={new Date(t.at).toISOString()}>{when(t.at)}</time> ({viewerZone}), {relative(t.at, gameNow(page))}{" "}
              <span class="muted">
                (Rule {t.rule}){more > 0 ? `, and ${more} more like it later` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * When the rules await no one, what comes next and when ("Nothing is awaited of anyone until the
 * discussion ends, in 23 hours"); in a practice game, a button moves the clock there.
 */
function NextDeadline({ page, onActed }: { page: GamePage; onActed(): Promise<void> }) {
  const { outcome, busy, run } = useAction();
  const next = [...page.timers].sort((a, b) => a.at - b.at)[0];
  if (!next) return <p>The rules name no one the game waits for just now.</p>;
  const moveThere = () =>
    run(async () => {
      await post(`/api/games/${page.id}/clock`, { toNextDeadline: true });
      await onActed();
      return "The clock moved to the next deadline.";
    });
  return (
    <>
      <p>
        Nothing is awaited of anyone until the next deadline: {deadlineWords(next)}, {relative(next.at, gameNow(page))} (Rule {next.rule}).
        {page.practice && (
          <>
            {" "}
            In a practice game you can move the clock there:{" "}
            <button type="button" class="banner-go" disabled={busy} onClick={moveThere}>
              Move the clock to it
            </button>
          </>
        )}
      </p>
      <Said outcome={outcome} />
    </>
  );
}

/** "1 player", "3 players". */
export function players(count: number): string {
  return `${count} ${count === 1 ? "player" : "players"}`;
}
