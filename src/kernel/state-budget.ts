/**
 * How much state a game holds, followed effect by effect through one act as fold would
 * apply it: the size of all values (about their JSON length), of its channels' records
 * (rules open them, so they count as the rules' state), and the entries of each record.
 * Only what the act touches is measured; the game's total, and the size of each game state
 * an act touched, are measured once per state and then carried from act to act, so a check
 * costs what the act changes: setting one entry of a large record does not measure the record.
 */
import { jsonSize, stringSize } from "./json-size.js";
import { limits } from "./limits.js";
import { own } from "./own.js";
import type { GameState, Json } from "./types.js";

interface GameSlot {
  value: Json | undefined;
  /** Size of the slot: name and value. */
  size: number;
  /** Entries set (their size) or deleted (null) in this act, for a record value. */
  entries: Map<string, number | null>;
  /** Entries of a record value (-1 for a value that is not a record), now and before the act. */
  count: number;
  countBefore: number;
}

/** The size and entries of a game state's slot (GameSlot's `size` and `count`). */
type SlotSize = { size: number; count: number };

/**
 * The game's total state size after act `seq`, and the sizes of the game slots known then, for
 * the states checked lately (before and after the last act checked: that act may not be kept).
 */
const carried = new WeakMap<object, { seq: number; total: number; slots: ReadonlyMap<string, SlotSize> }[]>();

function measured(value: Json | undefined): number {
  if (value === undefined) return 0;
  const size = jsonSize(value, Number.MAX_SAFE_INTEGER, limits.jsonDepth * 4);
  return typeof size === "number" ? size : (JSON.stringify(value)?.length ?? 0);
}

const isRecord = (v: Json | undefined): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);
const gameSlotSize = (name: string, valueSize: number) => stringSize(name) + 2 + valueSize;
const playerSlotSize = (name: string, player: string, valueSize: number) => stringSize(name) + stringSize(player) + 4 + valueSize;

function totalOf(state: Readonly<GameState>): number {
  let total = 0;
  for (const [name, value] of Object.entries(state.values.game)) total += gameSlotSize(name, measured(value));
  for (const [name, values] of Object.entries(state.values.player)) {
    for (const [player, value] of Object.entries(values)) total += playerSlotSize(name, player, measured(value));
  }
  for (const channel of Object.values(state.channels ?? {})) total += measured(channel as unknown as Json);
  return total;
}

export class StateBudget {
  private readonly before: number;
  private total: number;
  private readonly game = new Map<string, GameSlot>();
  private readonly player = new Map<string, number>();
  private readonly channels = new Map<string, number>();
  /** Sizes of game slots as the act before left them. */
  private readonly known: ReadonlyMap<string, SlotSize>;

  constructor(private readonly state: Readonly<GameState>) {
    const known = carried.get(state)?.find((t) => t.seq === state.seq);
    this.before = this.total = known ? known.total : totalOf(state);
    this.known = known?.slots ?? new Map();
  }

  /** The game's state size (about its JSON length) with the act's changes so far. */
  get size(): number {
    return this.total;
  }

  /** A value set: of game state, of a player's state, or of one entry of a record. Returns a problem or null. */
  set(name: string, player: string | undefined, key: string | undefined, value: Json, valueSize: number): string | null {
    if (key !== undefined) return this.entry(name, key, valueSize);
    if (player !== undefined) {
      const slot = `${name}\u0000${player}`;
      const old =
        this.player.get(slot) ??
        (() => {
          const v = own(own(this.state.values.player, name), player);
          return v === undefined ? 0 : playerSlotSize(name, player, measured(v));
        })();
      const size = playerSlotSize(name, player, valueSize);
      this.player.set(slot, size);
      this.total += size - old;
      return null;
    }
    const slot = this.slot(name);
    const size = gameSlotSize(name, valueSize);
    this.total += size - slot.size;
    const count = isRecord(value) ? Object.keys(value).length : -1;
    this.game.set(name, { value, size, entries: new Map(), count, countBefore: slot.countBefore });
    return this.entriesProblem(name, count, slot.countBefore);
  }

  /** A channel opened, or opened again with another record (its size as JSON). */
  channel(id: string, size: number): void {
    const old = this.channels.get(id) ?? measured(own(this.state.channels ?? {}, id) as unknown as Json | undefined);
    this.channels.set(id, size);
    this.total += size - old;
  }

  /** An entry deleted from a record. */
  delete(name: string, key: string): string | null {
    return this.entry(name, key, null);
  }

  /** Why the state after the act is too large, or null; remembered for the next act when not. */
  finish(): string | null {
    if (this.total > limits.stateChars && this.total > this.before) {
      return `the game's state would grow to ${this.total.toLocaleString("en")} characters, over its limit of ${limits.stateChars.toLocaleString("en")}`;
    }
    const seq = this.state.seq;
    const slots = new Map(this.known);
    for (const [name, slot] of this.game) slots.set(name, { size: slot.size, count: slot.count });
    carried.set(this.state, [
      { seq, total: this.before, slots: this.known },
      { seq: seq + 1, total: this.total, slots },
    ]);
    return null;
  }

  private slot(name: string): GameSlot {
    const known = this.game.get(name);
    if (known) return known;
    const value = own(this.state.values.game, name);
    const { size, count } = this.known.get(name) ?? {
      size: value === undefined ? 0 : gameSlotSize(name, measured(value)),
      count: isRecord(value) ? Object.keys(value).length : -1,
    };
    const slot: GameSlot = { value, size, entries: new Map(), count, countBefore: count };
    this.game.set(name, slot);
    return slot;
  }

  private entry(name: string, key: string, valueSize: number | null): string | null {
    let slot = this.slot(name);
    if (!isRecord(slot.value)) {
      // Fold makes a record of a value that is not one, dropping the value.
      this.total -= slot.size;
      slot = { value: {}, size: gameSlotSize(name, 2), entries: new Map(), count: 0, countBefore: slot.countBefore };
      this.game.set(name, slot);
      this.total += slot.size;
    }
    const record = slot.value as Record<string, Json>;
    const old = slot.entries.has(key) ? slot.entries.get(key)! : Object.hasOwn(record, key) ? stringSize(key) + 2 + measured(record[key]) : null;
    const size = valueSize === null ? null : stringSize(key) + 2 + valueSize;
    slot.entries.set(key, size);
    slot.size += (size ?? 0) - (old ?? 0);
    this.total += (size ?? 0) - (old ?? 0);
    if (old === null && size !== null) slot.count++;
    if (old !== null && size === null) slot.count--;
    return this.entriesProblem(name, slot.count, slot.countBefore);
  }

  private entriesProblem(name: string, count: number, before: number): string | null {
    if (count <= limits.recordEntries || count <= before) return null;
    return `the state "${name}" would hold ${count.toLocaleString("en")} entries, over its limit of ${limits.recordEntries.toLocaleString("en")}`;
  }
}
