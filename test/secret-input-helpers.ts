/**
 * A rule that takes sealed bids, for the tests of secret inputs (test/secret-inputs.test.ts,
 * test/web-secret-inputs.test.ts). The amount of a bid is read by the bidder and the
 * auctioneer (an office held by the player named in the state "auctioneer"), in the input,
 * the event the rule emits and the timer it sets; the lot is public. The bid is kept as
 * owner-only state; how many bids each placed is public (the scores report traces it).
 * A pledge's whole input is the actor's alone.
 */

/** An amount no time, id or count in a test is likely to contain. */
export const bidAmount = 7919357;
export const pledgeSum = 6113;

/** Whether `text` holds `n` as a number of its own (not inside a longer run of digits). */
export const holdsNumber = (text: string, n: number) => new RegExp(`(?<![0-9])${n}(?![0-9])`).test(text);

export const sealedBidRule = (auctioneer: string) => `
const auctioneer = gameState<string>("auctioneer", { initial: "${auctioneer}", describe: "Who opens the sealed bids" });
const bid = playerState<number>("sealed-bid", { initial: 0, visibility: "owner", describe: "Your sealed bid" });
const placed = playerState<number>("bids-placed", { initial: 0, describe: "Sealed bids placed" });
const pledged = playerState<number>("pledged", { initial: 0, visibility: "owner", describe: "What you pledged" });
const sealed: DataVisibility = { fields: { amount: { seenBy: "auctioneer" } } };
action(
  "bid",
  {
    describe: "Place a sealed bid on a lot",
    input: t.object({ lot: t.string({ minLength: 1, maxLength: 40 }), amount: t.integer({ minimum: 1 }) }),
    inputVisibility: sealed,
  },
  (input, { actor }) => {
    game.schedule("bids.open", { after: 86400000 }, { describe: "the sealed bids are opened", amount: input.amount }, { visibility: { fields: { amount: "actor" } } });
    game.emit("bid.placed", { bidder: actor, lot: input.lot, amount: input.amount }, { visibility: sealed });
    bid.set(actor, input.amount);
    placed.update(actor, (n) => n + 1);
  },
);
on("timer:bids.open", (e) => game.emit("bids.opened", { amount: e.data.amount }, { visibility: "hidden" }));
action("pledge", { describe: "Pledge a sum only you know", input: t.object({ sum: t.integer({ minimum: 1 }) }), inputVisibility: "actor" }, (input, { actor }) => {
  pledged.set(actor, input.sum);
});
`;
