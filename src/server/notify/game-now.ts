/** What the notifier reads of a game, through the hub: the same answer about what play awaits that its pages read. */
import { viewFor } from "../../kernel/visibility.js";
import { declaredRecords, keyedEntriesOf, isOpen } from "../../present/records.js";
import type { GameHub } from "../hub.js";
import type { GameNow } from "./duties.js";
import type { Outcome } from "./notices.js";

/** The proposals decided and cases ruled on, as a page of no one in particular shows their records. */
function outcomesOf(state: Parameters<typeof viewFor>[0]): Outcome[] {
  const states = viewFor(state, null).state;
  const out: Outcome[] = [];
  for (const kind of ["proposal", "case"])
    for (const record of declaredRecords(states, kind)) {
      const field = record.convention.open?.field;
      if (!field) continue;
      for (const { key, entry } of keyedEntriesOf(states.find((s) => s.name === record.name)?.value)) {
        if (isOpen(record.convention, entry)) continue;
        const number = typeof entry.number === "number" ? entry.number : key;
        out.push({ kind, number: String(number), status: String(entry[field] ?? "decided").slice(0, 100) });
      }
    }
  return out;
}

export async function gameNow(hub: GameHub, id: string): Promise<GameNow | undefined> {
  const game = await hub.get(id);
  if (!game) return undefined;
  return hub.read(game, async (g) => {
    // Asked for no one in particular: a private channel's name is left out, as on a page of someone who cannot read it.
    const { awaits } = await g.standing(null);
    const { state } = g;
    const winners = (state.result?.winners ?? []).map((w) => state.players.find((p) => p.id === w)?.name ?? w);
    const over =
      state.status !== "over" ? null : `${winners.length ? `won by ${winners.join(" and ")}` : "nobody won"}${state.result ? ` (${state.result.reason})` : ""}`;
    return { id, name: state.name, seq: state.seq, over, awaits, aheadMs: state.practice?.aheadMs ?? 0, outcomes: outcomesOf(state) };
  });
}
