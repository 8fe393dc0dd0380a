/** What the notifier reads of a game, through the hub: the same answer about what play awaits that its pages read. */
import type { GameHub } from "../hub.js";
import type { GameNow } from "./duties.js";

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
    return { id, name: state.name, seq: state.seq, over, awaits, aheadMs: state.practice?.aheadMs ?? 0 };
  });
}
