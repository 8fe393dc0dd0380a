/**
 * Notifications in this browser: turned on (the browser's permission, the page's service worker,
 * a push subscription the server keeps), turned off, and tried with a test notification. Where
 * the server sends no pushes or the browser cannot take them, the section says so.
 */
import { useEffect, useState } from "preact/hooks";
import { api, get, post } from "./api.js";
import { Said, useAction } from "./said.js";
import type { Notice, PushSetup } from "./types.js";

/** Which account turned notifications on in this browser (localStorage). */
const turnedOnBy = "nomos.push.user";

const supported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The server's key browsers subscribe with: undefined while asked, null where the server sends no pushes. */
export function usePushKey(): string | null | undefined {
  const [key, setKey] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    get<PushSetup>("/api/push").then(
      (s) => setKey(s.publicKey),
      () => setKey(null),
    );
  }, []);
  return key;
}

const bytesOf = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

async function subscribe(publicKey: string): Promise<PushSubscription> {
  if ((await Notification.requestPermission()) !== "granted")
    throw new Error("This browser is not allowed to show notifications from this site: allow them in its site settings, then try again.");
  const registration = await navigator.serviceWorker.register("/sw.js");
  await navigator.serviceWorker.ready;
  // One made with an older key of the server's would be refused: a new one replaces it.
  await (await registration.pushManager.getSubscription())?.unsubscribe();
  try {
    return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(publicKey) });
  } catch (err) {
    throw new Error(`This browser could not reach its push service (${(err as Error).message}): try again later.`);
  }
}

/**
 * Tells the server again of this browser's subscription, for whoever is signed in now: the server
 * forgets it when the session it was made in ends, and the browser keeps it. Called as the page
 * opens signed in; nothing happens where the browser has none.
 */
export async function renewPush(userId: string): Promise<void> {
  // Only for the account that turned them on in this browser: another signing in has not asked.
  if (!supported() || Notification.permission !== "granted" || localStorage.getItem(turnedOnBy) !== userId) return;
  const subscription = await currentSubscription().catch(() => null);
  if (subscription) await post("/api/me/push", subscription.toJSON()).catch(() => undefined);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export function BrowserPush({ publicKey, userId }: { publicKey: string; userId: string }) {
  const [on, setOn] = useState<boolean | undefined>(undefined);
  const { outcome, busy, run } = useAction();
  useEffect(() => {
    if (supported())
      currentSubscription().then(
        (s) => setOn(s !== null),
        () => setOn(false),
      );
  }, []);
  if (!supported()) return <p>This browser cannot show notifications from a site; mail can tell you instead.</p>;
  const act = (work: () => Promise<string>) => () => run(work);
  const turnOn = act(async () => {
    const subscription = await subscribe(publicKey);
    const { message } = await post<Notice>("/api/me/push", subscription.toJSON()).catch(async (err: unknown) => {
      await subscription.unsubscribe();
      throw err;
    });
    localStorage.setItem(turnedOnBy, userId);
    setOn(true);
    return `On: ${message}.`;
  });
  const turnOff = act(async () => {
    const subscription = await currentSubscription();
    if (subscription) {
      await api<Notice>("DELETE", "/api/me/push", { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    localStorage.removeItem(turnedOnBy);
    setOn(false);
    return "Off: this browser will notify you no more.";
  });
  const test = act(async () => (await post<Notice>("/api/me/push/test")).message);
  return (
    <div class="browser-push">
      <p>
        {on
          ? "On: this browser shows what your games await of you, as your choices below say."
          : "This browser can show what your games await of you, even with no tab of this site open."}
      </p>
      <Said outcome={outcome} />
      <div class="buttons">
        {on ? (
          <button type="button" onClick={turnOff} disabled={busy}>
            Turn off notifications in this browser
          </button>
        ) : (
          <button type="button" onClick={turnOn} disabled={busy}>
            Turn on notifications in this browser
          </button>
        )}
        <button type="button" class="secondary" onClick={test} disabled={busy}>
          Send a test notification
        </button>
      </div>
    </div>
  );
}
