/** Random numbers: sfc32, seeded by the host for each act; every draw is recorded. */
import { emitEffect } from "./act.js";

let rng: () => number = () => {
  throw new Error("no random source outside an act");
};

export function seed(seedHex: string): void {
  const words = [0, 1, 2, 3].map((i) => parseInt(seedHex.slice(i * 8, i * 8 + 8), 16) >>> 0);
  let [a, b, c, d] = words as [number, number, number, number];
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const r = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const out = (r + d) | 0;
    c = (c + out) | 0;
    return (out >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  rng = next;
}

function drawInt(min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** `game.random` for one rule. */
export function draw(rule: number, stamp: (what: string) => void) {
  return Object.freeze({
    int: (min: number, max: number) => {
      stamp("drawing a random number");
      if (!Number.isInteger(min) || !Number.isInteger(max) || min > max || max - min > 4294967295)
        throw new Error(`Rule ${rule}: random.int needs whole numbers min <= max`);
      const value = drawInt(min, max);
      emitEffect({ e: "random", rule, draw: `int(${min}, ${max})`, value });
      return value;
    },
    pick: <T>(items: readonly T[]) => {
      stamp("drawing a random number");
      if (!Array.isArray(items) || items.length === 0) throw new Error(`Rule ${rule}: random.pick needs a non-empty list`);
      const i = drawInt(0, items.length - 1);
      emitEffect({ e: "random", rule, draw: `pick(${items.length})`, value: i });
      return items[i];
    },
    shuffle: <T>(items: readonly T[]) => {
      stamp("drawing a random number");
      if (!Array.isArray(items)) throw new Error(`Rule ${rule}: random.shuffle needs a list`);
      const out = Array.prototype.slice.call(items) as T[];
      const perm = out.map((_, i) => i);
      for (let i = out.length - 1; i > 0; i--) {
        const j = drawInt(0, i);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
        [perm[i], perm[j]] = [perm[j] as number, perm[i] as number];
      }
      emitEffect({ e: "random", rule, draw: `shuffle(${out.length})`, value: perm });
      return out;
    },
  });
}
