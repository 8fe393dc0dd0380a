/**
 * Votes that are messages (the ProposalRecord convention's `votesIn`): a vote button posts its
 * word ("aye") in the proposal's channel, as a player typing it there would; the rules count
 * it, and the card shows the vote as they counted it.
 */
import { post } from "../api.js";
import { capitalise } from "../../present/display.js";
import type { Entry } from "../../present/records.js";
import { follow } from "../router.js";
import { channelPath } from "./channels-tab.js";
import { ActMessage, useMessage } from "./use-act.js";
import { useState } from "preact/hooks";

export interface VotesIn {
  channel: string;
  for: string;
  against: string;
  withdraw?: string;
}

/** The entry's `votesIn`, if it says where its votes are messages. */
export function votesInOf(entry: Entry): VotesIn | null {
  const v = entry.votesIn;
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const { channel, for: aye, against, withdraw } = v;
  if (typeof channel !== "string" || typeof aye !== "string" || typeof against !== "string") return null;
  return { channel, for: aye, against, ...(typeof withdraw === "string" ? { withdraw } : {}) };
}

export function MessageVoteButtons({ gameId, votesIn, label, onVoted }: { gameId: string; votesIn: VotesIn; label: string; onVoted(): Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [message, show] = useMessage();
  const say = async (word: string) => {
    if (busy) return;
    setBusy(true);
    show(null);
    try {
      await post(`/api/games/${gameId}/messages`, { channel: votesIn.channel, text: word });
      show({ ok: true, text: `You said "${word}" on ${label}, in its channel.` });
      await onVoted();
    } catch (err) {
      show({ ok: false, text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const words = [votesIn.for, votesIn.against, ...(votesIn.withdraw ? [votesIn.withdraw] : [])];
  return (
    <>
      <div class="vote-buttons" data-votes-in={votesIn.channel}>
        {words.map((word) => (
          <button type="button" class="big" key={word} disabled={busy} onClick={() => void say(word)}>
            {capitalise(word)}
          </button>
        ))}
      </div>
      <p class="muted">
        Votes are messages: each button says its word for you in{" "}
        <a href={channelPath(gameId, votesIn.channel)} onClick={follow}>
          the channel of {label}
        </a>
        , where you may also type it.
      </p>
      <ActMessage message={message} />
    </>
  );
}
