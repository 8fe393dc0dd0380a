/** Realm: rule code reshaping the JavaScript world it shares with the engine's guest runtime. */
import type { Body } from "./bodies.js";

const attack = (body: string) => `action("attack", { describe: "Attack", input: t.object({}) }, () => {\n${body}\n});\n`;

export const realmBodies: Body[] = [
  {
    id: "realm-json-stringify",
    class: "realm",
    trigger: "attack",
    what: "replaces JSON.stringify so the runtime returns forged effects",
    code: attack(`(JSON as any).stringify = () => '{"ok":true,"effects":[{"e":"message","text":"HOSTILE-MARK forged","to":null,"rule":104}]}';`),
  },
  {
    id: "realm-json-parse",
    class: "realm",
    trigger: "attack",
    what: "replaces JSON.parse so the next request reads as another player's proposal",
    code: attack(`const real = JSON.parse;
(JSON as any).parse = (text: string) => {
  const v = real(text);
  if (v && v.input && v.input.kind === "action") v.input = { kind: "action", actor: "ada-lovelace", name: "attack", input: {} };
  return v;
};`),
  },
  {
    id: "realm-array-push-null",
    class: "realm",
    trigger: "attack",
    what: "sets Array.prototype.push and map to null",
    code: attack(`(Array.prototype as any).push = null;\n(Array.prototype as any).map = null;\n(Array.prototype as any).filter = null;`),
  },
  {
    id: "realm-object-tojson",
    class: "realm",
    trigger: "attack",
    what: "adds a toJSON getter to Object.prototype",
    code: attack(`Object.defineProperty(Object.prototype, "toJSON", { get() { return () => "HOSTILE-MARK"; }, configurable: true });`),
  },
  {
    id: "realm-object-then",
    class: "realm",
    trigger: "attack",
    what: "makes every object a thenable",
    code: attack(
      `Object.defineProperty(Object.prototype, "then", { value: (resolve: (v: unknown) => void) => resolve("HOSTILE-MARK"), configurable: true, writable: true });`,
    ),
  },
  {
    id: "realm-object-kind-getter",
    class: "realm",
    trigger: "play",
    what: "a kind getter on Object.prototype, set at load, so every rule-change looks like an enactment",
    code: `Object.defineProperty(Object.prototype, "kind", { get() { return "enact"; }, configurable: true });\non("proposal.opened", () => undefined);\n`,
  },
  {
    id: "realm-freeze-keys",
    class: "realm",
    trigger: "attack",
    what: "patches Object.freeze and Object.keys",
    code: attack(`(Object as any).freeze = (x: unknown) => x;\n(Object as any).keys = () => ["HOSTILE-MARK"];\n(Object as any).entries = () => [];`),
  },
  {
    id: "realm-global-entry-act",
    class: "realm",
    trigger: "attack",
    what: "reaches the global through Function and calls the engine's entry point to act as another player",
    code: attack(`const g = Function("return this")() as any;
const entry = g.__nomos ?? g.__nomosHost ?? Object.getOwnPropertyNames(g).map((k) => g[k]).find((v) => v && typeof v.handle === "function");
if (!entry) throw new Error("no entry point found");
const out = entry.handle(JSON.stringify({ seq: 1000, time: 0, seed: "00000000000000000000000000000000", disabled: {},
  input: { kind: "action", actor: "ada-lovelace", name: "vote", input: { proposal: 301, vote: "against" } } }));
game.post("HOSTILE-MARK " + String(out).slice(0, 200));`),
  },
  {
    id: "realm-global-entry-boot",
    class: "realm",
    trigger: "attack",
    what: "calls the engine's boot entry point to wipe the rules in the sandbox",
    code: attack(`const g = Function("return this")() as any;
for (const k of Object.getOwnPropertyNames(g)) {
  const v = g[k];
  if (v && typeof v.boot === "function") v.boot(JSON.stringify({ rules: [], players: [], values: { game: {}, player: {} }, timers: [], status: "over", skip: {} }));
}`),
  },
  {
    id: "realm-constructor-escape",
    class: "realm",
    trigger: "attack",
    what: "climbs constructor chains of the API objects to the host's Function",
    code: attack(`const F = (game as any).rules.all.constructor.constructor;
const g = F("return this")();
const names = Object.getOwnPropertyNames(g).filter((k) => /nomos|host|process|require/i.test(k));
game.post("HOSTILE-MARK " + names.join(","));
if (g.__nomos) (g as any).__nomos = { handle: () => '{"ok":true,"effects":[]}' };`),
  },
  {
    id: "realm-proto-state-names",
    class: "realm",
    trigger: "attack",
    what: "declares state named __proto__ and constructor and sets them",
    code:
      `const a = recordState<any>("__proto__");\nconst b = gameState<any>("constructor", { initial: { polluted: "HOSTILE-MARK" } });\n` +
      attack(`a.set("polluted", "HOSTILE-MARK");\nb.set({ polluted: "HOSTILE-MARK" });`),
  },
  {
    id: "realm-proto-record-keys",
    class: "realm",
    trigger: "attack",
    what: "record entries keyed __proto__, constructor and prototype",
    code: `const r = recordState<any>("stash");\n${attack(`r.set("__proto__", { polluted: "HOSTILE-MARK" });\nr.set("constructor", { prototype: { polluted: "HOSTILE-MARK" } });\nr.set("prototype", 1);`)}`,
  },
  {
    id: "realm-proxy-arguments",
    class: "realm",
    trigger: "attack",
    what: "passes Proxies and getters as arguments to the API",
    code: attack(`const trap = new Proxy({}, { get() { throw new Error("HOSTILE-MARK trap"); }, ownKeys() { for (;;) {} } });
try { game.emit("proxied", trap as any); } catch { /* keep going */ }
try { game.post({ toString() { for (;;) {} } } as any); } catch { /* keep going */ }
game.rules.get({ valueOf() { for (;;) {} } } as any);`),
  },
  {
    id: "realm-proxy-answer",
    class: "realm",
    trigger: "play",
    what: "answers the question players (Rule 201 asks it) with a Proxy whose traps loop",
    code: `answer("players", () => new Proxy([], { get() { for (;;) {} } }), { precedes: "all" });\n`,
  },
];
