/**
 * The page's service worker (built to /sw.js, scope /): shows each push the server sends as a
 * notification, and opens the game it is about when the notification is clicked (the tab
 * already on it, else a tab of this site led there, else a new one). It holds no cache: the
 * page loads as it always does. Typed by hand: the page's TypeScript knows the DOM, not workers.
 */
import type { PushPayload } from "../../api/push.js";

interface WaitingEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEventLike extends WaitingEvent {
  data: { text(): string } | null;
}
interface NotificationEventLike extends WaitingEvent {
  notification: Notification;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: { matchAll(options: { type: "window" }): Promise<WindowClientLike[]>; openWindow(url: string): Promise<unknown>; claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: any) => void): void;
}

const worker = self as unknown as WorkerScope;

/** What the server sends (PushPayload); anything else still shows, in plain words. */
function payloadOf(data: PushEventLike["data"]): Omit<PushPayload, "tag"> & { tag?: string } {
  const text = data?.text() ?? "";
  try {
    const p = JSON.parse(text) as Record<string, unknown>;
    if (typeof p.title === "string" && typeof p.body === "string")
      return { title: p.title, body: p.body, url: typeof p.url === "string" ? p.url : "/", ...(typeof p.tag === "string" ? { tag: p.tag } : {}) };
  } catch {
    // Not JSON: shown as it came.
  }
  return { title: "Nomos", body: text.slice(0, 500), url: "/" };
}

/** Only a page of this site: a push naming another is led home. */
function pageOf(url: unknown): string {
  const origin = worker.location.origin;
  const target = new URL(typeof url === "string" ? url : "/", origin);
  return target.origin === origin ? target.href : `${origin}/`;
}

worker.addEventListener("install", () => void worker.skipWaiting());
worker.addEventListener("activate", (event: WaitingEvent) => event.waitUntil(worker.clients.claim()));

worker.addEventListener("push", (event: PushEventLike) => {
  const { title, body, url, tag } = payloadOf(event.data);
  event.waitUntil(worker.registration.showNotification(title, { body, data: { url }, ...(tag ? { tag } : {}) }));
});

worker.addEventListener("notificationclick", (event: NotificationEventLike) => {
  event.notification.close();
  const url = pageOf((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await worker.clients.matchAll({ type: "window" });
      const there = windows.find((w) => w.url === url);
      if (there) return there.focus();
      const any = windows[0];
      if (any) {
        await any.navigate(url);
        return any.focus().catch(() => undefined);
      }
      return worker.clients.openWindow(url);
    })(),
  );
});
