/**
 * The guest's whole memory: one WebAssembly memory that grows no larger than
 * `sandboxMemoryBytes`, and that says when it could not grow.
 *
 * QuickJS's own limit (setMemoryLimit) cannot bound the heap: built with Emscripten it counts 8
 * bytes for each allocation whatever its size, so it refuses one allocation over the limit but
 * never a sum of them (quickjs-emscripten issue 271). So the memory has a maximum, and past it
 * malloc fails and QuickJS throws its "out of memory".
 *
 * That error is an ordinary exception: rule code could catch it (and the guest runtime catches a
 * handler's errors to record them), go on, and so measure how much memory is free, which depends
 * on what earlier acts left in the heap and differs between a game in play and its replay.
 * Emscripten grows the memory through this object's `grow`; a refusal there is recorded, and the
 * guest (quickjs-guest.ts) then stops the act whatever the code does: out of memory is
 * uncatchable, charged to the rule running, and recorded as a stop that replays honour.
 */
const wasmPage = 65536;

export interface GuestMemory {
  readonly memory: WebAssembly.Memory;
  /** Called when the memory is refused growth (the guest sets it: quickjs-guest.ts). */
  onRefused: (() => void) | null;
}

export function guestMemory(maximumBytes: number): GuestMemory {
  const memory = new WebAssembly.Memory({
    // The module's own initial size, 16 MiB (its stack and data included): it may not start smaller.
    initial: 256,
    maximum: Math.max(256, Math.floor(maximumBytes / wasmPage)),
  });
  const guarded: GuestMemory = { memory, onRefused: null };
  const grow = memory.grow.bind(memory);
  // Emscripten asks for a fifth more than it needs first, then less; any refusal is taken as
  // running out, so a heap stops growing at about five sixths of the maximum. Where it stops
  // depends on history either way; what matters is that the act stops.
  memory.grow = (delta: number): number => {
    try {
      return grow(delta);
    } catch (err) {
      guarded.onRefused?.();
      throw err;
    }
  };
  return guarded;
}
