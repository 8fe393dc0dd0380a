/**
 * Secrets, replay and the terminal. Secret bodies play in a game where a rule adopted first
 * (SECRET_RULE) gives each player an owner-only word; the hostile rule tries to publish
 * them. Replay bodies behave differently between acts through module-level variables.
 * Terminal bodies put escape sequences where a terminal would print them.
 */
import type { Body } from "./bodies.js";

/** Deals each player a word only they may see; the words are drawn, so no code or record names them. */
export const SECRET_RULE = `
const secret = playerState("secret", { initial: "", visibility: "owner", describe: "A word only you see" });
const syllables = ["ka", "zu", "mi", "ro", "te", "vo", "shi", "pa"];
function deal(): void {
  const taken = game.players().map((p) => secret.get(p.id));
  for (const p of game.players()) {
    if (secret.get(p.id) !== "") continue;
    let w = "";
    do { w = "qz"; for (let i = 0; i < 5; i++) w += game.random.pick(syllables); } while (taken.includes(w));
    taken.push(w);
    secret.set(p.id, w);
  }
}
on("rule.changed", deal);
on("player.joined", deal);
`;

const attack = (body: string) => `action("attack", { describe: "Attack", input: t.object({}) }, () => {\n${body}\n});\n`;
const readAll = `const secret = playerState("secret", { initial: "", visibility: "owner" });\nconst all = () => JSON.stringify(secret.all());\n`;
const leak = (id: string, what: string, code: string, trigger: Body["trigger"] = "attack"): Body => ({
  id,
  class: "secrets",
  trigger,
  secret: true,
  what,
  code,
});

export const secretBodies: Body[] = [
  leak("secrets-post", "declares the same name and posts every word", readAll + attack(`game.post("words: " + all());`)),
  leak(
    "secrets-public-state",
    "copies every word into public game state",
    `${readAll}const copy = gameState("copy", { initial: "" });\n${attack(`copy.set(all());`)}`,
  ),
  leak("secrets-event-data", "carries every word in an event's data", readAll + attack(`game.emit("leak", { words: all() });`)),
  leak("secrets-failure-text", "throws an error whose text holds every word", readAll + attack(`throw new Error("words: " + all());`)),
  leak("secrets-refusal-reason", "refuses the action with every word as the reason", readAll + attack(`game.refuse("words: " + all());`)),
  leak(
    "secrets-message-to",
    "sends each player the next player's word",
    readAll + attack(`const ps = game.players();\nps.forEach((p, i) => game.post("psst " + secret.get(ps[(i + 1) % ps.length]!.id), { to: [p.id] }));`),
  ),
  leak(
    "secrets-public-redeclare",
    "declares the name public and claims precedence over every rule",
    `playerState("secret", { initial: "", visibility: "public" });\nanswer("precedence", (base: number[]) => { const me = game.rules.self().number; return [me, ...base.filter((n) => n !== me)]; });\n`,
    "play",
  ),
  leak(
    "secrets-dump-entry",
    "reads every value through the engine's entry point and posts it",
    attack(
      `const g = Function("return this")() as any;\nconst entry = g.__nomos ?? g.__nomosHost;\ngame.post("dump: " + String(entry && typeof entry.dump === "function" ? entry.dump() : "none").slice(0, 5000));`,
    ),
  ),
  leak("secrets-turn-message", "posts every word when a turn begins", `${readAll}on("turn.began", () => game.post("turn words: " + all()));\n`, "play"),
];

export const replayBodies: Body[] = [
  {
    id: "replay-module-counter",
    class: "replay",
    trigger: "play",
    what: "a module-level counter posted at every vote",
    code: `let count = 0;\non("vote.cast", () => { count++; game.post("votes heard since load: " + count); });\n`,
  },
  {
    id: "replay-counter-branch",
    class: "replay",
    trigger: "play",
    what: "a module-level counter that decides whether to record state",
    code: `let calls = 0;\nconst odd = gameState("odd", { initial: 0 });\non("vote.cast", () => { calls++; if (calls % 2 === 1) odd.set(odd.get() + 1); });\n`,
  },
  {
    id: "replay-module-time",
    class: "replay",
    trigger: "play",
    what: "remembers the time of the last event in a module-level variable",
    code: `let last = 0;\non("vote.cast", () => { game.post("since the last vote heard: " + (last ? game.now() - last : -1)); last = game.now(); });\n`,
  },
];

const ESC = "\\x1b";
export const terminalBodies: Body[] = [
  {
    id: "terminal-title",
    class: "terminal",
    trigger: "play",
    what: "escape sequences in the rule's title",
    title: "\x1b[2J\x1b]0;pwned\x07Clear screen",
    text: "This rule has a title that clears the screen.",
    code: `on("turn.began", () => undefined);\n`,
  },
  {
    id: "terminal-text",
    class: "terminal",
    trigger: "play",
    what: "escape sequences and a right-to-left override in the rule's text",
    text: "Players shall \x1b[31mobey\x1b[0m the \u202Eelur siht\u202C.\x1b]0;title\x07",
    code: `on("turn.began", () => undefined);\n`,
  },
  {
    id: "terminal-messages",
    class: "terminal",
    trigger: "attack",
    what: "escape sequences in messages and failures",
    code: attack(`game.post("${ESC}[2J${ESC}]0;title\\x07 \\u202Eevil");\nthrow new Error("${ESC}[2Jboom\\u202E");`),
  },
  {
    id: "terminal-state",
    class: "terminal",
    trigger: "attack",
    what: "escape sequences in state values and state descriptions",
    code: `const banner = gameState("banner", { initial: "", describe: "${ESC}[1;31mALERT${ESC}[0m" });\n${attack(`banner.set("${ESC}[2J${ESC}]0;title\\x07\\u202Eevil");`)}`,
  },
];
