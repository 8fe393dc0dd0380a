/**
 * A small game for the channels' tests: Rule 101 declares a "votes" channel and counts "aye"
 * and "nay" messages there into Proposal 1 (a proposal record whose votes are messages:
 * `votesIn`); an edited or deleted vote message voids its vote. Ada imports it on a server
 * (she is the first player, so the game's host); Grace joins by invitation.
 */
import type { RuleSpec } from "../src/kernel/types.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";
import { adaAndGrace } from "./decision-helpers.js";
import type { ApiClient, TestServer } from "./server-helpers.js";

export const votesRule = compileRuleCode(`
channel("votes", { title: "Votes", describe: "Say aye or nay on Proposal 1", writers: "players" });
const proposals = recordState<any>("proposals", { record: { kind: "proposal", open: { field: "status", in: ["voting"] } } });
/** Which message each player's vote came from: its edit or deletion voids the vote. */
const voteMessages = gameState<{ [player: string]: number }>("vote-messages", { initial: {}, visibility: "hidden" });
on("player.joined", (e) => {
  if (proposals.get("1")) return;
  proposals.set("1", {
    number: 1, proposer: e.data.player, change: { kind: "enact", text: "Players are kind." },
    votes: {}, status: "voting", votesIn: { channel: "votes", for: "aye", against: "nay" },
  });
});
function setVote(player: string, vote: string | null, message: number | null) {
  proposals.update("1", (p: any) => {
    const votes = { ...p.votes };
    if (vote === null) delete votes[player]; else votes[player] = vote;
    return { ...p, votes };
  });
  const from = { ...voteMessages.get() };
  if (message === null) delete from[player]; else from[player] = message;
  voteMessages.set(from);
}
on("message.posted", (e) => {
  if (e.data.channel !== "votes") return;
  const word = String(e.data.text).trim().toLowerCase();
  if (word === "aye" || word === "nay") setVote(e.data.author, word === "aye" ? "for" : "against", e.data.id);
});
const void_ = (e: GameEvent) => {
  if (voteMessages.get()[e.data.author] === e.data.id) setVote(e.data.author, null, null);
};
on("message.edited", void_);
on("message.deleted", void_);
action("remind", { describe: "Reminds everyone to vote", input: t.object({}), channel: "votes" }, () => undefined);
`);

/** Rule 101, and any `extra` rules. */
export function votesRules(extra: RuleSpec[] = []): RuleSpec[] {
  return [
    { number: 101, title: "Votes are messages", text: "A message saying aye or nay in the votes channel is a vote.", mutable: true, code: votesRule },
    ...extra,
  ];
}

/** Ada (host) and Grace in the votes game on `server`. */
export function votesGame(server: TestServer, extra: RuleSpec[] = []): Promise<{ id: string; ada: ApiClient; grace: ApiClient; invite: string }> {
  return adaAndGrace(server, "Talking votes", votesRules(extra));
}
