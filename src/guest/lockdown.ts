/**
 * Freezes every intrinsic before any rule's code loads, so that no rule can change what
 * the runtime (or another rule) relies on: not JSON.stringify, not Array.prototype.push,
 * not Object.prototype. The walk starts from the global object and the intrinsics that
 * are reachable only from syntax (generators, iterators), and follows prototypes and
 * every property, accessors included. Rule code runs in strict mode, so a write to a
 * frozen object throws where the rule made it.
 */
export function lockdown(global: object): void {
  tameOverrideMistake(global as Record<string, unknown>);
  const roots: unknown[] = [
    global,
    function* () {},
    [][Symbol.iterator](),
    new Map().entries(),
    new Set().values(),
    ""[Symbol.iterator](),
    /x/[Symbol.matchAll]("x"),
    Object.getPrototypeOf(Uint8Array),
  ];
  // Async functions' intrinsics exist only beside promises. The QuickJS sandbox has none: there
  // an async function is an inert object of its own, with no prototype to freeze, and making one
  // leaves objects QuickJS cannot free, so the runtime could not be disposed cleanly. Node's vm
  // (the benchmarks' trusted sandbox) has promises, so there they are made and frozen.
  for (const source of typeof Promise === "function" ? ["(async function () {})", "(async function* () {})"] : []) {
    try {
      // biome-ignore lint/security/noGlobalEval: a fixed source, to reach intrinsics only syntax can make.
      roots.push((0, eval)(source));
    } catch {
      // not in this build
    }
  }
  const seen = reach(roots);
  for (const o of seen) {
    try {
      Object.freeze(o);
    } catch (err) {
      // A global object Node's vm made (the benchmarks' trusted sandbox) cannot be frozen:
      // its properties are made read-only instead. QuickJS freezes it.
      if (o !== global) throw err;
      for (const key of Reflect.ownKeys(o)) {
        const d = Object.getOwnPropertyDescriptor(o, key);
        if (d?.configurable) Object.defineProperty(o, key, "value" in d ? { ...d, writable: false, configurable: false } : { ...d, configurable: false });
      }
    }
  }
}

/** Everything frozen so far: the intrinsics, then each rule's API; a walk stops at them. */
const frozen = new WeakSet<object>();

/**
 * Freezes `root` and everything reachable from it (properties, accessors, prototypes): the
 * rule API's functions and objects, which are made once and outlive an act, so that no rule
 * can keep a value on them (`action.count = 1`) from one act to the next, where a replay or a
 * rebooted sandbox would not find it.
 */
export function harden<T>(root: T): T {
  for (const o of reach([root])) Object.freeze(o);
  return root;
}

/** The objects reachable from `roots` not frozen before, each marked frozen (the caller freezes them). */
function reach(roots: unknown[]): Set<object> {
  const seen = new Set<object>();
  const stack = [...roots];
  while (stack.length) {
    const o = stack.pop();
    if ((typeof o !== "object" && typeof o !== "function") || o === null || seen.has(o) || frozen.has(o)) continue;
    seen.add(o);
    frozen.add(o);
    stack.push(Object.getPrototypeOf(o));
    for (const key of Reflect.ownKeys(o)) {
      const d = Object.getOwnPropertyDescriptor(o, key);
      if (!d) continue;
      if ("value" in d) stack.push(d.value);
      else stack.push(d.get, d.set);
    }
  }
  return seen;
}

/**
 * Freezing a prototype makes its data properties read-only for objects that inherit
 * them too, so `this.name = "MyError"` in a subclass of Error, or `o.toString = f`, would
 * throw. For the properties code commonly sets this way, an accessor stands in: reading
 * gives the original, setting defines the property on the object being set.
 */
function tameOverrideMistake(global: Record<string, unknown>): void {
  const errors = ["Error", "EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError", "InternalError", "AggregateError"];
  const targets: [unknown, string[]][] = [
    [Object.prototype, ["constructor", "toString", "valueOf", "toLocaleString", "hasOwnProperty"]],
    [Function.prototype, ["constructor", "toString"]],
    [Array.prototype, ["constructor", "toString", "toLocaleString"]],
    ...errors.map((name): [unknown, string[]] => [
      (global[name] as { prototype?: unknown } | undefined)?.prototype,
      ["constructor", "name", "message", "toString"],
    ]),
  ];
  for (const [proto, keys] of targets) {
    if (!proto || (typeof proto !== "object" && typeof proto !== "function")) continue;
    for (const key of keys) {
      const d = Object.getOwnPropertyDescriptor(proto, key);
      if (!d || !("value" in d) || !d.configurable) continue;
      const value: unknown = d.value;
      Object.defineProperty(proto, key, {
        get() {
          return value;
        },
        set(this: object, next: unknown) {
          if (this === proto) throw new TypeError(`Cannot assign to read only property '${key}' of a shared object`);
          Object.defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
        },
        enumerable: d.enumerable ?? false,
        configurable: false,
      });
    }
  }
}
