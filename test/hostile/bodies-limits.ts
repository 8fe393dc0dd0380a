/** Limits: work, memory, state, timers and effects beyond what one rule may spend. */
import type { Body } from "./bodies.js";

const attack = (body: string) => `action("attack", { describe: "Attack", input: t.object({}) }, () => {\n${body}\n});\n`;

export const limitsBodies: Body[] = [
  {
    id: "limits-array-join",
    class: "limits",
    trigger: "attack",
    what: 'work inside a built-in: new Array(2**28).join("")',
    code: attack(`game.post(String(new Array(2 ** 28).join("").length));`),
  },
  {
    id: "limits-fill-join",
    class: "limits",
    trigger: "attack",
    what: "a 10-million-element array filled and joined",
    code: attack(`game.post(String(new Array(1e7).fill("xy").join(",").length));`),
  },
  {
    id: "limits-regex",
    class: "limits",
    trigger: "attack",
    what: "a catastrophic regular expression",
    code: attack(`game.post(String(/^(a+)+$/.test("a".repeat(40) + "b")));`),
  },
  {
    id: "limits-recursion",
    class: "limits",
    trigger: "attack",
    what: "endless recursion",
    code: attack(`const f = (n: number): number => f(n + 1) + 1;\ngame.post(String(f(0)));`),
  },
  {
    id: "limits-huge-string",
    class: "limits",
    trigger: "attack",
    what: '"x".repeat doubled past the memory limit',
    code: attack(`let s = "x".repeat(2 ** 26);\nfor (let i = 0; i < 6; i++) s = s + s;\ngame.post(String(s.length));`),
  },
  {
    id: "limits-module-memory",
    class: "limits",
    trigger: "play",
    what: "a module-level array that grows by 16 MB at every event it hears",
    code: `const keep: string[] = [];\nconst grow = () => { for (let i = 0; i < 16; i++) keep.push("x".repeat(1 << 20) + keep.length); };\nfor (const e of ["proposal.opened", "vote.cast", "turn.began", "points.changed", "proposal.closed"]) on(e, grow);\n`,
  },
  {
    id: "limits-caught-out-of-memory",
    class: "limits",
    trigger: "play",
    // A CLI command is a process of its own, whose heap holds no garbage of earlier acts.
    serverOnly: true,
    what: "leaves 48 MB of garbage QuickJS is slow to collect (a cycle) at every event, catches running out of memory, and posts how much was free (which differs between play and replay)",
    code: `const grab = () => {\n  let free = 0;\n  try {\n    for (let i = 0; i < 3; i++) {\n      const cycle: { buffer: ArrayBuffer; self?: unknown } = { buffer: new ArrayBuffer(1 << 24) };\n      cycle.self = cycle;\n      free += 16;\n    }\n  } catch (e) {\n    game.post(\`caught \${String(e)} after \${free} MB\`);\n  }\n};\nfor (const e of ["proposal.opened", "vote.cast", "turn.began", "proposal.closed"]) on(e, grab);\n`,
  },
  {
    id: "limits-state-20mb",
    class: "limits",
    trigger: "attack",
    what: "a state value of 20 MB",
    code: `const big = gameState("big", { initial: "" });\n${attack(`big.set("x".repeat(20 * 1024 * 1024));`)}`,
  },
  {
    id: "limits-record-millions",
    class: "limits",
    trigger: "attack",
    what: "a record state with millions of keys",
    code: `const many = recordState<number>("many");\n${attack(`for (let i = 0; i < 3000000; i++) many.set(i, i);`)}`,
  },
  {
    id: "limits-timers-storm",
    class: "limits",
    trigger: "attack",
    what: "hundreds of thousands of timers",
    code: attack(`for (let i = 0; i < 300000; i++) game.schedule("t" + (i % 7), { after: 3600000 + i });`),
  },
  {
    id: "limits-timer-rearm",
    class: "limits",
    trigger: "attack",
    what: "a timer that re-arms itself for now from its own handler",
    code: `on("timer:again", () => { game.schedule("again", { after: 0 }); });\n${attack(`game.schedule("again", { after: 0 });`)}`,
  },
  {
    id: "limits-post-storm",
    class: "limits",
    trigger: "attack",
    what: "a hundred thousand messages in one act",
    code: attack(`for (let i = 0; i < 100000; i++) game.post("spam " + i);`),
  },
  { id: "limits-huge-post", class: "limits", trigger: "attack", what: "one message of 5 million characters", code: attack(`game.post("x".repeat(5000000));`) },
  {
    id: "limits-emit-storm",
    class: "limits",
    trigger: "attack",
    what: "an event that emits itself twice (a storm of events)",
    code: `on("ping", () => { game.emit("ping", { pad: "x".repeat(1000) }); game.emit("ping", { pad: "y".repeat(1000) }); });\n${attack(`game.emit("ping", {});`)}`,
  },
  {
    id: "limits-random-draws",
    class: "limits",
    trigger: "attack",
    what: "a million random draws, each recorded",
    code: attack(`let sum = 0;\nfor (let i = 0; i < 1000000; i++) sum += game.random.int(1, 6);\ngame.post(String(sum));`),
  },
  {
    id: "limits-loop-after-adoption",
    class: "limits",
    trigger: "play",
    what: "top-level code that loops forever once the rule is in the ruleset",
    code: `if (game.rules.all().some((r) => r.number === game.rules.self().number)) { for (;;) {} }\non("turn.began", () => undefined);\n`,
  },
  {
    id: "limits-loop-when-armed",
    class: "limits",
    trigger: "attack",
    what: "top-level code that loops forever once its own state is set",
    code: `const armed = gameState("armed", { initial: false });\nif (armed.get()) { for (;;) {} }\n${attack(`armed.set(true);`)}`,
  },
  {
    id: "limits-slow-types",
    class: "limits",
    trigger: "play",
    what: "a TypeScript type that is slow to type-check",
    code: `type D<T, N extends 0[] = []> = N["length"] extends 24 ? T : D<{ a: T; b: [T, T] } | { c: T }, [...N, 0]>;\nconst x: D<string> = null as unknown as D<number>;\non("turn.began", () => game.post(String(x === null)));\n`,
  },
  {
    id: "limits-sort-builtin",
    class: "limits",
    trigger: "attack",
    what: "sorting millions of strings inside the built-in sort",
    code: attack(`const a: string[] = [];\nfor (let i = 0; i < 2000000; i++) a.push(String((i * 7919) % 1000003));\na.sort();\ngame.post(a[0] ?? "");`),
  },
  {
    // The sandbox and the host must count an act's size alike: quotes and control characters take
    // more room as JSON than as text, and each record entry's effect more than its value.
    id: "limits-escaped-entries",
    class: "limits",
    trigger: "attack",
    what: "writes 1,500 record entries of 400 characters that double as JSON (quotes and control characters)",
    serverOnly: true,
    code: `const table = recordState<string>("escaped-table");\n${attack(`for (let i = 0; i < 1500; i++) table.set("k" + i, '"'.repeat(200) + "\\u0001".repeat(200));`)}`,
  },
  {
    id: "limits-many-small-entries",
    class: "limits",
    trigger: "attack",
    what: "writes 9,000 record entries of one number each under long names (the effects, not the values, are large)",
    serverOnly: true,
    code: `const table = recordState<number>("a-record-whose-name-is-long-enough-to-count-for-something-in-every-effect");\n${attack(`for (let i = 0; i < 9000; i++) table.set("an-entry-key-that-is-also-quite-long-" + i, i);`)}`,
  },
];
