// Hand play: quantities kept by officers. A rule of the hand-play kit (see proposals.ts): the
// points, currencies and other quantities a ruleset's text defines, kept by hand until the
// group gives the rule that defines them its code.
//
// Reading: any officer (a holder of an office, "office.held") sets or adds to a quantity of
// a player, naming the quantity as the text does ("points", "Groks"), with a reason and the
// rule that defines or changes it. Every such act is kept in a ledger, and each player's
// quantities show beside their name. The kit knows no quantity: the text's words are used.

const quantities = playerState<{ [quantity: string]: number }>("quantities", {
  initial: {},
  describe: "Each player's quantities (points, currencies…), as the officers keep them",
  display: { label: "Quantities" },
});
interface Entry {
  number: number;
  by: PlayerId;
  player: PlayerId;
  quantity: string;
  change: "set" | "add";
  amount: number;
  value: number;
  reason: string;
  rule: number;
  at: number;
}
const ledger = recordState<Entry>("ledger", {
  describe: "Every quantity an officer recorded, why, and by which rule",
  display: {
    label: "Ledger",
    empty: "No quantity recorded yet",
    columns: [
      { field: "at", label: "When", format: "time" },
      { field: "player", label: "Player", format: "player" },
      { field: "quantity", label: "Quantity" },
      { field: "change", label: "Change" },
      { field: "amount", label: "Amount", format: "number" },
      { field: "value", label: "Now", format: "number" },
      { field: "reason", label: "Why" },
      { field: "by", label: "Recorded by", format: "player" },
      { field: "rule", label: "Rule", format: "rule" },
    ],
  },
});

action(
  "record-quantity",
  {
    describe: "An officer: set or add to a player's quantity (points, a currency…) as the rules say, citing the rule",
    input: t.object({
      player: t.player({ describe: "Whose quantity" }),
      quantity: t.string({ minLength: 1, maxLength: 40, describe: 'As the rules name it: "points", "Groks"' }),
      change: t.enum(["add", "set"]),
      amount: t.number({ minimum: -1e12, maximum: 1e12, describe: "How much to add (negative to take away), or the new value" }),
      reason: t.string({ minLength: 1, maxLength: 1000, describe: "Why, in words" }),
      rule: t.integer({ minimum: 0, describe: "The rule that says so" }),
    }),
  },
  (input, { actor }) => {
    const held = game.ask<string[]>("office.held", { player: actor })?.value ?? [];
    if (!game.rules.get(input.rule)) game.refuse(`there is no rule ${input.rule} in effect to cite`);
    const quantity = input.quantity.trim();
    if (!quantity) game.refuse("name the quantity, as the rules name it");
    const before = quantities.get(input.player)[quantity] ?? 0;
    const value = input.change === "add" ? before + input.amount : input.amount;
    quantities.update(input.player, (now) => ({ ...now, [quantity]: value }));
    const number = Math.max(0, ...ledger.keys().map(Number)) + 1;
    ledger.set(number, {
      number,
      by: actor,
      player: input.player,
      quantity,
      change: input.change,
      amount: input.amount,
      value,
      reason: input.reason,
      rule: input.rule,
      at: game.now(),
    });
    const name = (id: PlayerId) => game.player(id)?.name ?? id;
    game.post(`${name(actor)} (${held.join(", ")}) records ${name(input.player)}'s ${quantity}: ${before} → ${value}, by Rule ${input.rule}: ${input.reason}`);
    game.emit("quantity.recorded", { player: input.player, quantity, value, rule: input.rule });
  },
);

// Only officers keep quantities: asked before any input, so the page offers this action to officers only.
forbid("record-quantity", (_input, { actor }) => {
  const held = game.ask<string[]>("office.held", { player: actor });
  if (!held) return "no rule names the officers, who keep the quantities";
  return held.value.length ? undefined : "only an officer records quantities, and you hold no office";
});
