/**
 * Taking an action from the page, with the message that says how it went. One request at a
 * time (buttons are disabled while it is in flight, so a double click is not a second vote);
 * the next try clears the last message; a success fades after a few seconds, an error stays
 * next to the button that caused it until the next try.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { post } from "../api.js";
import type { Json } from "../types.js";

export interface Message {
  ok: boolean;
  text: string;
}

/** Each message shown gets a number of its own, so a repeated text still reads (and tests) as new. */
let shown = 0;

const successShownMs = 5000;

/** A message that stays until replaced or cleared, or fades after a few seconds if it says all went well. */
export function useMessage(): [(Message & { id: number }) | null, (message: Message | null) => void] {
  const [message, setMessage] = useState<(Message & { id: number }) | null>(null);
  const fade = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(fade.current), []);
  const show = (next: Message | null) => {
    clearTimeout(fade.current);
    setMessage(next && { ...next, id: ++shown });
    if (next?.ok) fade.current = setTimeout(() => setMessage(null), successShownMs);
  };
  return [message, show];
}

export interface Acting {
  busy: boolean;
  /** What went wrong with the last try, or (unless `announce` takes it) what it did. */
  message: (Message & { id: number }) | null;
  /** Takes the action; `success` is what it did, in words ("You voted for proposal 301"). True if it was taken. */
  act(action: string, input: Json, success: string): Promise<boolean>;
  /** Makes a decision a rule opened for you (src/kernel/decisions.ts), as `act` takes an action. */
  decide(decision: string, input: Json, success: string): Promise<boolean>;
}

/**
 * `announce` shows a success where it outlives the button: an action taken is often no longer
 * offered, and its card (with the message in it) goes away.
 */
export function useAct(gameId: string, onActed: (seq?: number) => Promise<void>, announce?: (message: Message | null) => void): Acting {
  const [busy, setBusy] = useState(false);
  const [message, show] = useMessage();
  const inFlight = useRef(false);

  const send = async (path: string, body: Json, success: string) => {
    if (inFlight.current) return false;
    inFlight.current = true;
    show(null);
    announce?.(null);
    setBusy(true);
    try {
      const reply = await post<{ seq: number; failed: { rule: number; error: string } | null }>(`/api/games/${gameId}${path}`, body);
      // The act was taken, but a rule's code failed while it ran: the player should know which.
      if (reply.failed) show({ ok: false, text: `${success}, but Rule ${reply.failed.rule} failed while it ran: ${reply.failed.error}` });
      else if (announce) announce({ ok: true, text: success });
      else show({ ok: true, text: success });
      // The act's seq: the page is read once, though the live stream also tells of this act.
      await onActed(reply.seq);
      return true;
    } catch (err) {
      show({ ok: false, text: (err as Error).message });
      return false;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  const act = (action: string, input: Json, success: string) => send("/act", { action, input }, success);
  const decide = (decision: string, input: Json, success: string) => send(`/decisions/${encodeURIComponent(decision)}`, { input }, success);
  return { busy, message, act, decide };
}

/** The message under a button: announced to screen readers, red when something went wrong. */
export function ActMessage({ message }: { message: (Message & { id: number }) | null }) {
  if (!message) return null;
  return (
    <p class={message.ok ? "ok act-message" : "error act-message"} role={message.ok ? "status" : "alert"} data-message={message.id}>
      {message.text}
    </p>
  );
}
