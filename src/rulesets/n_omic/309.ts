// Rule 309: the currency of N_omic is the Grok. A player receives 50 Groks on joining, and
// Groks pass between players when the giver states the transfer and names the receiver
// (the `transfer` action). The giver must be a Player; any participant may receive.

const groks = playerState("groks", { initial: 0, describe: "Groks, N_omic's currency (Rule 309)", display: { label: "Groks" } });
const status = playerState("status", { initial: "player" });

on("player.joined", (event) => {
  const player: string = event.data.player;
  groks.set(player, groks.get(player) + 50);
  game.post(`${event.data.name} joins N_omic and receives 50 Groks.`);
});

action(
  "transfer",
  {
    describe: "Give some of your Groks to another participant",
    input: t.object({ to: t.player({ describe: "Who receives the Groks" }), groks: t.integer({ minimum: 1, describe: "How many Groks" }) }),
  },
  (input, { actor }) => {
    if (status.get(actor) !== "player") game.refuse("only a Player can give Groks; Reyalps are not Players");
    if (input.to === actor) game.refuse("you cannot give Groks to yourself");
    const to = game.player(input.to);
    if (!to) game.refuse(`there is no participant ${input.to} to receive Groks`);
    const have = groks.get(actor);
    if (have < input.groks) game.refuse(`you have ${have} Groks, not ${input.groks}`);
    groks.set(actor, have - input.groks);
    groks.set(to.id, groks.get(to.id) + input.groks);
    game.post(`${game.player(actor)?.name ?? actor} gives ${input.groks} Groks to ${to.name}.`);
  },
);
