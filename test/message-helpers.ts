/** Small rules for the tests of messages: votes as messages in a declared channel, and moderation. */
import type { RuleSpec } from "../src/kernel/types.js";
import { compileRuleCode } from "../src/sandbox/compile-rule.js";

/** Rule 301: votes are messages "yes" or "no" in the channel "vote"; an edit or deletion voids the vote. */
const ballots = compileRuleCode(`
channel("vote", { title: "The vote", describe: "Say yes or no", writers: "players" });
const votes = gameState<{ [person: string]: { vote: string; message: number } }>("votes", { initial: {}, describe: "Votes by person" });
const heard = gameState<string[]>("heard", { initial: [], describe: "What the rule heard" });
on("message.posted", (e: GameEvent<MessagePosted>) => {
  heard.set([...heard.get(), "posted " + e.data.id + " " + e.data.channel + " " + e.data.author + " (" + e.data.text.length + " characters)"]);
  if (e.data.channel !== "vote") return;
  const word = e.data.text.trim().toLowerCase();
  if (word === "yes" || word === "no") votes.set({ ...votes.get(), [e.data.author]: { vote: word, message: e.data.id } });
});
const voided = (e: GameEvent<MessageDeleted>) => {
  const all = { ...votes.get() };
  const v = all[e.data.author];
  if (v && v.message === e.data.id) {
    delete all[e.data.author];
    votes.set(all);
  }
};
on("message.edited", (e: GameEvent<MessagePosted>) => {
  heard.set([...heard.get(), "edited " + e.data.id + " (" + e.data.text.length + " characters)"]);
  voided(e);
});
on("message.deleted", voided);
on("message.redacted", (e: GameEvent<MessageRedacted>) => heard.set([...heard.get(), "redacted " + e.data.id + " by " + e.data.by + ": " + e.data.reason]));
on("forum.posted", (e) => heard.set([...heard.get(), "forum " + e.data.player + " " + e.data.topic]));
action("close-vote", { describe: "Closes the vote", input: t.object({}), channel: "vote" }, () => game.channels.close("vote"));
action("open-mods", { describe: "Opens a private channel", input: t.object({}) }, (_input, ctx) => {
  game.channels.open("mods", { title: "Moderators", readers: [ctx.actor] });
});
`);

/** Rule 302: Grace may not vote; Grace may redact (a rule-granted redactor). */
const moderation = compileRuleCode(`
answer("message.allowed", (a: MessageAllowedArgs) => (a.op === "post" && a.channel === "vote" && a.person === "grace-hopper" ? "Grace counts the votes and casts none" : undefined));
answer("message.redact", (a: MessageRedactArgs) => (a.by === "grace-hopper" ? true : undefined));
`);

export function messageRules(): RuleSpec[] {
  return [
    { number: 301, text: "Votes are messages.", mutable: true, code: ballots },
    { number: 302, text: "Moderation.", mutable: true, code: moderation },
  ];
}
