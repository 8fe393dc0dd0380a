/**
 * Blame: the hostile rule makes another rule do its work (a getter in the arguments of a
 * question, a trapped answer, event data) so that another rule would run out of fuel or throw.
 * The failure must be charged to the hostile rule, and no other rule switched off.
 */
import type { Body } from "./bodies.js";

const attack = (body: string) => `action("attack", { describe: "Attack", input: t.object({}) }, () => {\n${body}\n});\n`;

export const blameBodies: Body[] = [
  {
    id: "blame-ask-adoption-getter",
    class: "blame",
    trigger: "attack",
    what: "asks adoption with a proposal whose votes getter loops (Rule 203 would read it)",
    code: attack(`game.ask("adoption", { proposal: { get votes(): Record<string, string> { for (;;) {} } } });`),
  },
  {
    id: "blame-ask-invalid-getter",
    class: "blame",
    trigger: "attack",
    what: "asks rule-change.invalid with a change whose kind getter loops (Rules 103, 114 and 209 would read it)",
    code: attack(`game.askAll("rule-change.invalid", { change: { get kind(): string { for (;;) {} }, rule: 201 }, proposer: "grace-hopper" });`),
  },
  {
    id: "blame-ask-number-getter",
    class: "blame",
    trigger: "attack",
    what: "asks rule-change.number with a throwing kind getter (Rule 108 would read it)",
    code: attack(`game.ask("rule-change.number", { get kind(): string { throw new Error("HOSTILE-MARK getter"); }, rule: 201, proposal: 301 });`),
  },
  {
    id: "blame-answer-adoption-getter",
    class: "blame",
    trigger: "play",
    what: "answers adoption first with an object whose adopted getter throws (Rule 104 would read it)",
    code: `answer("adoption", () => ({ get adopted(): boolean { throw new Error("HOSTILE-MARK adopted"); }, method: "trap", reason: "trap" }), { precedes: "all" });\n`,
  },
  {
    id: "blame-answer-voters-proxy",
    class: "blame",
    trigger: "play",
    what: "answers eligible-voters first with a Proxy whose traps loop (Rule 105 would call it)",
    code: `answer("eligible-voters", () => new Proxy(["grace-hopper", "ada-lovelace", "alan-turing"], { get() { for (;;) {} } }), { precedes: "all" });\n`,
  },
  {
    id: "blame-answer-number-loop",
    class: "blame",
    trigger: "play",
    what: "answers proposal.number first with an object whose valueOf loops (Rule 104 would use it)",
    code: `answer("proposal.number", () => ({ valueOf(): number { for (;;) {} } }), { precedes: "all" });\n`,
  },
  {
    id: "blame-event-data-huge",
    class: "blame",
    trigger: "attack",
    what: "emits proposal.closed with a number that is a 5-million-element array (Rule 202 would turn it into a key)",
    code: attack(`game.emit("proposal.closed", { number: new Array(5000000).fill(7), proposer: "grace-hopper", adopted: true });`),
  },
  {
    id: "blame-event-turn-ended",
    class: "blame",
    trigger: "attack",
    what: "emits turn.ended so that Rule 201 moves the turn on for it",
    code: attack(`game.emit("turn.ended", { player: "grace-hopper", proposal: 301 });`),
  },
  { id: "blame-forbid-loop", class: "blame", trigger: "play", what: "a forbid check on vote that loops", code: `forbid("vote", () => { for (;;) {} });\n` },
  {
    id: "blame-forbid-getter",
    class: "blame",
    trigger: "play",
    what: "a forbid check on propose returning an object whose toString loops",
    code: `forbid("propose", () => ({ toString(): string { for (;;) {} } }) as unknown as string);\n`,
  },
  {
    id: "blame-precedence-proxy",
    class: "blame",
    trigger: "play",
    what: "answers precedence with a Proxy whose includes loops (the engine checks it for whichever rule asked)",
    code: `answer("precedence", (base: number[]) => new Proxy(base.slice(), { get(t, k) { if (k === "includes") { for (;;) {} } return (t as any)[k]; } }));\n`,
  },
  {
    id: "blame-time-at-load",
    class: "blame",
    trigger: "play",
    what: "loops at its top level when the time it reads there is not 0 (a sandbox's boot read 0, an act its time)",
    code: `if (game.now() !== 0) { for (;;) {} }\non("turn.ended", () => {});\n`,
  },

  {
    id: "blame-top-level-builtin",
    class: "blame",
    trigger: "play",
    what: "runs past the deadline at its top level inside a built-in, in the act that adopts it and every act after",
    code: `for (;;) { new Array(2 ** 22).join("ab"); }\n`,
  },
];
